/** WebSocket watch: one message per event (text JSON, binary protobuf), errors before the upgrade as Status. */
import { request as httpRequest } from 'node:http';
import { protobufWatchFrameReader } from '@apiserver/runtime';
import t from 'tap';
import WebSocket from 'ws';
import { type TestServer, startTestServer } from './helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const JSON_CT = { 'Content-Type': 'application/json' };

function collect(s: TestServer, path: string, count: number, headers: Record<string, string> = {}): Promise<{ messages: { data: Buffer; binary: boolean }[]; closeCode: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}${path}`, { headers });
    const messages: { data: Buffer; binary: boolean }[] = [];
    const timer = setTimeout(() => ws.terminate(), 5000);
    ws.on('message', (data: Buffer, binary: boolean) => {
      messages.push({ data, binary });
      if (messages.length >= count) ws.close();
    });
    ws.on('close', (closeCode) => {
      clearTimeout(timer);
      resolve({ messages, closeCode });
    });
    ws.on('error', reject);
  });
}

function upgradeStatus(s: TestServer, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${s.url}${path}`, { headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('upgrade', () => reject(new Error('unexpected upgrade')));
    req.on('error', reject);
    req.end();
  });
}

t.test('websocket watch', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await s.request('POST', base, { body: JSON.stringify({ metadata: { name: 'a' } }), headers: JSON_CT });
  await s.request('POST', base, { body: JSON.stringify({ metadata: { name: 'b' } }), headers: JSON_CT });
  const json = await collect(s, `${base}?watch=true&resourceVersion=0`, 2);
  t.same(json.messages.map((m) => m.binary), [false, false], 'text frames');
  t.match(JSON.parse(json.messages[0]?.data.toString() ?? '{}'), { type: 'ADDED', object: { kind: 'ConfigMap', metadata: { name: 'a' } } });
  const legacy = await collect(s, '/api/v1/watch/namespaces/default/configmaps/b?resourceVersion=0', 1);
  t.match(JSON.parse(legacy.messages[0]?.data.toString() ?? '{}'), { type: 'ADDED', object: { metadata: { name: 'b' } } });
  const pb = await collect(s, `${base}?watch=true&resourceVersion=0`, 1, { Accept: 'application/vnd.kubernetes.protobuf;stream=watch' });
  t.equal(pb.messages[0]?.binary, true, 'binary frames for protobuf');
  t.match(protobufWatchFrameReader(s.codecs.protobuf).push(pb.messages[0]?.data ?? new Uint8Array()), [{ type: 'ADDED', object: { kind: 'ConfigMap' } }]);
  const ended = await collect(s, `${base}?watch=true&resourceVersion=${s.configmaps.revision}&timeoutSeconds=1`, 99);
  t.equal(ended.closeCode, 1000, 'timeout closes the socket normally');

  const notWatch = await upgradeStatus(s, base);
  t.equal(notWatch.status, 400);
  t.match(JSON.parse(notWatch.body), { kind: 'Status', message: 'a WebSocket upgrade is only served for watch requests' });
  const badOpts = await upgradeStatus(s, `${base}?watch=true&limit=x`);
  t.equal(badOpts.status, 400);
  const noRoute = await upgradeStatus(s, '/api/v1/nothing');
  t.equal(noRoute.status, 404);
  t.match(JSON.parse(noRoute.body), { message: 'the server could not find the requested resource' });
  const notWatchRoute = await upgradeStatus(s, `${base}/a`);
  t.equal(notWatchRoute.status, 400, 'GET item routes have no websocket variant');
});
