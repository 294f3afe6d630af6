/**
 * `apiserver_storage_objects{resource}` (etcd3/metrics `UpdateObjectCount` as of Kubernetes 1.32): the number of
 * objects each resource's storage held when it was last counted, or -1 when counting failed. As the registry
 * store's `startObservingCount`, every tracked resource is counted with `StorageInterface.count` once per period
 * (kube-apiserver's `--etcd-count-metric-poll-period`, default one minute), never on a request's path.
 */
import type { StorageInterface } from '../interfaces.js';
import type { Gauge, GaugeVec } from './labelled-metrics.js';
import type { MetricsRegistry } from './metrics-registry.js';

/** kube-apiserver's default `--etcd-count-metric-poll-period` (one minute), in ms. */
export const DEFAULT_OBJECT_COUNT_PERIOD_MS = 60_000;

interface Tracked {
  readonly storage: Pick<StorageInterface, 'count'>;
  readonly key: string;
  readonly gauge: Gauge;
}

/** Counts the objects of tracked resources periodically into `apiserver_storage_objects`. */
export class StorageObjectCounter {
  /** How often the resources are counted, in ms (0: only on {@link refresh}). */
  readonly periodMs: number;
  readonly #gauge: GaugeVec;
  readonly #tracked = new Map<string, Tracked>();
  #timer: NodeJS.Timeout | undefined;

  /** Registers the metric in `registry`; counting starts with the first tracked resource. */
  constructor(registry: MetricsRegistry, periodMs = DEFAULT_OBJECT_COUNT_PERIOD_MS) {
    this.periodMs = periodMs;
    this.#gauge = registry.gauge(
      'apiserver_storage_objects',
      'Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
      ['resource'],
    );
  }

  /** Counts `storage`'s objects under `key` as `resource` (`resource[.group]`) from the next refresh on. */
  track(resource: string, storage: Pick<StorageInterface, 'count'>, key: string): void {
    this.#tracked.set(resource, { storage, key, gauge: this.#gauge.withLabelValues(resource) });
    if (this.#timer === undefined && this.periodMs > 0) this.#timer = setInterval(() => void this.refresh(), this.periodMs).unref();
  }

  /** Counts every tracked resource now; a failed count sets -1. */
  async refresh(): Promise<void> {
    await Promise.all(
      [...this.#tracked.values()].map(async ({ storage, key, gauge }) => {
        try {
          gauge.set(await storage.count(key));
        } catch {
          gauge.set(-1);
        }
      }),
    );
  }

  /** Stops counting. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
