/**
 * Issue #19's heavy requests as cases of the process-level test: each is sent while a client polls `/readyz` every
 * 50 ms (`readyz-under-load.ts`), so one run checks both that the answer is no 5xx (the finding) and that every
 * poll was answered within 5 s (the event loop never froze).
 */
import type { Test } from 'tap';
import { POLL_TIMEOUT_MILLIS, runHeavy } from '../reliability/readyz-under-load.js';
import { expectNoServerError, type FindingContext } from './finding.js';
import { HEAVY_REQUESTS, type HeavyRequestTemplate } from './heavy-requests.js';
import { keepAliveAgent } from './http-probe.js';

/** The request limit the heavy bodies stay under. */
const MAX_BODY_BYTES = 3 * 1024 * 1024;

/** A case of the process-level test: its problems, with any assertions of its own made on `t`. */
export interface ProcessCase {
  readonly name: string;
  check(ctx: FindingContext, t: Test): Promise<string[]>;
}

/** One heavy request with /readyz polled meanwhile: the polls asserted on `t`, a 5xx or no answer as the problem. */
function heavyCase({ name, probe, timeoutMillis }: HeavyRequestTemplate): ProcessCase {
  return {
    name: `heavy: ${name}`,
    async check(ctx, t) {
      const agent = keepAliveAgent();
      try {
        const heavy = timeoutMillis === undefined ? { name, probe: probe(ctx.ns) } : { name, probe: probe(ctx.ns), timeoutMillis };
        const outcome = await runHeavy(ctx.url, heavy, agent);
        const { answer, bodyBytes, latencies } = outcome;
        const slowest = Math.max(...latencies);
        const took = answer.status === 0 ? `no answer within ${outcome.timeoutMillis} ms` : `${answer.status} in ${outcome.millis.toFixed(0)} ms`;
        t.comment(`${name}: ${(bodyBytes / 1024).toFixed(0)} KiB body → ${took}; ${latencies.length} polls, slowest /readyz ${slowest.toFixed(0)} ms`);
        t.ok(answer.status > 0 && answer.status < 500, `${name}: answered ${answer.status}, not a 5xx`);
        t.ok(bodyBytes <= MAX_BODY_BYTES, `${name}: body ${bodyBytes} B within the 3 MiB limit`);
        t.ok(Number.isFinite(slowest), `${name}: every /readyz poll answered within ${POLL_TIMEOUT_MILLIS} ms`);
        return expectNoServerError(answer, `${name} (bounded by ${outcome.timeoutMillis} ms)`);
      } finally {
        agent.destroy();
      }
    },
  };
}

/** The heavy requests as process-level cases. */
export const HEAVY_CASES: readonly ProcessCase[] = HEAVY_REQUESTS.map(heavyCase);
