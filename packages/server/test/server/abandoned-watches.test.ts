/**
 * Regression (issue 19): watches a client opens and abandons (it destroys its sockets) must be released — their
 * handlers aborted, their in-flight entries and connections gone. Watches are long-running: upstream exempts them
 * from `--max-requests-inflight` and has no limit of its own, so they are bounded by connections only; node,
 * unlike Go, ran every watch pipelined on one connection at once and never closed those queued behind the first
 * when the client went away (their in-flight entries and handlers leaked).
 */
import { connect, type Socket } from 'node:net';
import { WebService } from '@apiserver/restful';
import t from 'tap';
import { requestSignal } from '../../src/request/context.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const WATCH = 'GET /api/v1/configmaps?watch=true HTTP/1.1\r\nHost: localhost\r\n\r\n';

/** Resolves once `done()` holds, checked every 20 ms, or after `millis` (then with its last value). */
async function eventually(done: () => boolean, millis: number): Promise<boolean> {
  const until = Date.now() + millis;
  while (!done() && Date.now() < until) await sleep(20);
  return done();
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

t.test('2,000 abandoned watches, and 2,000 pipelined on one connection, are released', async (t) => {
  let running = 0;
  let started = 0;
  const server = new GenericAPIServer({ log: () => undefined, panicLogger: () => undefined });
  const ws = new WebService().path('/api/v1');
  // A watch as the endpoints serve one: headers and an initial event, then open until the request's signal aborts.
  ws.route(
    ws.get('/configmaps').to((req, res) => {
      started++;
      running++;
      res.header().set('Content-Type', 'application/json');
      res.writeHeader(200);
      res.write(`${JSON.stringify({ type: 'BOOKMARK', object: { kind: 'ConfigMap', metadata: { resourceVersion: '1' } } })}\n`);
      return new Promise<void>((resolve) => {
        requestSignal(req.raw)?.addEventListener('abort', () => {
          running--;
          resolve();
        });
      });
    }),
  );
  server.handler.goRestfulContainer.add(ws);
  const [base = ''] = await server.listen({ port: 0 });
  t.teardown(() => server.shutdown());
  const { port } = new URL(base);

  const rssBefore = process.memoryUsage().rss;
  // Opened 100 at a time, each once connected: 2,000 connects at once overflow the listen backlog on a loaded machine.
  const sockets: Socket[] = [];
  const open = (): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.off('error', reject);
        socket.on('error', () => undefined);
        socket.write(WATCH);
        resolve(socket);
      });
      socket.on('error', reject);
      socket.on('data', () => undefined);
    });
  while (sockets.length < 2000) sockets.push(...(await Promise.all(Array.from({ length: 100 }, open))));
  t.ok(await eventually(() => running === 2000, 120_000), `2,000 watches running (${running})`);
  const rssOpen = process.memoryUsage().rss;
  for (const s of sockets) s.destroy();
  t.ok(await eventually(() => running === 0 && server.inFlightRequests === 0, 30_000), `released: ${running} running, ${server.inFlightRequests} in flight`);

  const pipelined = connect(Number(port), '127.0.0.1');
  pipelined.on('error', () => undefined);
  pipelined.on('data', () => undefined);
  pipelined.write(WATCH.repeat(2000));
  await sleep(1000);
  t.equal(running, 1, 'one watch at a time on a connection, as Go');
  pipelined.destroy();
  t.ok(await eventually(() => running === 0 && server.inFlightRequests === 0, 30_000), `pipelined watches released: ${running} running, ${server.inFlightRequests} in flight`);
  t.equal(started, 2001, 'the watches queued behind the first never started');

  await sleep(200);
  const rssAfter = process.memoryUsage().rss;
  t.comment(`RSS (server and clients in one process): ${mib(rssBefore)} before, ${mib(rssOpen)} with 2,000 watches open, ${mib(rssAfter)} after they were abandoned`);
  t.ok(rssAfter - rssBefore < 200 * 2 ** 20, 'RSS did not keep the watches');
});
