/**
 * The request deadlines' shared timers: each deadline expires once, no earlier than its timeout (within node's
 * millisecond clock), in start order per timeout value; cancelled ones never expire; many requests use one timer.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { DeadlineTimers } from '../../src/handlers/deadline-timers.js';

t.test('deadlines expire in order, on time, once; cancelled ones never', async (t) => {
  const timers = new DeadlineTimers();
  const expired: [string, number][] = [];
  // Each deadline's due time counts from its own add: the 5 ms sleep below runs on libuv's loop clock, which may lag
  // performance.now(), so d30 can be added before 5 ms have passed on this clock.
  const due = new Map<string, number>();
  const start = performance.now();
  const add = (name: string, ms: number) => {
    due.set(name, performance.now() - start + ms);
    return timers.add(ms, () => expired.push([name, performance.now() - start]));
  };
  add('a30', 30);
  const b = add('b30', 30);
  add('c10', 10);
  await sleep(5);
  add('d30', 30);
  add('e60', 60);
  timers.cancel(b);
  timers.cancel(b);
  // Four pending, less c10 when a loaded machine made the 5 ms sleep last past its 10 ms deadline.
  t.equal(timers.size + expired.length, 4);
  t.ok(expired.every(([name]) => name === 'c10'), 'only c10 can have expired yet');
  await sleep(90);
  t.same(
    expired.map(([name]) => name),
    ['c10', 'a30', 'd30', 'e60'],
  );
  for (const [name, at] of expired) {
    const dueAt = due.get(name) ?? Number.POSITIVE_INFINITY;
    t.ok(at >= dueAt - 1, `${name} not before its deadline (${at.toFixed(1)} ms >= ${dueAt.toFixed(1)} ms)`);
  }
  t.equal(timers.size, 0);
});

t.test('a deadline cancelled after it expired, and an expiry adding another', async (t) => {
  const timers = new DeadlineTimers();
  const ran: string[] = [];
  // Waits on the expiries themselves, not on a sleep: a loaded machine may run them any time after they are due. The
  // shared timer is unreferenced, so a referenced one holds the process meanwhile.
  const hold = setInterval(() => {}, 1000);
  t.teardown(() => clearInterval(hold));
  let second: Promise<void> | undefined;
  const first = await new Promise<ReturnType<typeof timers.add>>((resolveFirst) => {
    const d = timers.add(5, () => {
      ran.push('first');
      second = new Promise((resolveSecond) =>
        timers.add(5, () => {
          ran.push('second');
          resolveSecond();
        }),
      );
      resolveFirst(d);
    });
  });
  t.same(ran, ['first'], 'the second has its own 5 ms to wait');
  t.equal(timers.size, 1);
  timers.cancel(first);
  t.equal(timers.size, 1, 'cancelling the expired first leaves the second pending');
  t.ok(second, 'the first expiry added the second');
  await second;
  t.same(ran, ['first', 'second']);
  t.equal(timers.size, 0);
});

t.test('many deadlines of one timeout share one node timer', async (t) => {
  const timers = new DeadlineTimers();
  const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const deadlines = Array.from({ length: 1000 }, () => timers.add(60_000, () => t.fail('cancelled deadline expired')));
  const during = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  t.ok(during - before <= 1, `one timer for 1,000 deadlines (${during - before})`);
  for (const d of deadlines.reverse()) timers.cancel(d);
  t.equal(timers.size, 0);
});

t.test('a deadline counts from its start; one that started before the pending ones expires first, on time', async (t) => {
  const timers = new DeadlineTimers();
  const expired: [string, number][] = [];
  const start = performance.now();
  const add = (name: string, from: number) => timers.add(40, () => expired.push([name, performance.now() - start]), from);
  add('now', start);
  add('earlier-by-30', start - 30);
  add('earlier-by-35', start - 35);
  add('later-by-5', start + 5);
  t.equal(timers.size, 4);
  // node runs due timers in the order of their due times, however late the loop gets to them: what had expired when a
  // timer due at 30 ms ran tells whether the earliest deadline armed a timer of its own (due at 5 ms) or waited for
  // the one of 'now' (40 ms), without depending on how busy the machine is.
  let expiredAt30: string[] = [];
  setTimeout(() => {
    expiredAt30 = expired.map(([name]) => name);
  }, 30);
  await sleep(70);
  t.same(
    expired.map(([name]) => name),
    ['earlier-by-35', 'earlier-by-30', 'now', 'later-by-5'],
  );
  const due: Record<string, number> = { 'earlier-by-35': 5, 'earlier-by-30': 10, now: 40, 'later-by-5': 45 };
  for (const [name, at] of expired) t.ok(at >= (due[name] ?? 0) - 1, `${name} not before its deadline (${at.toFixed(1)} ms)`);
  // (On a busy machine the later ones may have come due by the time the earliest timer runs, and expire with them.)
  t.same(expiredAt30.slice(0, 2), ['earlier-by-35', 'earlier-by-30'], "the earliest did not wait for the later ones' timer");
  t.equal(timers.size, 0);
});

t.test('keepAlive: the shared timer holds the process only while a deadline is pending', async (t) => {
  const refTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const base = refTimers();
  const plain = new DeadlineTimers();
  const p = plain.add(60_000, () => t.fail('cancelled deadline expired'));
  t.equal(refTimers(), base, 'without keepAlive the timer is unreferenced');
  plain.cancel(p);
  const timers = new DeadlineTimers({ keepAlive: true });
  const a = timers.add(60_000, () => t.fail('cancelled deadline expired'));
  const b = timers.add(60_000, () => t.fail('cancelled deadline expired'));
  t.equal(refTimers(), base + 1, 'one referenced timer for two pending deadlines');
  timers.cancel(a);
  t.equal(refTimers(), base + 1, 'still referenced while one is pending');
  timers.cancel(b);
  t.equal(refTimers(), base, 'unreferenced once none is pending');
  const c = timers.add(60_000, () => t.fail('cancelled deadline expired'));
  t.equal(refTimers(), base + 1, 'referenced again by a new deadline');
  timers.cancel(c);
  t.equal(refTimers(), base);
  const expired = await new Promise<boolean>((resolve) => timers.add(5, () => resolve(true)));
  t.ok(expired, 'a pending deadline expires with nothing else keeping the loop busy');
});
