// Waiting for a quiet machine before a benchmark starts. The figures of one run are compared with each
// other, but a run that starts while the build (or a previous benchmark) still loads the cores measures
// the tail of that work too. `npm run bench` waits, between benchmarks, until the 1-minute load average
// is below BENCH_QUIET_LOAD (default 1; `off` skips the wait) or BENCH_QUIET_SECONDS (default 300) have
// passed, and says which happened.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** How often the load average is read while waiting, by default. */
const POLL_MS = 2000;

/**
 * The wait asked for by the environment: `undefined` when `BENCH_QUIET_LOAD=off`.
 * @returns {{ below: number, maxSeconds: number } | undefined}
 */
export function quietSettings(env = process.env) {
  if (env.BENCH_QUIET_LOAD === 'off') return undefined;
  const below = Number(env.BENCH_QUIET_LOAD ?? 1);
  const maxSeconds = Number(env.BENCH_QUIET_SECONDS ?? 300);
  if (!(below > 0) || !(maxSeconds >= 0)) {
    throw new Error(`BENCH_QUIET_LOAD must be a positive number or "off", BENCH_QUIET_SECONDS a number of seconds`);
  }
  return { below, maxSeconds };
}

/**
 * Waits until the 1-minute load average is below `below`, for at most `maxSeconds`, reading it every `pollMs`.
 * @returns {Promise<{ load: number, waitedSeconds: number, quiet: boolean }>}
 */
export async function waitForQuietMachine({ below, maxSeconds, pollMs = POLL_MS }, readLoad = () => loadavg()[0] ?? 0) {
  const started = Date.now();
  for (;;) {
    const load = readLoad();
    const waitedSeconds = (Date.now() - started) / 1000;
    if (load < below) return { load, waitedSeconds, quiet: true };
    if (waitedSeconds >= maxSeconds) return { load, waitedSeconds, quiet: false };
    await sleep(pollMs);
  }
}
