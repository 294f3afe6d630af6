/**
 * The labelled metrics of one server (what k8s.io/component-base's `legacyregistry` is to kube-apiserver, without
 * being global): the packages that record metrics — the request filters, the watch cache, a storage backend, the
 * admission chain, the watch handler — each get the same registry through their configuration and register their
 * metrics in it by name; `/metrics` writes them all. Two servers in one process hold two registries, so nothing
 * recorded by one shows in the other.
 */
import { CounterVec, GaugeVec, HistogramVec, type MetricVecOptions } from './labelled-metrics.js';

/** Series each metric of a registry holds at most unless the registry is told otherwise. */
export const DEFAULT_MAX_METRIC_SERIES = 2000;

/** The name of the counter of observations not recorded because their metric held its most series. */
export const DROPPED_METRIC_NAME = 'apiserver_request_metrics_dropped_total';

/** A metric the registry holds. */
export type Metric = CounterVec | GaugeVec | HistogramVec;

/** Options of {@link MetricsRegistry}. */
export interface MetricsRegistryOptions {
  /** The most series each metric holds (default {@link DEFAULT_MAX_METRIC_SERIES}). */
  readonly maxSeries?: number;
}

/** Metrics by name, written in the order they were registered. */
export class MetricsRegistry {
  /** The most series each metric holds. */
  readonly maxSeries: number;
  readonly #metrics = new Map<string, Metric>();
  readonly #dropped: CounterVec;

  /** Creates an empty registry (see {@link MetricsRegistryOptions}). */
  constructor(options: MetricsRegistryOptions = {}) {
    this.maxSeries = options.maxSeries ?? DEFAULT_MAX_METRIC_SERIES;
    this.#dropped = new CounterVec(
      DROPPED_METRIC_NAME,
      'Number of request observations not recorded because their metric already held the maximum number of series.',
    );
    this.#dropped.inc('', () => ({}), 0);
  }

  /** Counts `observations` not recorded because their metric held its most series. */
  readonly dropped = (observations: number): void => {
    this.#dropped.inc('', () => ({}), observations);
  };

  #options(labelNames: readonly string[]): MetricVecOptions {
    return { labelNames, maxSeries: this.maxSeries, onDrop: this.dropped };
  }

  #register<M extends Metric>(name: string, type: abstract new (...args: never[]) => M, make: () => M): M {
    const known = this.#metrics.get(name);
    if (known === undefined) {
      const metric = make();
      this.#metrics.set(name, metric);
      return metric;
    }
    if (!(known instanceof type)) throw new Error(`metric ${name} is registered already with another type`);
    return known;
  }

  /** The counter `name`, registered now unless it is already (then the first registration's help and labels hold). */
  counter(name: string, help: string, labelNames: readonly string[] = []): CounterVec {
    return this.#register(name, CounterVec, () => new CounterVec(name, help, this.#options(labelNames)));
  }

  /** The gauge `name` (see {@link counter}). */
  gauge(name: string, help: string, labelNames: readonly string[] = []): GaugeVec {
    return this.#register(name, GaugeVec, () => new GaugeVec(name, help, this.#options(labelNames)));
  }

  /** The histogram `name` with `buckets` (see {@link counter}). */
  histogram(name: string, help: string, buckets: readonly number[], labelNames: readonly string[] = []): HistogramVec {
    return this.#register(name, HistogramVec, () => new HistogramVec(name, help, buckets, this.#options(labelNames)));
  }

  /** Adds a metric made by its owner (with its own options); throws if the name is taken. */
  add<M extends Metric>(metric: M): M {
    if (this.#metrics.has(metric.name)) throw new Error(`metric ${metric.name} is registered already`);
    this.#metrics.set(metric.name, metric);
    return metric;
  }

  /**
   * What `DELETE /metrics` does (component-base's `KubeRegistry.Reset`, each metric's own `Reset`): a labelled
   * metric forgets its series, a counter without labels (and the dropped-observations counter) starts again from 0,
   * and a gauge or histogram without labels is left as it is (component-base's have no `Reset`).
   */
  reset(): void {
    for (const metric of this.#metrics.values()) {
      if (metric.labelNames.length > 0) metric.reset();
      else if (metric instanceof CounterVec) metric.zero();
    }
    this.#dropped.zero();
  }

  /** The Prometheus text of every metric in registration order, then the dropped-observations counter (no trailing newline). */
  text(): string {
    return [...[...this.#metrics.values()].map((m) => m.text()), this.#dropped.text()].join('\n\n');
  }
}
