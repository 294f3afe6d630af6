/**
 * How the in-process controllers report events (client-go's `record.EventRecorder`, which kube-controller-manager's
 * controllers use): a core/v1 Event about an object, named `<object name>.<nanoseconds in hex>` in the object's
 * namespace (`default` for cluster-scoped objects), with the controller as source and reporting component. An event
 * repeated by the same recorder counts up the first one (count and lastTimestamp), as the recorder's correlator does.
 * @module
 */
import type { Creater, Getter, Updater } from '@apiserver/registry';
import { nowTime } from '@apiserver/runtime';
import { exists, mutatedObjectInfo } from './object-updates.js';

/** The object an event is about (core/v1 `ObjectReference`). */
export interface EventObjectReference {
  /** Its apiVersion. */
  readonly apiVersion: string;
  /** Its kind. */
  readonly kind: string;
  /** Its namespace (absent or empty for cluster-scoped objects). */
  readonly namespace?: string;
  /** Its name. */
  readonly name: string;
  /** Its UID. */
  readonly uid: string;
}

/** What an {@link EventRecorder} writes with. */
export interface EventRecorderOptions {
  /** The core/v1 `events` storage. */
  readonly events: Creater & Getter & Updater;
  /** The controller's component name (`source.component`, `reportingComponent`), e.g. `garbage-collector-controller`. */
  readonly component: string;
  /** The clock (tests). */
  readonly now?: () => number;
}

/** How many distinct events are remembered for counting repeats (client-go's correlator cache holds 4096). */
const REMEMBERED_EVENTS = 4096;

/** Records events through the API's storage; failures are the caller's to log. */
export class EventRecorder {
  readonly #o: EventRecorderOptions;
  readonly #recorded = new Map<string, { namespace: string; name: string }>();
  #lastNanos = 0n;

  /** Creates a recorder for one controller. */
  constructor(options: EventRecorderOptions) {
    this.#o = options;
  }

  /** Records a `type` (`Normal` or `Warning`) event with `reason` and `message` about `regarding`. */
  async event(regarding: EventObjectReference, type: 'Normal' | 'Warning', reason: string, message: string): Promise<void> {
    const key = JSON.stringify([regarding.uid, regarding.kind, regarding.namespace, regarding.name, type, reason, message]);
    const now = this.#o.now ?? Date.now;
    const seen = this.#recorded.get(key);
    if (seen !== undefined && (await this.#countRepeat(seen, nowTime(now)))) return;
    const namespace = regarding.namespace === undefined || regarding.namespace === '' ? 'default' : regarding.namespace;
    const time = nowTime(now);
    const name = `${regarding.name}.${this.#nanos(now()).toString(16)}`;
    await this.#o.events.create(
      { namespace },
      {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name, namespace },
        involvedObject: { kind: regarding.kind, namespace: regarding.namespace ?? '', name: regarding.name, uid: regarding.uid, apiVersion: regarding.apiVersion },
        reason,
        message,
        source: { component: this.#o.component },
        firstTimestamp: time,
        lastTimestamp: time,
        count: 1,
        type,
        reportingComponent: this.#o.component,
        reportingInstance: '',
      },
    );
    this.#recorded.delete(key);
    this.#recorded.set(key, { namespace, name });
    if (this.#recorded.size > REMEMBERED_EVENTS) this.#recorded.delete(this.#recorded.keys().next().value ?? '');
  }

  /** Counts a repeat on the event first recorded; false when that event is gone (expired or deleted). */
  async #countRepeat(seen: { namespace: string; name: string }, time: string): Promise<boolean> {
    const ctx = { namespace: seen.namespace };
    if (!(await exists(() => this.#o.events.get(ctx, seen.name, {})))) return false;
    const repeat = mutatedObjectInfo((event) => {
      event.count = (typeof event.count === 'number' ? event.count : 1) + 1;
      event.lastTimestamp = time;
    });
    await this.#o.events.update(ctx, seen.name, repeat, undefined, undefined, false, {});
    return true;
  }

  /** Nanoseconds since the epoch for an event name, strictly increasing within this recorder. */
  #nanos(ms: number): bigint {
    const nanos = BigInt(Math.trunc(ms)) * 1_000_000n;
    this.#lastNanos = nanos > this.#lastNanos ? nanos : this.#lastNanos + 1n;
    return this.#lastNanos;
  }
}
