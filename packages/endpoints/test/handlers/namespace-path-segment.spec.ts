/**
 * Regression (issue #8 hostile inputs): a `{namespace}` path segment of `.` or `..` would make the storage key
 * leave its collection (upstream's etcd3 store refuses such keys with an internal error, a 500); every verb answers
 * 400 before any storage call instead.
 */
import { request } from 'node:http';
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

/** One request with the path sent as is (fetch and URL would resolve the dot segments first). */
function rawRequest(url: string, method: string, path: string, body?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

t.test('a . or .. namespace segment is a 400 Status on every verb and stores nothing', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  for (const ns of ['..', '.', '%2E%2E']) {
    const base = `/api/v1/namespaces/${ns}/configmaps`;
    const calls: [string, string, string | undefined][] = [
      ['GET', base, undefined],
      ['GET', `${base}/x`, undefined],
      ['POST', base, '{"metadata":{"name":"x"}}'],
      ['PUT', `${base}/x`, '{"metadata":{"name":"x"}}'],
      ['DELETE', `${base}/x`, undefined],
      ['DELETE', base, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await rawRequest(s.url, method, path, body);
      t.equal(res.status, 400, `${method} ${path}`);
      t.match(res.json, { kind: 'Status', apiVersion: 'v1', code: 400, reason: 'BadRequest', message: /^Namespace parameter invalid: "\.\.?": may not be '\.\.?'/ });
    }
  }
  t.equal(s.configmaps.size, 0, 'nothing stored');
  const ok = await s.request('GET', '/api/v1/namespaces/default/configmaps');
  t.equal(ok.status, 200, 'a valid namespace still lists');
});
