/**
 * Time slicing of long passes (issue #19): a pass over 100,000+ items (a map of a large ConfigMap, a list of
 * finalizers) is written as a generator that yields between items (once every {@link CHEAP_STEPS_PER_YIELD} cheap
 * items, after each chunk or phase); a {@link TimeSlicer} runs it and lets the event loop serve other work (health
 * checks, other requests) whenever a slice of {@link TIME_SLICE_MILLIS} is spent. Only large request bodies take
 * the sliced passes; small ones keep their plain synchronous functions.
 */

/** A pass split into steps: a generator that yields between its items and returns the pass's result. */
export type SlicedPass<T> = Generator<void, T, void>;

/** How long one slice of a pass may hold the event loop before it yields (milliseconds of wall time). */
export const TIME_SLICE_MILLIS = 20;

/**
 * Cheap steps (one item of a loop: a map entry, a list item) between two yields of a sliced pass. A yield resumes
 * every generator between the runner and the step, and the runner reads the clock after each, so a yield per item
 * cost about as much as the items' own work; a step whose work has no bound (a chunk, a whole phase) still yields
 * every time.
 */
export const CHEAP_STEPS_PER_YIELD = 64;

let cheapStepsLeft = CHEAP_STEPS_PER_YIELD;

/**
 * Whether a cheap step should yield: true once every {@link CHEAP_STEPS_PER_YIELD} calls, counted over every pass
 * of the process (the count carries across nested loops, so a walk of many small collections yields as often as a
 * walk of one large one). Written `if (cheapStepDue()) yield;` after each item.
 */
export function cheapStepDue(): boolean {
  if (--cheapStepsLeft > 0) return false;
  cheapStepsLeft = CHEAP_STEPS_PER_YIELD;
  return true;
}

/**
 * Resolves in a later macrotask: `setImmediate`, run in the event loop's check phase. Awaited from the check phase
 * (a continuation after an earlier yield), the loop first polls for I/O, so a pending request is read and answered
 * before the pass goes on; awaited from an I/O callback, the first hop reaches the check phase of the same turn
 * and only the next hop passes through the poll (see {@link TimeSlicer.yield}).
 */
export function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs a sliced pass straight through (no yield to the event loop): its result as the plain pass returns it. */
export function runWhole<T>(pass: SlicedPass<T>): T {
  for (;;) {
    const step = pass.next();
    if (step.done === true) return step.value;
  }
}

/**
 * Cuts the work of one request into slices of at most `budgetMillis`: passes run through {@link TimeSlicer.run}
 * and phases pause with {@link TimeSlicer.pause}; the slice's clock carries across passes, so a run of short passes
 * yields as a long one does.
 */
export class TimeSlicer {
  /** The length of a slice in milliseconds. */
  readonly budgetMillis: number;
  #deadline: number;
  /** Yields to the event loop so far (for tests and logs). */
  yields = 0;

  /** A slicer whose first slice starts now. */
  constructor(budgetMillis = TIME_SLICE_MILLIS) {
    this.budgetMillis = budgetMillis;
    this.#deadline = performance.now() + budgetMillis;
  }

  /** Whether the current slice is spent. */
  due(): boolean {
    return performance.now() >= this.#deadline;
  }

  /**
   * Lets the event loop run (two macrotask hops, so that I/O is polled even when called from an I/O callback)
   * and starts a new slice.
   */
  async yield(): Promise<void> {
    await nextMacrotask();
    await nextMacrotask();
    this.yields++;
    this.#deadline = performance.now() + this.budgetMillis;
  }

  /** A pause between phases: a yield when the slice is spent, nothing (no promise) otherwise. */
  pause(): Promise<void> | undefined {
    return this.due() ? this.yield() : undefined;
  }

  /** Runs a sliced pass to its end, yielding whenever the slice is spent; the pass's result. */
  async run<T>(pass: SlicedPass<T>): Promise<T> {
    for (;;) {
      const step = pass.next();
      if (step.done === true) return step.value;
      // The clock is read after every step: some steps are one item, others a chunk of thousands.
      if (this.due()) await this.yield();
    }
  }
}
