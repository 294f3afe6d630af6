import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeServingCertificates, tempDir } from '@apiserver/testing';
import t from 'tap';
import { postWebhook, resolveWebhookEndpoint, timeoutQuery, WebhookTransportError } from '../../src/index.js';

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  servername: string | undefined;
}

/** The error a call that must fail rejects with. */
async function failure(call: Promise<unknown>): Promise<WebhookTransportError> {
  const outcome = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(outcome instanceof WebhookTransportError)) throw new Error(`expected a WebhookTransportError, got ${String(outcome)}`);
  return outcome;
}

async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

function echo(seen: Seen[], status = 200) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const socket = req.socket as { servername?: string | false };
      seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString(), servername: socket.servername || undefined });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{"answer":true}');
    });
  };
}

const dir = await tempDir('webhook-post-');
t.teardown(() => dir.remove());
const certs = makeServingCertificates(dir.path, { dnsNames: ['hook.webhooks.svc'], ips: ['127.0.0.1'] });

t.test('timeout query as Go prints durations', async (t) => {
  t.same([timeoutQuery(10_000), timeoutQuery(1500), timeoutQuery(500)], ['10s', '1.5s', '500ms']);
});

t.test('endpoint resolution', async (t) => {
  const byUrl = await resolveWebhookEndpoint({ url: 'https://example.test:8443/admit' });
  t.same([byUrl.url.href, byUrl.serverName], ['https://example.test:8443/admit', undefined]);
  const byDNS = await resolveWebhookEndpoint({ service: { namespace: 'ns', name: 'svc' } });
  t.same([byDNS.url.href, byDNS.serverName], ['https://svc.ns.svc/', 'svc.ns.svc'], 'port 443 and path "/" by default');
  const resolved = await resolveWebhookEndpoint({ service: { namespace: 'ns', name: 'svc', port: 8443, path: '/convert' } }, (namespace, name, port) => {
    t.same([namespace, name, port], ['ns', 'svc', 8443]);
    return new URL('https://127.0.0.1:9999');
  });
  t.same([resolved.url.href, resolved.serverName], ['https://127.0.0.1:9999/convert', 'svc.ns.svc']);
  await t.rejects(resolveWebhookEndpoint({}), /neither a url nor a service/);
});

t.test('a JSON POST over TLS trusting the caBundle', async (t) => {
  const seen: Seen[] = [];
  const server = createHttpsServer({ cert: certs.cert, key: certs.key }, echo(seen));
  const port = await listen(server);
  t.teardown(() => server.close());
  const answer = await postWebhook({ url: `https://127.0.0.1:${port}/admit`, caBundle: certs.caBundle }, { kind: 'AdmissionReview' }, { timeoutMillis: 10_000 });
  t.same([answer.status, answer.contentType, answer.body.toString()], [200, 'application/json', '{"answer":true}']);
  t.equal(seen[0]?.url, '/admit?timeout=10s');
  t.same([seen[0]?.headers['content-type'], seen[0]?.headers.accept, seen[0]?.body], ['application/json', 'application/json', '{"kind":"AdmissionReview"}']);

  const viaService = await postWebhook(
    { service: { namespace: 'webhooks', name: 'hook', path: '/mutate', port: 8443 }, caBundle: certs.caBundle },
    {},
    { timeoutMillis: 2000, resolver: () => new URL(`https://127.0.0.1:${port}`) },
  );
  t.equal(viaService.status, 200);
  t.same([seen[1]?.url, seen[1]?.servername], ['/mutate?timeout=2s', 'hook.webhooks.svc'], 'SNI and certificate name are the Service DNS name');
});

t.test('every HTTP status is an answer', async (t) => {
  const seen: Seen[] = [];
  const server = createHttpServer(echo(seen, 500));
  const port = await listen(server);
  t.teardown(() => server.close());
  const answer = await postWebhook({ url: `http://127.0.0.1:${port}/` }, {}, { timeoutMillis: 1000 });
  t.equal(answer.status, 500);
});

t.test('transport errors in Go words', async (t) => {
  const https = createHttpsServer({ cert: certs.cert, key: certs.key }, echo([]));
  const port = await listen(https);
  t.teardown(() => https.close());
  const url = `https://127.0.0.1:${port}/admit`;
  const untrusted = await failure(postWebhook({ url }, {}, { timeoutMillis: 1000 }));
  t.equal(
    untrusted.message,
    `Post "${url}?timeout=1s": tls: failed to verify certificate: x509: certificate signed by unknown authority`,
    'no caBundle: the system roots do not know the test CA',
  );
  const wrongName = await failure(
    postWebhook({ service: { namespace: 'other', name: 'hook' }, caBundle: certs.caBundle }, {}, { timeoutMillis: 1000, resolver: () => new URL(`https://127.0.0.1:${port}`) }),
  );
  t.equal(
    wrongName.message,
    `Post "https://127.0.0.1:${port}/?timeout=1s": tls: failed to verify certificate: x509: certificate is valid for hook.webhooks.svc, not hook.other.svc`,
  );

  const closed = createHttpServer();
  const closedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  const refused = await failure(postWebhook({ url: `http://127.0.0.1:${closedPort}/x` }, {}, { timeoutMillis: 1000 }));
  t.equal(refused.message, `Post "http://127.0.0.1:${closedPort}/x?timeout=1s": dial tcp 127.0.0.1:${closedPort}: connect: connection refused`);
});

t.test('the deadline', async (t) => {
  const hanging = createHttpServer(() => {});
  const port = await listen(hanging);
  t.teardown(() => {
    hanging.closeAllConnections();
    hanging.close();
  });
  const started = Date.now();
  const err = await failure(postWebhook({ url: `http://127.0.0.1:${port}/slow` }, {}, { timeoutMillis: 200 }));
  t.ok(Date.now() - started >= 190, 'not before the deadline');
  t.same([err.message, err.timedOut], [`Post "http://127.0.0.1:${port}/slow?timeout=200ms": context deadline exceeded`, true]);
});
