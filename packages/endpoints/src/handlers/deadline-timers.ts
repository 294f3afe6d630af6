/**
 * Request deadlines without a node timer per request (the server's request deadlines, the endpoints'
 * `finishRequest`). Requests given the same timeout expire in the order they started, so each timeout value keeps
 * its pending deadlines in a list, oldest first, and one node timer set for the oldest. A request that ends is
 * unlinked from its list (no timer to clear); when the timer fires it expires what is due and is set again for the
 * next one. A setTimeout/clearTimeout pair per request cost a Timeout object with its async id, the timer list
 * insertion and removal, and a call to read libuv's clock.
 * @module
 */

/** What runs when a deadline passes: a function, or an object's `deadlineExpired` method (no closure per request). */
export type DeadlineExpiry = (() => void) | { deadlineExpired(): void };

/** One pending deadline: a request's place in the list of its timeout. */
export interface Deadline {
  /** When it expires, on `performance.now()`'s clock. */
  readonly at: number;
  /** Run once when the deadline passes before `DeadlineTimers.cancel`. */
  readonly expire: DeadlineExpiry;
  prev: Deadline | undefined;
  next: Deadline | undefined;
  /** The list holding it; undefined once expired or cancelled. */
  list: DeadlineList | undefined;
}

/** The pending deadlines of one timeout value, oldest first, and the timer set for the oldest (internal state). */
export interface DeadlineList {
  /** The timeout value its deadlines share. */
  readonly timeoutMillis: number;
  /** The oldest pending deadline. */
  head: Deadline | undefined;
  /** The newest pending deadline. */
  tail: Deadline | undefined;
  /** The node timer set for `timerAt`, if any. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The deadline the timer was set for (it may have been cancelled since: the timer then finds nothing due). */
  timerAt: number;
}

/**
 * node fires a timer on its loop's millisecond clock, up to a millisecond before `performance.now()` reaches the
 * deadline: a deadline that close is due.
 */
const CLOCK_SLACK_MILLIS = 1;

/** Options of {@link DeadlineTimers}. */
export interface DeadlineTimersOptions {
  /**
   * Whether a pending deadline keeps the process alive, as a node timer set for it would (default false: a pending
   * request keeps it alive by its connection). The timer is then referenced only while its list holds a deadline.
   */
  readonly keepAlive?: boolean;
}

/** Deadlines grouped by timeout value, each group served by one node timer (see the module comment). */
export class DeadlineTimers {
  readonly #lists = new Map<number, DeadlineList>();
  readonly #keepAlive: boolean;

  /** Creates an empty set of deadlines. */
  constructor(options: DeadlineTimersOptions = {}) {
    this.#keepAlive = options.keepAlive === true;
  }

  /**
   * Runs `expire` once `timeoutMillis` have passed since `from` (a `performance.now()` reading, default now) unless
   * `cancel` is called first.
   */
  add(timeoutMillis: number, expire: DeadlineExpiry, from: number = performance.now()): Deadline {
    let list = this.#lists.get(timeoutMillis);
    if (list === undefined) {
      list = { timeoutMillis, head: undefined, tail: undefined, timer: undefined, timerAt: 0 };
      this.#lists.set(timeoutMillis, list);
    }
    const deadline: Deadline = { at: from + timeoutMillis, expire, prev: undefined, next: undefined, list };
    const wasEmpty = list.head === undefined;
    insertInOrder(list, deadline);
    // The timer stays set while requests come and go: the clock is read only to set it, when there is none or it
    // would fire after this deadline (a request received before the pending ones: not the filters' order).
    if (list.timer === undefined) this.#arm(list, deadline.at);
    else if (deadline.at < list.timerAt) {
      clearTimeout(list.timer);
      this.#arm(list, deadline.at);
    } else if (wasEmpty && this.#keepAlive) list.timer.ref();
    return deadline;
  }

  /** Forgets a deadline that has not expired (a no-op once it did or was cancelled). */
  cancel(deadline: Deadline): void {
    const list = deadline.list;
    if (list === undefined) return;
    unlink(list, deadline);
    // An armed timer with nothing pending no longer holds the process.
    if (this.#keepAlive && list.head === undefined) list.timer?.unref();
  }

  /** The number of pending deadlines (for tests and debugging). */
  get size(): number {
    let n = 0;
    for (const list of this.#lists.values()) for (let d = list.head; d !== undefined; d = d.next) n++;
    return n;
  }

  #arm(list: DeadlineList, at: number): void {
    const delay = Math.max(1, Math.ceil(at - performance.now()));
    list.timerAt = at;
    // Unreferenced unless asked (see DeadlineTimersOptions.keepAlive): called only while the list holds a deadline.
    list.timer = setTimeout(() => this.#fire(list), delay);
    if (!this.#keepAlive) list.timer.unref();
  }

  #fire(list: DeadlineList): void {
    list.timer = undefined;
    const now = performance.now() + CLOCK_SLACK_MILLIS;
    for (let d = list.head; d !== undefined && d.at <= now; d = list.head) {
      unlink(list, d);
      if (typeof d.expire === 'function') d.expire();
      else d.expire.deadlineExpired();
    }
    const next = list.head;
    if (next !== undefined) {
      if (list.timer === undefined) this.#arm(list, next.at);
    } else if (list.timer === undefined && this.#lists.get(list.timeoutMillis) === list) {
      this.#lists.delete(list.timeoutMillis);
    }
  }
}

/** Links `d` into `list` after the last deadline not later than it: at the tail, unless `d` started before it. */
function insertInOrder(list: DeadlineList, d: Deadline): void {
  let before = list.tail;
  while (before !== undefined && before.at > d.at) before = before.prev;
  const after = before === undefined ? list.head : before.next;
  d.prev = before;
  d.next = after;
  if (before === undefined) list.head = d;
  else before.next = d;
  if (after === undefined) list.tail = d;
  else after.prev = d;
}

function unlink(list: DeadlineList, d: Deadline): void {
  if (d.prev === undefined) list.head = d.next;
  else d.prev.next = d.next;
  if (d.next === undefined) list.tail = d.prev;
  else d.next.prev = d.prev;
  d.prev = undefined;
  d.next = undefined;
  d.list = undefined;
}
