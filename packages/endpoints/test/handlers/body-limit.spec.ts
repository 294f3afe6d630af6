/**
 * Bodies over the limit (issue #19): 413 with `Connection: close`, and the connection closed promptly while the
 * client keeps streaming, for create, update, patch and delete bodies; nothing stored.
 */
import t from 'tap';
import { flood } from '@apiserver/testing';
import { startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';

t.test('413 closes the connection while the client keeps sending', async (t) => {
  const s = await startTestServer({ maxRequestBodyBytes: 4096 });
  t.teardown(() => s.close());
  t.equal((await s.request('POST', base, { body: '{"metadata":{"name":"a"}}', headers: { 'Content-Type': 'application/json' } })).status, 201);
  const port = Number(new URL(s.url).port);
  const requests: [string, string][] = [
    ['POST', `${base}`],
    ['PUT', `${base}/a`],
    ['PATCH', `${base}/a`],
    ['DELETE', `${base}/a`],
  ];
  for (const [method, path] of requests) {
    const type = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    for (const [framing, header] of [
      ['chunked', 'Transfer-Encoding: chunked'],
      ['Content-Length', 'Content-Length: 10000000000'],
    ] as const) {
      const head = `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\n${header}\r\n\r\n`;
      const { response, closedAfterMs } = await flood(port, head, framing === 'chunked');
      const name = `${method} ${framing}`;
      t.match(response, /^HTTP\/1\.1 413 /, `${name}: 413`);
      t.match(response, /\r\nConnection: close\r\n/i, `${name}: Connection: close`);
      t.match(response, /"message":"Request entity too large: limit is 4096"/, `${name}: Status`);
      t.ok(closedAfterMs !== undefined && closedAfterMs < 1000, `${name}: closed ${closedAfterMs?.toFixed(0)} ms after the 413`);
    }
  }
  t.equal(s.configmaps.size, 1, 'only the first object stored');
  t.equal((await s.request('GET', `${base}/a`)).status, 200, 'and it was not deleted');
});
