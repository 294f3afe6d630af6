/**
 * Pacing of heavy request bodies (issue #19): between the phases of decoding, patching, field tracking and
 * encoding a large body, the handler lets the event loop run other work (health checks, other requests), so no
 * single valid request holds it for the whole of its processing.
 */

/** Bodies from this size on yield between processing phases; smaller ones run straight through. */
export const PACED_BODY_BYTES = 64 * 1024;

/** Resolves on the event loop's next check phase: timers, I/O and other requests run first. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A pause between phases for a body of `bodyBytes`: a yield for large bodies, nothing for small ones. */
export type Pace = () => Promise<void> | undefined;

/** The {@link Pace} for a request body of `bodyBytes` bytes. */
export function paceFor(bodyBytes: number): Pace {
  return bodyBytes >= PACED_BODY_BYTES ? yieldToEventLoop : () => undefined;
}
