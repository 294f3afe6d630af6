import type { Profiler } from 'node:inspector';
import { ProfileBuilder } from './profile-builder.js';
import type { PprofProfile } from './profile-proto.js';
import { inspectorSession } from './inspector-session.js';

/** V8's sampling interval we ask for, in microseconds (V8's default). */
export const CPU_SAMPLING_INTERVAL_MICROS = 1000;

/** Thrown when a CPU profile is requested while another one runs (Go: `cpu profiling already in use`). */
export class CPUProfilingInUseError extends Error {
  /** Creates the error. */
  constructor() {
    super('cpu profiling already in use');
    this.name = 'CPUProfilingInUseError';
  }
}

let running = false;

/** The parent of each node of a V8 CPU profile. */
function parentsOf(nodes: readonly Profiler.ProfileNode[]): Map<number, Profiler.ProfileNode> {
  const parents = new Map<number, Profiler.ProfileNode>();
  for (const node of nodes) for (const child of node.children ?? []) parents.set(child, node);
  return parents;
}

/**
 * A V8 CPU profile as pprof's: sample types `samples`/`count` and `cpu`/`nanoseconds` (as Go's CPU profile), one
 * sample per profile node that was hit, its stack from the node up to (not including) V8's `(root)`.
 */
export function cpuProfileToPprof(profile: Profiler.Profile, startMillis: number): PprofProfile {
  const builder = new ProfileBuilder();
  const hits = new Map<number, { count: number; micros: number }>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const hit = hits.get(id) ?? { count: 0, micros: 0 };
    hit.count++;
    hit.micros += Math.max(0, deltas[i] ?? 0);
    hits.set(id, hit);
  });
  const parents = parentsOf(profile.nodes);
  for (const node of profile.nodes) {
    const hit = hits.get(node.id);
    if (hit === undefined) continue;
    const stack: number[] = [];
    for (let n: Profiler.ProfileNode | undefined = node; n !== undefined && parents.has(n.id); n = parents.get(n.id)) {
      stack.push(builder.location(n.callFrame));
    }
    builder.sample(stack, [hit.count, Math.round(hit.micros * 1000)]);
  }
  return builder.build({
    sampleTypes: [
      ['samples', 'count'],
      ['cpu', 'nanoseconds'],
    ],
    periodType: ['cpu', 'nanoseconds'],
    period: CPU_SAMPLING_INTERVAL_MICROS * 1000,
    startMillis,
    durationMillis: (profile.endTime - profile.startTime) / 1000,
  });
}

/** Resolves after `millis`, or earlier when `signal` aborts. */
function sleep(millis: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, millis);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Profiles this process's JavaScript thread for `seconds` (ended early when `signal` aborts, as Go's handler stops
 * when its request is done) with V8's sampling profiler; throws {@link CPUProfilingInUseError} when a profile runs.
 */
export async function collectCPUProfile(seconds: number, signal?: AbortSignal): Promise<PprofProfile> {
  if (running) throw new CPUProfilingInUseError();
  running = true;
  const session = inspectorSession();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: CPU_SAMPLING_INTERVAL_MICROS });
    const startMillis = Date.now();
    await session.post('Profiler.start');
    await sleep(seconds * 1000, signal);
    const { profile } = await session.post('Profiler.stop');
    return cpuProfileToPprof(profile, startMillis);
  } finally {
    await session.post('Profiler.disable').catch(() => undefined);
    running = false;
  }
}
