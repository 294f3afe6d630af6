/**
 * Regression (issue 19): no malformed request may crash the server or get a 500 — bad percent-encoding, `%`
 * alone, invalid UTF-8 in paths, huge query strings and paths, odd methods, absolute-form targets — through the
 * whole GenericAPIServer chain. Each is sent as raw bytes (clients normalise URLs) and must be answered with a
 * status below 500; no panic may be logged; the server still serves afterwards.
 */
import { connect } from 'node:net';
import { WebService } from '@apiserver/restful';
import t from 'tap';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText } from '../helpers.js';

/** Sends one raw request and resolves with the status code of the answer (0 when the connection closed without one). */
function rawStatus(url: string, requestLine: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const giveUp = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(Number(/^HTTP\/1\.[01] (\d{3}) /.exec(text)?.[1] ?? 0));
    });
    socket.on('error', () => undefined);
    socket.write(Buffer.from(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 'latin1'));
  });
}

const big = 'a'.repeat(600_000);
const cm = '/api/v1/namespaces/a/configmaps';

/** [description, request line, expected status]. */
const cases: [string, string, number][] = [
  ['bad percent-encoding in a path segment', `GET /api/v1/namespaces/%zz/configmaps HTTP/1.1`, 400],
  ['a lone % in the namespace', `GET /api/v1/namespaces/%/configmaps HTTP/1.1`, 400],
  ['a lone % as the name', `GET ${cm}/% HTTP/1.1`, 400],
  ['overlong UTF-8 (%C0%AE) in a non-resource path', 'GET /%C0%AE%C0%AE/ HTTP/1.1', 404],
  ['invalid UTF-8 bytes in the namespace', 'GET /api/v1/namespaces/%FF%FE/configmaps HTTP/1.1', 200],
  ['a UTF-16 surrogate (%ED%A0%80) as the name', `GET ${cm}/%ED%A0%80 HTTP/1.1`, 200],
  ['a NUL as the name', `GET ${cm}/%00 HTTP/1.1`, 200],
  ['raw bytes over 0x7f in the request line', 'GET /\u00ff\u00fe HTTP/1.1', 400],
  ['a space in the path', 'GET /api/v1/namespaces/a b/configmaps HTTP/1.1', 400],
  ['a 600 KB label selector', `GET ${cm}?labelSelector=${big} HTTP/1.1`, 200],
  ['a 600 KB field selector', `GET ${cm}?fieldSelector=metadata.name%3D${big} HTTP/1.1`, 200],
  ['a 600 KB namespace', `GET /api/v1/namespaces/${big}/configmaps HTTP/1.1`, 200],
  ['a query over 1 MiB', `GET ${cm}?labelSelector=${big}${big} HTTP/1.1`, 431],
  ['bad percent-encoding in the timeout', `GET ${cm}?timeout=%zz HTTP/1.1`, 400],
  ['an unparsable timeout', `GET ${cm}?timeout=1x HTTP/1.1`, 400],
  ['broken query pairs', `GET ${cm}?%zz=%zz&&&=&watch=%&dryRun=% HTTP/1.1`, 200],
  ['a watch without a resource', 'GET /api/v1/watch HTTP/1.1', 400],
  ['an empty group', 'GET /apis//v1 HTTP/1.1', 404],
  ['dot segments', 'GET /api/v1/../../etc/passwd HTTP/1.1', 404],
  ['double slashes', 'GET //api/v1//namespaces/a/configmaps HTTP/1.1', 404],
  ['an absolute-form target', `GET http://example.com${cm} HTTP/1.1`, 404],
  ['PROPFIND on a resource', `PROPFIND ${cm} HTTP/1.1`, 405],
  ['MKCOL on the index', 'MKCOL / HTTP/1.1', 200],
  ['OPTIONS *', 'OPTIONS * HTTP/1.1', 404],
  ['SEARCH on /metrics', 'SEARCH /metrics HTTP/1.1', 200],
  ['HEAD with bad encoding', 'HEAD /api/v1/namespaces/%zz/configmaps HTTP/1.1', 400],
  ['bad encoding under /version', 'GET /version/%zz HTTP/1.1', 400],
  ['bad encoding in a health check name', 'GET /readyz/%zz HTTP/1.1', 404],
  ['bad encoding in an excluded check', 'GET /healthz?verbose&exclude=%zz HTTP/1.1', 200],
  ['an unknown HTTP version', 'GET / HTTP/9.9x', 400],
  ['CONNECT (node has no tunnel handler: closed)', 'CONNECT example.com:443 HTTP/1.1', 0],
];

t.test('malformed requests are answered below 500 and never crash the server', async (t) => {
  const panics: string[] = [];
  const server = new GenericAPIServer({ log: () => undefined, panicLogger: (message) => panics.push(message) });
  const ws = new WebService().path('/api/v1');
  ws.route(ws.get('/namespaces/{namespace}/configmaps').to((req, res) => res.writeAsJson({ namespace: req.pathParameter('namespace') })));
  ws.route(ws.get('/namespaces/{namespace}/configmaps/{name}').to((req, res) => res.writeAsJson({ name: req.pathParameter('name') })));
  server.handler.goRestfulContainer.add(ws);
  const [base = ''] = await server.listen({ port: 0 });
  t.teardown(() => server.shutdown());

  for (const [name, line, want] of cases) t.equal(await rawStatus(base, line), want, name);
  t.same(panics, [], 'no panic was logged');
  t.equal((await fetchText(`${base}/healthz`)).status, 200, 'the server still serves');
  t.equal(server.inFlightRequests, 0, 'no request is left in flight');
});
