// bench/lib/quiet-machine.mjs: `npm run bench` waits for the load average to drop before each benchmark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { quietSettings, waitForQuietMachine } from '../../bench/lib/quiet-machine.mjs';

test('quietSettings reads BENCH_QUIET_LOAD and BENCH_QUIET_SECONDS', () => {
  assert.deepEqual(quietSettings({}), { below: 1, maxSeconds: 300 });
  assert.deepEqual(quietSettings({ BENCH_QUIET_LOAD: '0.5', BENCH_QUIET_SECONDS: '20' }), { below: 0.5, maxSeconds: 20 });
  assert.equal(quietSettings({ BENCH_QUIET_LOAD: 'off' }), undefined);
  assert.throws(() => quietSettings({ BENCH_QUIET_LOAD: 'quiet' }), /BENCH_QUIET_LOAD/);
});

test('waitForQuietMachine returns once the load is below the threshold', async () => {
  const loads = [1.6, 1.2, 0.8];
  const result = await waitForQuietMachine({ below: 1, maxSeconds: 60, pollMs: 1 }, () => loads.shift());
  assert.equal(result.quiet, true);
  assert.equal(result.load, 0.8);
  assert.equal(loads.length, 0);
});

test('waitForQuietMachine gives up after maxSeconds and says so', async () => {
  const result = await waitForQuietMachine({ below: 1, maxSeconds: 0 }, () => 3);
  assert.deepEqual({ quiet: result.quiet, load: result.load }, { quiet: false, load: 3 });
});
