/**
 * A watch client that stops reading: the handler waits for the socket to drain instead of buffering every event
 * in memory, so the storage watch's bounded buffer fills and the watch is ended (upstream closes an unresponsive
 * cacheWatcher the same way); the client sees the end of the stream and relists.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { Container } from '@apiserver/restful';
import { CodecFactory } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { Cacher, type StorageInterface } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import t from 'tap';
import { APIGroupVersion } from '../../src/group-version.js';
import { statusServiceErrorHandler } from '../../src/service-error-handler.js';

const WRITES = 150;
const BLOB = 'b'.repeat(64 * 1024);
const base = '/api/v1/namespaces/default/configmaps';

/** core/v1 configmaps on a memory backend behind a Cacher whose watchers may fall 10 events behind. */
async function startServer(): Promise<{ server: Server; port: number; store: Store; cacher: Cacher }> {
  const scheme = newBuiltinScheme();
  const codecs = new CodecFactory(scheme);
  const strategy = new GenericStrategy({ namespaceScoped: true });
  const cacher = new Cacher({ storage: new MemoryBackend({ compactionIntervalMs: 0 }).storage(), resourcePrefix: '/configmaps', watcherBufferSize: 10 });
  const store = new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'configmaps' },
    singularQualifiedResource: { group: '', resource: 'configmap' },
    storage: cacher as unknown as StorageInterface<ApiObject>,
    resourcePrefix: '/configmaps',
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
  const container = new Container().serviceErrorHandler(statusServiceErrorHandler(codecs));
  new APIGroupVersion({ root: '/api', groupVersion: { group: '', version: 'v1' }, storage: { configmaps: store }, scheme, codecs }).installREST(container);
  const server = createServer(container.handler());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await cacher.waitUntilReady(5000);
  return { server, port: (server.address() as AddressInfo).port, store, cacher };
}

/**
 * Creates 5 ConfigMaps of 64 KiB, then PUTs changes to them (each write a new revision), one after the other;
 * before each next write it awaits `afterEach(i)`.
 */
async function writeMany(port: number, count: number, afterEach: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i % 5}`, namespace: 'default' }, data: { blob: BLOB, write: String(i) } });
    const method = i < 5 ? 'POST' : 'PUT';
    const res = await fetch(`http://127.0.0.1:${port}${base}${i < 5 ? '' : `/c${i % 5}`}`, { method, headers: { 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`${method} ${i}: ${res.status}`);
    await afterEach(i);
  }
}

const EVENT_MARK = '{"type":"';

/**
 * A raw watch socket; `pause` stops reading after the response headers until `resume`. Events are counted as
 * they arrive (by their `{"type":"` opening, looked for across chunk boundaries); `reach(n)` resolves once `n`
 * have arrived or the stream has ended.
 */
function rawWatch(port: number, rv: string) {
  const socket = connect(port, '127.0.0.1');
  let tail = '';
  let events = 0;
  let ended = false;
  let waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters) w();
    waiters = [];
  };
  const ends = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      const text = tail + chunk.toString('latin1');
      events += text.split(EVENT_MARK).length - 1;
      tail = text.slice(-(EVENT_MARK.length - 1));
      if (text.endsWith('\r\n0\r\n\r\n')) {
        ended = true;
        resolve();
      }
      wake();
    });
    socket.on('close', () => {
      ended = true;
      resolve();
      wake();
    });
  });
  socket.write(`GET ${base}?watch=1&resourceVersion=${rv}&timeoutSeconds=60 HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n`);
  const reach = async (n: number): Promise<void> => {
    while (events < n && !ended) await new Promise<void>((r) => waiters.push(r));
  };
  return { socket, events: () => events, ended: () => ended, ends, reach };
}

t.test('a watch client that stops reading is ended once the watch buffer fills, not buffered without bound', async (t) => {
  const { server, port, cacher } = await startServer();
  t.teardown(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    cacher.stop();
  });
  const rv = String(cacher.cacheResourceVersion);
  const stalled = rawWatch(port, rv);
  const live = rawWatch(port, rv);
  await new Promise((r) => setTimeout(r, 100));
  stalled.socket.pause();
  // Each write waits for the reading client to get its event: however loaded the machine, that client never
  // falls behind (at load 15 a free-running writer once got it ended at 123 of 150 events).
  await writeMany(port, WRITES, (i) => live.reach(i + 1));
  t.equal(live.events(), WRITES, 'a client that reads gets every event');
  t.notOk(live.ended(), 'and its watch stays open');
  stalled.socket.resume();
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000).unref());
  t.not(await Promise.race([stalled.ends, timeout]), 'timeout', 'the stalled watch ends');
  t.ok(stalled.ended(), 'with the end of the chunked stream');
  t.ok(stalled.events() < WRITES, `it got ${stalled.events()} of ${WRITES} events, the rest was never buffered for it`);
  live.socket.destroy();
  stalled.socket.destroy();
});
