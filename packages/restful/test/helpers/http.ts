import { type IncomingHttpHeaders, type IncomingMessage, request as httpRequest, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A response as the client saw it. */
export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
}

/** One request to send. */
export interface Send {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string | number>;
  readonly body?: string | Buffer;
}

/** A started loopback server with a request helper. */
export interface TestServer {
  readonly server: Server;
  readonly port: number;
  send(request: Send): Promise<Reply>;
  close(): Promise<void>;
}

/** Starts `listener` on 127.0.0.1:0. */
export async function startServer(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    send: (request) => send(port, request),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends one request on a fresh connection and collects the reply (rejects on socket errors). */
export function send(port: number, request: Send): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: request.method ?? 'GET', path: request.path, headers: request.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (request.body !== undefined) req.end(request.body);
    else req.end();
  });
}
