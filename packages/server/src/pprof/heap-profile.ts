import { ProfileBuilder, type V8CallFrame } from './profile-builder.js';
import type { PprofProfile } from './profile-proto.js';
import { inspectorSession } from './inspector-session.js';

/** Bytes between two sampled allocations on average (Go's `runtime.MemProfileRate`, 512 KiB). */
export const HEAP_SAMPLING_INTERVAL_BYTES = 512 * 1024;

/** A node of V8's sampling heap profile (the protocol's `SamplingHeapProfileNode`, with its `id`). */
export interface SamplingHeapProfileNode {
  /** Where the allocations were made. */
  readonly callFrame: V8CallFrame;
  /** The estimated bytes of live objects allocated here (not in callees). */
  readonly selfSize: number;
  /** The node's ID, which samples refer to. */
  readonly id: number;
  /** Its callees. */
  readonly children: readonly SamplingHeapProfileNode[];
}

/** V8's sampling heap profile (the protocol's `SamplingHeapProfile`, with its `samples`). */
export interface SamplingHeapProfile {
  /** The root of the allocation tree. */
  readonly head: SamplingHeapProfileNode;
  /** Each sampled live object: its size and node. */
  readonly samples?: readonly { readonly size: number; readonly nodeId: number }[];
}

let sampling: Promise<number> | undefined;

/**
 * Starts V8's sampling heap profiler (once per process); resolves to when it started, in ms since the epoch.
 * Allocations are only sampled from then on, so the profiling routes start it when they are installed.
 */
export function startHeapSampling(): Promise<number> {
  sampling ??= (async () => {
    const session = inspectorSession();
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', { samplingInterval: HEAP_SAMPLING_INTERVAL_BYTES });
    return Date.now();
  })();
  return sampling;
}

/** Sampled objects per node: V8 reports their estimated bytes (`selfSize`); the samples give the objects' sizes. */
function objectsPerNode(profile: SamplingHeapProfile): Map<number, { samples: number; bytes: number }> {
  const perNode = new Map<number, { samples: number; bytes: number }>();
  for (const s of profile.samples ?? []) {
    const entry = perNode.get(s.nodeId) ?? { samples: 0, bytes: 0 };
    entry.samples++;
    entry.bytes += s.size;
    perNode.set(s.nodeId, entry);
  }
  return perNode;
}

/**
 * A V8 sampling heap profile as pprof's: sample types `inuse_objects`/`count` and `inuse_space`/`bytes` (the live
 * part of Go's heap profile), one sample per allocation site with live sampled objects, its stack leaf first.
 */
export function heapProfileToPprof(profile: SamplingHeapProfile): PprofProfile {
  const builder = new ProfileBuilder();
  const objects = objectsPerNode(profile);
  const visit = (node: SamplingHeapProfileNode, stack: readonly number[]): void => {
    const here = node.callFrame.functionName === '(root)' && stack.length === 0 ? stack : [builder.location(node.callFrame), ...stack];
    const sampled = objects.get(node.id);
    if (node.selfSize > 0 && sampled !== undefined) {
      // The objects scale as the bytes do: V8's selfSize is the sampled bytes scaled up to an estimate.
      const count = Math.max(1, Math.round((sampled.samples * node.selfSize) / Math.max(1, sampled.bytes)));
      builder.sample([...here], [count, node.selfSize]);
    }
    for (const child of node.children) visit(child, here);
  };
  visit(profile.head, []);
  return builder.build({
    sampleTypes: [
      ['inuse_objects', 'count'],
      ['inuse_space', 'bytes'],
    ],
    periodType: ['space', 'bytes'],
    period: HEAP_SAMPLING_INTERVAL_BYTES,
    // As Go's heap profile: taken now, covering no duration.
    startMillis: Date.now(),
    durationMillis: 0,
  });
}

/** The live objects sampled since {@link startHeapSampling} (started now if it was not), as a pprof profile. */
export async function collectHeapProfile(): Promise<PprofProfile> {
  await startHeapSampling();
  const { profile } = await inspectorSession().post('HeapProfiler.getSamplingProfile');
  // @types/node leaves out the node IDs and samples the protocol sends.
  return heapProfileToPprof(profile as unknown as SamplingHeapProfile);
}
