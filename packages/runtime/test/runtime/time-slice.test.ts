import t from 'tap';
import { CHEAP_STEPS_PER_YIELD, cheapStepDue, nextMacrotask, runWhole, type SlicedPass, TimeSlicer } from '../../src/runtime/time-slice.js';
import { sortSteps } from '../../src/runtime/sort-steps.js';

/** A pass that sums `n` numbers, spinning `spinMicros` per item. */
function* sumOf(n: number, spinMicros = 0): SlicedPass<number> {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const until = performance.now() + spinMicros / 1000;
    while (performance.now() < until) {
      // busy
    }
    sum += i;
    yield;
  }
  return sum;
}

t.test('runWhole returns the pass result without yielding', (t) => {
  t.equal(runWhole(sumOf(1000)), 499500);
  function* oneStep(): SlicedPass<string> {
    yield;
    return 'x';
  }
  t.equal(runWhole(oneStep()), 'x');
  t.end();
});

t.test('a pass shorter than a slice runs without yielding', async (t) => {
  const slicer = new TimeSlicer(10_000);
  t.equal(await slicer.run(sumOf(10_000)), 49995000);
  t.equal(slicer.yields, 0);
  t.equal(slicer.pause(), undefined, 'no promise between phases while the slice lasts');
});

t.test('a long pass yields and other macrotasks run between its slices', async (t) => {
  const slicer = new TimeSlicer(5);
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  const started = performance.now();
  const sum = await slicer.run(sumOf(2000, 50)); // ≥ 100 ms of work
  clearInterval(timer);
  const took = performance.now() - started;
  t.equal(sum, 1999000, 'same result as the pass run whole');
  t.ok(slicer.yields >= 5, `yielded ${slicer.yields} times in ${took.toFixed(0)} ms`);
  t.ok(ticks >= 3, `a 1 ms interval ran ${ticks} times during the pass`);
});

t.test('the slice clock carries across passes and pauses', async (t) => {
  const slicer = new TimeSlicer(1);
  const spin = performance.now() + 5;
  while (performance.now() < spin) {
    // busy past the slice
  }
  t.ok(slicer.due());
  const pause = slicer.pause();
  t.ok(pause instanceof Promise, 'a spent slice makes the pause a yield');
  await pause;
  t.equal(slicer.yields, 1);
  t.notOk(slicer.due() && slicer.budgetMillis > 1000);
});

t.test('a pass that throws rejects run with its error', async (t) => {
  function* failing(): SlicedPass<number> {
    yield;
    throw new Error('bad item');
  }
  await t.rejects(new TimeSlicer().run(failing()), /bad item/);
});

t.test('cheapStepDue is true once every CHEAP_STEPS_PER_YIELD calls', (t) => {
  // Other passes in this process may have used part of the current count: find its end first.
  let calls = 1;
  while (!cheapStepDue()) calls++;
  t.ok(calls <= CHEAP_STEPS_PER_YIELD, `the count ended within ${CHEAP_STEPS_PER_YIELD} calls (${calls})`);
  const due: number[] = [];
  for (let i = 1; i <= 3 * CHEAP_STEPS_PER_YIELD; i++) if (cheapStepDue()) due.push(i);
  t.same(due, [1, 2, 3].map((k) => k * CHEAP_STEPS_PER_YIELD));
  t.end();
});

t.test('nextMacrotask resolves after pending immediates', async (t) => {
  const order: string[] = [];
  setImmediate(() => order.push('immediate'));
  await nextMacrotask();
  order.push('after');
  t.same(order, ['immediate', 'after']);
});

t.test('sortSteps sorts as the native stable sort does', (t) => {
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const next = random(7);
  for (const n of [0, 1, 5, 2048, 2049, 5000, 40_000]) {
    const items = Array.from({ length: n }, (_, i) => ({ key: Math.floor(next() * (n / 3 + 1)), i }));
    const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
    const sorted = runWhole(sortSteps(items, byKey));
    t.same(sorted, items.slice().sort(byKey), `${n} items with ties, stable`);
  }
  const keys = Array.from({ length: 10_000 }, (_, i) => `k${i}`);
  t.same(runWhole(sortSteps(keys, (a, b) => (a < b ? -1 : a > b ? 1 : 0))), keys.slice().sort());
  t.end();
});
