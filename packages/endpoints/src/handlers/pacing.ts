/**
 * Pacing of heavy request bodies (issue #19): between the phases of decoding, patching, field tracking and
 * encoding a large body, the handler lets the event loop run other work (health checks, other requests), and the
 * long passes inside a phase run sliced by the body's {@link TimeSlicer}, so no single valid request holds the loop
 * for more than a slice.
 */
import { nextMacrotask, TimeSlicer } from '@apiserver/runtime';

/** Bodies from this size on yield between processing phases and slice their long passes; smaller ones run straight through. */
export const PACED_BODY_BYTES = 64 * 1024;

/** Resolves on the event loop's next check phase: timers, I/O and other requests run first. */
export function yieldToEventLoop(): Promise<void> {
  return nextMacrotask();
}

/**
 * A pause between phases for a body of `bodyBytes`: a yield for large bodies, nothing for small ones. The pace of a
 * large body carries the {@link TimeSlicer} its sliced passes run on.
 */
export type Pace = (() => Promise<void> | undefined) & { readonly slicer?: TimeSlicer };

const unpaced: Pace = () => undefined;

/** The {@link Pace} for a request body of `bodyBytes` bytes. */
export function paceFor(bodyBytes: number): Pace {
  if (bodyBytes < PACED_BODY_BYTES) return unpaced;
  const slicer = new TimeSlicer();
  return Object.assign(() => slicer.yield(), { slicer });
}
