/**
 * The watch handler's metrics (endpoints/metrics as of Kubernetes 1.32): `apiserver_watch_events_total` and
 * `apiserver_watch_events_sizes`, per watched kind. A resource's handles are made once, when its routes are
 * installed, so sending an event looks nothing up.
 */
import type { GroupVersionKind } from '@apiserver/runtime';
import type { Counter, MetricsRegistry, Observer } from '@apiserver/storage';

/** The series of one watched kind. */
export interface WatchEventMetrics {
  /** `apiserver_watch_events_total{group,version,kind}`: events sent to watch clients. */
  readonly events: Counter;
  /** `apiserver_watch_events_sizes{group,version,kind}`: the bytes of each event sent. */
  readonly sizes: Observer;
}

/** Upstream's buckets: 1 KiB doubling eight times (to 128 KiB). */
const watchEventSizeBuckets = Array.from({ length: 8 }, (_, i) => 1024 * 2 ** i);

/** Registers the watch metrics in `registry` and returns the series of `kind`. */
export function watchEventMetrics(registry: MetricsRegistry, kind: GroupVersionKind): WatchEventMetrics {
  const labels = ['group', 'version', 'kind'];
  return {
    events: registry.counter('apiserver_watch_events_total', 'Number of events sent in watch clients', labels).withLabelValues(kind.group, kind.version, kind.kind),
    sizes: registry
      .histogram('apiserver_watch_events_sizes', 'Watch event size distribution in bytes', watchEventSizeBuckets, labels)
      .withLabelValues(kind.group, kind.version, kind.kind),
  };
}
