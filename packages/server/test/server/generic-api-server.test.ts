import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebService } from '@apiserver/restful';
import t from 'tap';
import { namedCheck } from '../../src/healthz/health-checker.js';
import { requestSignal, userFrom } from '../../src/request/context.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { HookRegistrationError } from '../../src/server/hooks.js';
import { generateSelfSignedCertKey, maybeSelfSignedCertKey } from '../../src/server/self-signed.js';
import { ServingError } from '../../src/server/serving.js';
import { fetchText, json, makeCertificates, tempDir } from '../helpers.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { log: () => undefined, panicLogger: () => undefined };

function apiV1(): WebService {
  const ws = new WebService().path('/api/v1');
  ws.route(
    ws.get('/namespaces/{namespace}/configmaps').to((req, res) => {
      res.writeAsJson({ user: userFrom(req.raw)?.name ?? null, namespace: req.pathParameter('namespace') });
    }),
  );
  ws.route(
    ws.get('/panic').to(() => {
      throw new Error('handler bug');
    }),
  );
  return ws;
}

t.test('routes, health, version, metrics, delegation over HTTP', async (t) => {
  let ready = false;
  const delegate = new GenericAPIServer({ ...quiet, readyzChecks: [namedCheck('informer-sync', () => undefined)] });
  delegate.handler.nonGoRestfulMux.handle('/delegate-only', (_req, res) => {
    res.end('from delegate');
  });
  const other = new WebService().path('/apis/other.example.com');
  other.route(other.get('/v1').to((_req, res) => res.writeAsJson({ served: 'delegate' })));
  delegate.handler.goRestfulContainer.add(other);

  let finishHook: () => void = () => undefined;
  const server = new GenericAPIServer({
    ...quiet,
    delegate,
    version: { gitCommit: 'abc' },
    readyzChecks: [
      namedCheck('etcd', () => {
        if (!ready) throw new Error('storage not ready');
      }),
    ],
  });
  server.handler.goRestfulContainer.add(apiV1());
  server.addPostStartHook('start-informers', () => new Promise<void>((resolve) => (finishHook = resolve)));
  const [url] = await server.listen({ port: 0 });
  t.teardown(() => server.shutdown());
  t.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const base = url ?? '';

  t.equal((await fetchText(`${base}/healthz`)).status, 500, 'post-start hook not finished');
  const failing = await fetchText(`${base}/healthz?verbose`);
  t.equal(failing.body, '[+]ping ok\n[+]log ok\n[-]poststarthook/start-informers failed: reason withheld\nhealthz check failed\n');
  t.equal(failing.headers['content-type'], 'text/plain; charset=utf-8');
  finishHook();
  await sleep(10);
  const healthz = await fetchText(`${base}/healthz`);
  t.same([healthz.status, healthz.body, healthz.headers['x-content-type-options']], [200, 'ok', 'nosniff']);
  t.equal(
    (await fetchText(`${base}/livez?verbose=1`)).body,
    '[+]ping ok\n[+]log ok\n[+]poststarthook/start-informers ok\nlivez check passed\n',
  );
  const notReady = await fetchText(`${base}/readyz`);
  t.same([notReady.status, notReady.body], [
    500,
    '[+]ping ok\n[+]log ok\n[-]etcd failed: reason withheld\n[+]informer-sync ok\n[+]poststarthook/start-informers ok\n[+]shutdown ok\nreadyz check failed\n',
  ]);
  t.equal(
    (await fetchText(`${base}/readyz?verbose&exclude=etcd&exclude=nope`)).body,
    '[+]ping ok\n[+]log ok\n[+]etcd excluded: ok\n[+]informer-sync ok\n[+]poststarthook/start-informers ok\n[+]shutdown ok\nwarn: some health checks cannot be excluded: no matches for "nope"\nreadyz check passed\n',
  );
  const etcd = await fetchText(`${base}/readyz/etcd`);
  t.same([etcd.status, etcd.body], [500, 'internal server error: storage not ready\n']);
  ready = true;
  t.same([(await fetchText(`${base}/readyz`)).body, (await fetchText(`${base}/readyz/etcd`)).body], ['ok', 'ok']);
  t.equal((await fetchText(`${base}/healthz/ping`)).body, 'ok');
  t.equal((await fetchText(`${base}/healthz/poststarthook/start-informers`)).body, 'ok');
  t.equal((await fetchText(`${base}/healthz/nope`)).status, 404);

  const version = await fetchText(`${base}/version`);
  t.equal(version.headers['content-type'], 'application/json');
  t.match(version.body, /^\{\n {2}"major": "1",\n {2}"minor": "32",\n {2}"gitVersion": "v1\.32\.0-apiserver-ts",\n {2}"gitCommit": "abc"/);
  t.match(json(version), { platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`, compiler: 'node' });

  t.same(json(await fetchText(`${base}/api/v1/namespaces/ns1/configmaps`)), { user: 'system:anonymous', namespace: 'ns1' });
  const restful404 = await fetchText(`${base}/api/v1/nope`);
  t.same([restful404.status, json(restful404)], [
    404,
    {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'the server could not find the requested resource',
      reason: 'NotFound',
      details: {},
      code: 404,
    },
  ]);
  const panicked = await fetchText(`${base}/api/v1/panic`);
  t.same([panicked.status, json(panicked).reason], [500, 'InternalError']);
  t.notMatch(panicked.body, /handler bug/);

  t.equal((await fetchText(`${base}/delegate-only`)).body, 'from delegate');
  for (const path of ['/', '/index.html']) {
    const index = await fetchText(`${base}${path}`);
    t.equal(index.headers['content-type'], 'application/json');
    t.same(json(index), {
      paths: [
        '/api/v1',
        '/apis/other.example.com',
        '/delegate-only',
        '/healthz',
        '/healthz/log',
        '/healthz/ping',
        '/healthz/poststarthook/start-informers',
        '/livez',
        '/livez/log',
        '/livez/ping',
        '/livez/poststarthook/start-informers',
        '/metrics',
        '/metrics/slis',
        '/openapi/v2',
        '/openapi/v3',
        '/openapi/v3/',
        '/readyz',
        '/readyz/etcd',
        '/readyz/informer-sync',
        '/readyz/log',
        '/readyz/ping',
        '/readyz/poststarthook/start-informers',
        '/readyz/shutdown',
        '/version',
      ],
    });
    t.match(index.body, /^\{\n {2}"paths": \[\n {4}"\/api\/v1",/);
  }
  t.same(json(await fetchText(`${base}/apis/other.example.com/v1`)), { served: 'delegate' });
  for (const path of ['/nothing', '/apis/unknown.group/v1']) {
    const missing = await fetchText(`${base}${path}`);
    t.same([missing.status, missing.body, missing.headers['content-type']], [404, '404 page not found\n', 'text/plain; charset=utf-8'], path);
  }

  const metrics = await fetchText(`${base}/metrics`);
  t.match(metrics.headers['content-type'], /^text\/plain/);
  t.match(
    metrics.body,
    'apiserver_request_total{verb="LIST",dry_run="",group="",version="v1",resource="configmaps",subresource="",scope="namespace",component="apiserver",code="200"} 1',
  );
  // /api/v1/nope matched no go-restful route, /nothing fell through to Go's NotFound: no API labels from their URLs.
  t.notMatch(metrics.body, 'resource="nope"');
  t.match(metrics.body, 'apiserver_request_total{verb="LIST",dry_run="",group="",version="",resource="",subresource="",scope="",component="apiserver",code="404"}');
  t.match(metrics.body, 'apiserver_request_total{verb="GET",dry_run="",group="",version="",resource="",subresource="",scope="",component="apiserver",code="404"}');
  t.match(metrics.body, 'apiserver_request_metrics_dropped_total 0\n');
});

t.test('authentication, authorization and TLS through the whole chain', async (t) => {
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const certs = makeCertificates(dir, '/CN=jane/O=admins');
  const tokenFile = join(dir, 'tokens.csv');
  writeFileSync(tokenFile, 'tok-bob,bob,2,"devs,ops"\n');
  const server = new GenericAPIServer({ ...quiet, authentication: { tokenAuthFile: tokenFile, anonymous: false } });
  server.handler.goRestfulContainer.add(apiV1());
  const urls = await server.listen({
    port: 0,
    secure: { port: 0, tlsCertFile: certs.serverCert, tlsPrivateKeyFile: certs.serverKey, clientCAFile: certs.caCert },
  });
  t.teardown(() => server.shutdown());
  const [plain = '', secure = ''] = urls;
  t.match(secure, /^https:\/\/127\.0\.0\.1:\d+$/);
  const path = '/api/v1/namespaces/default/configmaps';
  const anonymous = await fetchText(`${plain}${path}`);
  t.same([anonymous.status, json(anonymous).message], [401, 'Unauthorized']);
  t.same(json(await fetchText(`${plain}${path}`, { headers: { authorization: 'Bearer tok-bob' } })).user, 'bob');
  const ca = readFileSync(certs.caCert);
  const tls = await fetchText(`${secure}${path}`, { ca, cert: readFileSync(certs.clientCert), key: readFileSync(certs.clientKey) });
  t.same(json(tls).user, 'jane');
  t.equal((await fetchText(`${secure}${path}`, { ca })).status, 401, 'TLS without a certificate or token');
  const rogue = await fetchText(`${secure}${path}`, { ca, cert: readFileSync(certs.rogueCert), key: readFileSync(certs.rogueKey) });
  t.equal(rogue.status, 401, 'a certificate from another CA is rejected');

  const denying = new GenericAPIServer({ ...quiet, authorization: { modes: ['AlwaysDeny'] } });
  const [denyUrl = ''] = await denying.listen({ port: 0 });
  t.teardown(() => denying.shutdown());
  const forbidden = await fetchText(`${denyUrl}${path}`);
  t.equal(forbidden.status, 403);
  t.equal(
    json(forbidden).message,
    'configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps" in API group "" in the namespace "default": Everything is forbidden.',
  );
});

t.test('request limits through the whole chain', async (t) => {
  // The slot is held until the server timeout releases it, so the timeout must outlast the 429 probe on a loaded machine.
  const server = new GenericAPIServer({ ...quiet, requestTimeoutMillis: 1500, maxRequestsInFlight: 1 });
  const release: Array<() => void> = [];
  server.handler.nonGoRestfulMux.handle('/slow', async (_req, res) => {
    await new Promise<void>((resolve) => release.push(resolve));
    res.end('slow');
  });
  const [url = ''] = await server.listen({ port: 0 });
  t.teardown(() => server.shutdown());
  const first = fetchText(`${url}/slow?timeout=10s`);
  while (release.length === 0) await sleep(5);
  const busy = await fetchText(`${url}/healthz`);
  t.same([busy.status, busy.headers['retry-after']], [429, '1']);
  const timedOut = await first;
  t.same([timedOut.status, json(timedOut).reason], [504, 'Timeout'], 'the 1.5 s server timeout caps ?timeout=10s');
  for (const r of release) r();
  t.equal((await fetchText(`${url}/healthz`)).status, 200);
});

t.test('graceful shutdown', async (t) => {
  const server = new GenericAPIServer({ ...quiet, shutdownTimeoutMillis: 2000 });
  const events: string[] = [];
  // The slow request finishes only once the shutdown has ended the watch: it is in flight throughout, whatever the
  // machine's load (a fixed 200 ms sleep lost the race to the signal on a loaded CI machine), and a shutdown that
  // waited for it before ending watches would never end.
  let watchEnded = (): void => undefined;
  const watchEnd = new Promise<void>((resolve) => {
    watchEnded = resolve;
  });
  server.addPreShutdownHook('flush', () => {
    events.push('pre-shutdown');
  });
  server.addPreShutdownHook('broken', () => {
    throw new Error('ignored');
  });
  const ws = new WebService().path('/api/v1');
  ws.route(
    ws.get('/watch/pods').to(async (req, res) => {
      res.header().set('Content-Type', 'application/json');
      res.writeHeader(200);
      res.write('{"type":"ADDED"}\n');
      res.flush();
      const signal = requestSignal(req.raw);
      await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
      events.push('watch ended');
      watchEnded();
    }),
  );
  ws.route(
    ws.get('/namespaces/{ns}/pods').to(async (_req, res) => {
      await watchEnd;
      events.push('slow finished');
      res.writeAsJson({ items: [] });
    }),
  );
  server.handler.goRestfulContainer.add(ws);
  const [url = ''] = await server.listen({ port: 0 });
  const watch = fetchText(`${url}/api/v1/watch/pods`);
  const slow = fetchText(`${url}/api/v1/namespaces/a/pods`);
  while (server.inFlightRequests < 2) await sleep(5);
  const readyz = await fetchText(`${url}/readyz`);
  t.equal(readyz.status, 200);
  const remove = server.installSignalHandlers(['SIGUSR2']);
  t.teardown(remove);
  process.kill(process.pid, 'SIGUSR2');
  await sleep(20);
  const [watchReply, slowReply] = await Promise.all([watch, slow]);
  t.same([watchReply.status, watchReply.body], [200, '{"type":"ADDED"}\n'], 'the watch ended cleanly');
  t.same([slowReply.status, JSON.parse(slowReply.body)], [200, { items: [] }], 'the slow request finished');
  await server.shutdown();
  t.same(events, ['pre-shutdown', 'watch ended', 'slow finished']);
  await t.rejects(fetchText(`${url}/healthz`), 'no longer accepting');
  await t.rejects(server.listen({ port: 0 }), /shut down/);
  t.throws(() => server.addPostStartHook('late', () => undefined), HookRegistrationError);
});

t.test('shutdown is bounded', async (t) => {
  const server = new GenericAPIServer({ ...quiet, shutdownTimeoutMillis: 100 });
  server.handler.nonGoRestfulMux.handle('/stuck', () => new Promise<void>(() => undefined));
  const [url = ''] = await server.listen({ port: 0 });
  const stuck = fetchText(`${url}/stuck`);
  while (server.inFlightRequests < 1) await sleep(5);
  const started = Date.now();
  await server.shutdown();
  t.ok(Date.now() - started < 1000);
  await t.rejects(stuck, 'the stuck request is cut');
});

t.test('configuration errors', async (t) => {
  const server = new GenericAPIServer(quiet);
  await t.rejects(server.listen({}), new ServingError('nothing to serve: give a port, a secure port or both'));
  await t.rejects(
    server.listen({ secure: { port: 0, tlsCertFile: '/nonexistent/cert.pem', tlsPrivateKeyFile: '/nonexistent/key.pem' } }),
    { name: 'ServingError', message: /cannot read TLS certificate file "\/nonexistent\/cert.pem"/ },
  );
  t.throws(() => new GenericAPIServer({ authentication: { tokenAuthFile: '/nonexistent/tokens.csv' } }), { name: 'TokenFileError' });
  t.throws(() => server.addPostStartHook('', () => undefined), new HookRegistrationError('missing name'));
  server.addPostStartHook('a', () => undefined);
  t.throws(() => server.addPostStartHook('a', () => undefined), HookRegistrationError);
  t.throws(() => server.addPreShutdownHook('', () => undefined), HookRegistrationError);
  server.addPreShutdownHook('b', () => undefined);
  t.throws(() => server.addPreShutdownHook('b', () => undefined), HookRegistrationError);
  t.throws(() => server.handler.nonGoRestfulMux.handle('/healthz', () => undefined), { name: 'MuxRegistrationError' });
  t.throws(() => server.handler.nonGoRestfulMux.handle('relative', () => undefined), { name: 'MuxRegistrationError' });
  t.throws(() => server.handler.nonGoRestfulMux.handlePrefix('/noslash', () => undefined), { name: 'MuxRegistrationError' });
  t.throws(() => server.handler.nonGoRestfulMux.handlePrefix('/healthz/', () => undefined), { name: 'MuxRegistrationError' });
  await server.shutdown();
});

t.test('self-signed serving certificate', async (t) => {
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const certDirectory = join(dir, 'certs');
  const server = new GenericAPIServer(quiet);
  const [url = ''] = await server.listen({ secure: { port: 0, certDirectory } });
  t.teardown(() => server.shutdown());
  const pem = readFileSync(join(certDirectory, 'apiserver.crt'));
  const cert = new X509Certificate(pem);
  t.ok(cert.verify(cert.publicKey), 'self-signed');
  t.ok(cert.ca);
  t.equal(cert.checkIP('127.0.0.1'), '127.0.0.1');
  t.equal(cert.checkHost('localhost'), 'localhost');
  const reply = await fetchText(`${url}/healthz`, { ca: pem });
  t.same([reply.status, reply.body], [200, 'ok'], 'a client trusting the generated certificate connects');
  t.equal((statSync(join(certDirectory, 'apiserver.key')).mode & 0o777).toString(8), '600');
  const again = maybeSelfSignedCertKey(certDirectory);
  t.same(readFileSync(again.certFile), pem, 'an existing pair is reused');
  const custom = new X509Certificate(
    generateSelfSignedCertKey({ hosts: ['kube.example', '::1', '10.0.0.1'], days: 1, notBefore: new Date('2049-12-31T12:00:00Z') }).cert,
  );
  t.equal(custom.subject, 'CN=kube.example');
  t.equal(custom.subjectAltName, 'DNS:kube.example, IP Address:0:0:0:0:0:0:0:1, IP Address:10.0.0.1');
  t.equal(new Date(custom.validTo).toISOString(), '2050-01-01T12:00:00.000Z', 'GeneralizedTime from 2050 on');
  const other = new GenericAPIServer(quiet);
  await t.rejects(other.listen({ secure: { port: 0 } }), /needs tlsCertFile and tlsPrivateKeyFile, or a certDirectory/);
  await t.rejects(other.listen({ secure: { port: 0, tlsCertFile: 'x' } }), /must be given together/);
  const lan = new GenericAPIServer(quiet);
  await lan.listen({ bindAddress: '127.0.0.2', secure: { port: 0, certDirectory: join(dir, 'lan') } });
  t.teardown(() => lan.shutdown());
  t.match(new X509Certificate(readFileSync(join(dir, 'lan', 'apiserver.crt'))).subjectAltName, 'IP Address:127.0.0.2');
});
