/**
 * Issue #19's heavy requests against a kube-lite process while a client polls `/readyz` every 50 ms: shared by
 * the process-level hostile test (`hostile/heavy-under-load.ts`: every request answered, no 5xx, every poll
 * answered: the event loop never froze) and by `bench/readyz-latency.mjs` (how long the slowest poll took, against
 * an idle server in the same run).
 */
import type { Agent } from 'node:http';
import { type HeavyRequest, HEAVY_TARGET } from '../hostile/heavy-requests.js';
import { type Answer, send } from '../hostile/http-probe.js';
import { type KubeLiteProcess, spawnKubeLite } from './kube-lite-process.js';

const POLL_EVERY_MILLIS = 50;
/** A poll not answered by then counts as an infinite latency (a frozen event loop). */
export const POLL_TIMEOUT_MILLIS = 5_000;
/**
 * A heavy request not answered by then is a freeze. Linear processing answers the patches in well under a second;
 * the 2.8 MiB create took 3-4 s on a loaded machine and 12.5 s at load 9-12.
 */
export const HEAVY_TIMEOUT_MILLIS = 60_000;

/** Polls /readyz every {@link POLL_EVERY_MILLIS} until `stop` settles: every poll's latency in ms. */
export async function pollReadyz(url: string, agent: Agent, stop: Promise<unknown>): Promise<number[]> {
  let stopped = false;
  void stop.finally(() => {
    stopped = true;
  });
  const latencies: number[] = [];
  while (!stopped) {
    const started = performance.now();
    const answer = await send(url, { method: 'GET', path: '/readyz' }, agent, POLL_TIMEOUT_MILLIS);
    const took = performance.now() - started;
    latencies.push(answer.status === 200 ? took : Number.POSITIVE_INFINITY);
    await new Promise((r) => setTimeout(r, Math.max(0, POLL_EVERY_MILLIS - took)));
  }
  return latencies;
}

/** Starts kube-lite with `namespace` and the ConfigMap the heavy requests target. */
export async function startHeavyServer(namespace: string): Promise<KubeLiteProcess> {
  const kl = await spawnKubeLite([], 120_000);
  const create = (path: string, body: object) => send(kl.url, { method: 'POST', path, body: JSON.stringify(body) }, false);
  const ns = await create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  const target = await create(`/api/v1/namespaces/${namespace}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: HEAVY_TARGET }, data: { a: 'b' } });
  if (ns.status !== 201 || target.status !== 201) throw new Error(`set-up: namespace ${ns.status}, target ${target.status}`);
  return kl;
}

/** One heavy request's outcome with the /readyz latencies seen meanwhile. */
export interface HeavyOutcome {
  readonly answer: Answer;
  readonly bodyBytes: number;
  readonly timeoutMillis: number;
  readonly millis: number;
  readonly latencies: readonly number[];
}

/** Sends `heavy` to `url` and polls /readyz on `agent` until it is answered. */
export async function runHeavy(url: string, heavy: HeavyRequest, agent: Agent): Promise<HeavyOutcome> {
  const bodyBytes = heavy.probe.body === undefined ? 0 : Buffer.byteLength(heavy.probe.body);
  const started = performance.now();
  const timeoutMillis = heavy.timeoutMillis ?? HEAVY_TIMEOUT_MILLIS;
  const request = send(url, heavy.probe, false, timeoutMillis);
  const latencies = await pollReadyz(url, agent, request);
  return { answer: await request, bodyBytes, timeoutMillis, millis: performance.now() - started, latencies };
}
