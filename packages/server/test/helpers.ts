import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Handler } from '../src/handler.js';

/** A response read to the end. */
export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Serves `handler` on 127.0.0.1:0. */
export async function serve(handler: Handler): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends one request (http or https) and reads the whole answer. */
export function fetchText(url: string, options: RequestOptions & { body?: string } = {}): Promise<Reply> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, { agent: false, ...options }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Parses a JSON body. */
export function json(reply: Reply): Record<string, unknown> {
  return JSON.parse(reply.body) as Record<string, unknown>;
}

/** A temporary directory removed by `cleanup`. */
export function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'apiserver-server-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Creates a CA, a server certificate for 127.0.0.1 and a client certificate (CN/O) with the openssl CLI. */
export function makeCertificates(dir: string, subject: string): Record<'caCert' | 'caKey' | 'serverCert' | 'serverKey' | 'clientCert' | 'clientKey' | 'rogueCert' | 'rogueKey', string> {
  const p = (name: string): string => join(dir, name);
  const run = (args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'pipe' });
  };
  const ext = p('san.ext');
  execFileSync('sh', ['-c', `printf 'subjectAltName=IP:127.0.0.1\\n' > ${ext}`]);
  run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', p('ca.key'), '-out', p('ca.crt'), '-days', '2', '-subj', '/CN=test-ca']);
  const leaf = (name: string, subj: string, ca: string, caKey: string, extFile?: string): void => {
    run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', p(`${name}.key`), '-out', p(`${name}.csr`), '-subj', subj]);
    run(['x509', '-req', '-in', p(`${name}.csr`), '-CA', ca, '-CAkey', caKey, '-CAcreateserial', '-out', p(`${name}.crt`), '-days', '2', ...(extFile === undefined ? [] : ['-extfile', extFile])]);
  };
  leaf('server', '/CN=127.0.0.1', p('ca.crt'), p('ca.key'), ext);
  leaf('client', subject, p('ca.crt'), p('ca.key'));
  run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', p('rogue.key'), '-out', p('rogue.crt'), '-days', '2', '-subj', '/CN=mallory']);
  return {
    caCert: p('ca.crt'),
    caKey: p('ca.key'),
    serverCert: p('server.crt'),
    serverKey: p('server.key'),
    clientCert: p('client.crt'),
    clientKey: p('client.key'),
    rogueCert: p('rogue.crt'),
    rogueKey: p('rogue.key'),
  };
}
