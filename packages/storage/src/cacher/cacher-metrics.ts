/**
 * The watch cache's metrics (pkg/storage/cacher/metrics as of Kubernetes 1.32): events received from storage and
 * dispatched to watchers, initializations (complete lists) and the history capacity, per resource. Each cacher
 * keeps the handles of its resource's series, so recording an event looks nothing up.
 */
import type { Counter } from '../metrics/labelled-metrics.js';
import type { MetricsRegistry } from '../metrics/metrics-registry.js';

/** The series of one resource's watch cache. */
export interface CacherMetrics {
  /** `apiserver_watch_cache_events_received_total{resource}`. */
  readonly eventsReceived: Counter;
  /** `apiserver_watch_cache_events_dispatched_total{resource}`. */
  readonly eventsDispatched: Counter;
  /** `apiserver_watch_cache_initializations_total{resource}`. */
  readonly initializations: Counter;
}

const noCounter: Counter = { inc: () => undefined };

/** Records nothing (a cacher without a registry). */
export const noCacherMetrics: CacherMetrics = { eventsReceived: noCounter, eventsDispatched: noCounter, initializations: noCounter };

/** Registers the watch-cache metrics in `registry` and returns the series of `resource` (`resource[.group]`), its capacity set. */
export function cacherMetrics(registry: MetricsRegistry, resource: string, capacity: number): CacherMetrics {
  const labels = ['resource'];
  registry.gauge('watch_cache_capacity', 'Total capacity of watch cache broken by resource type.', labels).withLabelValues(resource).set(capacity);
  return {
    eventsReceived: registry
      .counter('apiserver_watch_cache_events_received_total', 'Counter of events received in watch cache broken by resource type.', labels)
      .withLabelValues(resource),
    eventsDispatched: registry
      .counter('apiserver_watch_cache_events_dispatched_total', 'Counter of events dispatched in watch cache broken by resource type.', labels)
      .withLabelValues(resource),
    initializations: registry
      .counter('apiserver_watch_cache_initializations_total', 'Counter of watch cache initializations broken by resource type.', labels)
      .withLabelValues(resource),
  };
}
