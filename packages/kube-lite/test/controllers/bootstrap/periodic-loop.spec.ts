import t from 'tap';
import { PeriodicLoop } from '../../../src/controllers/bootstrap/periodic-loop.js';

t.test('a failed first sync is retried within a second, not after the interval', async (t) => {
  let calls = 0;
  const errors: unknown[] = [];
  const loop = new PeriodicLoop(
    async () => {
      calls++;
      if (calls === 1) throw new Error('storage not ready');
    },
    60_000,
    (err) => errors.push(err),
  );
  t.teardown(() => loop.stop());
  const started = Date.now();
  await loop.start();
  const waited = Date.now() - started;
  t.equal(calls, 2, 'one failure, then one success');
  t.equal(errors.length, 1, 'the failure is reported');
  t.ok(waited >= 900 && waited < 5_000, `start resolved after the 1 s retry (${waited} ms), not the 60 s interval`);
});

t.test('a shorter interval retries sooner, then keeps syncing every interval', async (t) => {
  let calls = 0;
  const loop = new PeriodicLoop(
    async () => {
      calls++;
      if (calls === 1) throw new Error('once');
    },
    50,
    () => undefined,
  );
  const started = Date.now();
  await loop.start();
  t.ok(Date.now() - started < 900, 'retried after the 50 ms interval');
  await new Promise((r) => setTimeout(r, 500));
  await loop.stop();
  const after = calls;
  t.ok(after >= 3, `kept syncing (${after} syncs)`);
  await new Promise((r) => setTimeout(r, 150));
  t.equal(calls, after, 'no sync after stop');
});
