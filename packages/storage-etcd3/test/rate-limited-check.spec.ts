import t from 'tap';
import { notYetEstablishedMessage, rateLimitedCheck } from '../src/rate-limited-check.js';

/** A probe whose calls are settled by the test, and a clock the test moves. */
function rig() {
  const pending: { resolve: () => void; reject: (err: Error) => void }[] = [];
  let clock = 1_000;
  const probe = (): Promise<void> => new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  const check = rateLimitedCheck(probe, { intervalMs: 1_000, now: () => clock });
  return { check, pending, advance: (ms: number) => (clock += ms) };
}

const outcome = (p: Promise<void>): Promise<string> => p.then(
  () => 'ok',
  (err: unknown) => (err instanceof Error ? err.message : String(err)),
);

t.test('one probe per interval; checks in between answer with the last outcome', async (t) => {
  const { check, pending, advance } = rig();
  const first = outcome(check());
  t.equal(pending.length, 1, 'the first check probes');
  t.equal(await outcome(check()), notYetEstablishedMessage, 'a check while the first probe is in flight: not yet established');
  t.equal(pending.length, 1, 'and sends no probe');
  pending[0]?.resolve();
  t.equal(await first, 'ok');
  advance(999);
  t.equal(await outcome(check()), 'ok', 'within the interval: the last outcome, no probe');
  t.equal(pending.length, 1);
  advance(1);
  const second = outcome(check());
  t.equal(pending.length, 2, 'after the interval: a new probe');
  pending[1]?.reject(new Error('quorum lost'));
  t.equal(await second, 'quorum lost');
  advance(500);
  t.equal(await outcome(check()), 'quorum lost', 'a failure is answered until the next probe');
  advance(500);
  const third = outcome(check());
  pending[2]?.resolve();
  t.equal(await third, 'ok', 'green again at the next probe');
});

t.test('a slow probe does not overwrite the outcome of a later one', async (t) => {
  const { check, pending, advance } = rig();
  const slow = outcome(check());
  advance(1_000);
  const fast = outcome(check());
  pending[1]?.resolve();
  t.equal(await fast, 'ok');
  pending[0]?.reject(new Error('deadline exceeded'));
  t.equal(await slow, 'deadline exceeded', 'the slow probe still answers its own check');
  advance(10);
  t.equal(await outcome(check()), 'ok', 'later checks get the newer outcome');
});
