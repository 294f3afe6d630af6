import t from 'tap';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText } from '../helpers.js';

const quiet = { log: () => undefined, panicLogger: () => undefined };

t.test("a delegate's post-start and pre-shutdown hooks run when the front server starts and stops", async (t) => {
  const events: string[] = [];
  let releaseDelegateHook: () => void = () => undefined;
  const extensions = new GenericAPIServer(quiet);
  extensions.addPostStartHook('start-extensions-controllers', () => new Promise<void>((resolve) => {
    events.push('extensions hook started');
    releaseDelegateHook = resolve;
  }));
  extensions.addPreShutdownHook('stop-extensions', () => {
    events.push('extensions pre-shutdown');
  });
  const front = new GenericAPIServer({ ...quiet, delegate: extensions });
  front.addPostStartHook('front-hook', () => {
    events.push('front hook');
  });
  const prepared = front.prepareRun();
  t.equal(front.prepareRun(), prepared, 'prepareRun is idempotent');
  const [url] = await prepared.nonBlockingRun({ bindAddress: '127.0.0.1', port: 0 });
  t.teardown(() => front.shutdown());
  await new Promise((r) => setTimeout(r, 20));
  t.same(events.sort(), ['extensions hook started', 'front hook']);
  const notReady = await fetchText(`${url}/readyz?verbose`);
  t.equal(notReady.status, 500, 'not ready while the delegate hook runs');
  t.match(notReady.body, /\[-\]poststarthook\/start-extensions-controllers failed/);
  t.match(notReady.body, /\[\+\]poststarthook\/front-hook ok/);
  releaseDelegateHook();
  await new Promise((r) => setTimeout(r, 20));
  const ready = await fetchText(`${url}/healthz/poststarthook/start-extensions-controllers`);
  t.equal(ready.status, 200, "the delegate's hook check is served by the front server");
  t.equal((await fetchText(`${url}/readyz`)).status, 200);
  await front.shutdown();
  t.ok(events.includes('extensions pre-shutdown'), "the delegate's pre-shutdown hook ran");
});

t.test('run(signal) serves until the signal aborts, then shuts down', async (t) => {
  const server = new GenericAPIServer(quiet);
  const stop = new AbortController();
  let url = '';
  const running = server.prepareRun().run({ bindAddress: '127.0.0.1', port: 0 }, stop.signal, (urls) => {
    url = urls[0] ?? '';
  });
  while (url === '') await new Promise((r) => setTimeout(r, 5));
  t.equal((await fetchText(`${url}/healthz`)).status, 200, 'serving');
  stop.abort();
  await running;
  await t.rejects(fetchText(`${url}/healthz`), 'no longer listening after the abort');
  const aborted = new AbortController();
  aborted.abort();
  await server.prepareRun().run({ bindAddress: '127.0.0.1', port: 0 }, aborted.signal);
  t.pass('an already aborted signal returns without listening');
});
