/** Watch streaming through real HTTP: JSON lines, protobuf frames, resume from RV, 410, timeout, bookmarks. */
import { request as httpRequest } from 'node:http';
import { jsonWatchFrameReader, protobufWatchFrameReader, type WatchEventFrame, type WatchFrameReader } from '@apiserver/runtime';
import t from 'tap';
import { type TestServer, startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const JSON_CT = { 'Content-Type': 'application/json' };

interface Stream {
  readonly status: number;
  readonly contentType: string;
  next(): Promise<WatchEventFrame | undefined>;
  ended(): Promise<void>;
  close(): void;
}

function openWatch(s: TestServer, path: string, accept = 'application/json', reader: WatchFrameReader = jsonWatchFrameReader()): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${s.url}${path}`, { headers: { Accept: accept } }, (res) => {
      const queue: WatchEventFrame[] = [];
      let waiter: (() => void) | undefined;
      let done = false;
      res.on('data', (chunk: Buffer) => {
        queue.push(...reader.push(chunk));
        waiter?.();
      });
      res.on('end', () => {
        done = true;
        waiter?.();
      });
      resolve({
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type']),
        next: async () => {
          const deadline = Date.now() + 5000;
          while (queue.length === 0 && !done && Date.now() < deadline) {
            await new Promise<void>((r) => {
              waiter = r;
              setTimeout(r, 100);
            });
          }
          return queue.shift();
        },
        ended: () => (done ? Promise.resolve() : new Promise<void>((r) => res.once('end', () => r()))),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const cm = (name: string, a = '1') => JSON.stringify({ metadata: { name }, data: { a } });

t.test('rv=0 sends current state, then changes; DELETED carries the last state', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await s.request('POST', base, { body: cm('first'), headers: JSON_CT });
  const w = await openWatch(s, `${base}?watch=true&resourceVersion=0`);
  t.equal(w.status, 200);
  t.equal(w.contentType, 'application/json');
  t.match(await w.next(), { type: 'ADDED', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'first' } } });
  await s.request('PUT', `${base}/first`, { body: cm('first', '2'), headers: JSON_CT });
  t.match(await w.next(), { type: 'MODIFIED', object: { data: { a: '2' } } });
  await s.request('DELETE', `${base}/first`);
  t.match(await w.next(), { type: 'DELETED', object: { metadata: { name: 'first' } } });
  w.close();
});

t.test('resume from a resourceVersion, legacy /watch/ routes, name filter', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await s.request('POST', base, { body: cm('a'), headers: JSON_CT });
  const rv = s.configmaps.revision;
  await s.request('POST', base, { body: cm('b'), headers: JSON_CT });
  const w = await openWatch(s, `${base}?watch=1&resourceVersion=${rv}`);
  t.match(await w.next(), { type: 'ADDED', object: { metadata: { name: 'b' } } }, 'only events after the RV');
  w.close();
  const legacy = await openWatch(s, `/api/v1/watch/namespaces/default/configmaps/a?resourceVersion=0`);
  const first = await legacy.next();
  t.match(first, { type: 'ADDED', object: { metadata: { name: 'a' } } }, 'watch item route filters by name');
  legacy.close();
  const conflicting = await s.request('GET', `/api/v1/watch/namespaces/default/configmaps/a?fieldSelector=metadata.name%3Db`);
  t.equal(conflicting.status, 400);
  t.match(conflicting.json(), { message: "fieldSelector metadata.name doesn't match requested name" });
  const all = await openWatch(s, `/api/v1/watch/configmaps?resourceVersion=0`);
  t.match(await all.next(), { type: 'ADDED' });
  all.close();
});

t.test('too old resourceVersion: 200 then an ERROR event with 410 Expired', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await s.request('POST', base, { body: cm('a'), headers: JSON_CT });
  s.configmaps.compact();
  const w = await openWatch(s, `${base}?watch=true&resourceVersion=1`);
  t.equal(w.status, 200);
  t.match(await w.next(), { type: 'ERROR', object: { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410 } });
  await w.ended();
  t.pass('stream ended after the error');
});

t.test('timeoutSeconds ends the stream; bookmarks; protobuf frames', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await s.request('POST', base, { body: cm('p'), headers: JSON_CT });
  const started = Date.now();
  const w = await openWatch(s, `${base}?watch=true&timeoutSeconds=1&allowWatchBookmarks=true&resourceVersion=${s.configmaps.revision}`);
  t.match(await w.next(), { type: 'BOOKMARK', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: String(s.configmaps.revision) } } });
  await w.ended();
  t.ok(Date.now() - started >= 900, 'ended after about a second');
  const pb = await openWatch(s, `${base}?watch=true&timeoutSeconds=1`, 'application/vnd.kubernetes.protobuf;stream=watch', protobufWatchFrameReader(s.codecs.protobuf));
  t.equal(pb.contentType, 'application/vnd.kubernetes.protobuf;stream=watch');
  t.match(await pb.next(), { type: 'ADDED', object: { kind: 'ConfigMap', metadata: { name: 'p' } } });
  pb.close();
  const yaml = await s.request('GET', `${base}?watch=true`, { headers: { Accept: 'application/yaml' } });
  t.equal(yaml.status, 406, 'YAML has no stream serializer');
  t.match(yaml.text, 'reason: NotAcceptable');
  t.match(yaml.text, 'only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch');
});

t.test('Table watch events and watch on a storage without Watcher', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await s.request('POST', base, { body: cm('t1'), headers: JSON_CT });
  await s.request('POST', base, { body: cm('t2'), headers: JSON_CT });
  const w = await openWatch(s, `${base}?watch=true&resourceVersion=0`, 'application/json;as=Table;v=v1;g=meta.k8s.io');
  const e1 = await w.next();
  const e2 = await w.next();
  t.match(e1, { type: 'ADDED', object: { kind: 'Table' } });
  t.equal((e1?.object.columnDefinitions as unknown[] | undefined)?.length, 2, 'first event has headers');
  t.same(e2?.object.columnDefinitions, [], 'later events have none');
  w.close();
  const meta = await openWatch(s, `${base}?watch=true&resourceVersion=0`, 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io');
  t.match(await meta.next(), { type: 'ADDED', object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: /^t/ } } });
  meta.close();
});
