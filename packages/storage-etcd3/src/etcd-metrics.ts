/**
 * `etcd_request_duration_seconds{operation,type}` (etcd3/metrics as of Kubernetes 1.32): the latency of every
 * etcd request a resource's store sends, by operation and by the resource (`type`, `resource[.group]`).
 */
import type { MetricsRegistry, Observer } from '@apiserver/storage';
import type { EtcdRequestObserver } from './kv.js';

/** Upstream's buckets (seconds), the same as `apiserver_request_duration_seconds`. */
const etcdLatencyBuckets = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];

/** The observer recording one resource's etcd requests in `registry` (one series handle per operation, made once). */
export function etcdRequestObserver(registry: MetricsRegistry, type: string): EtcdRequestObserver {
  const latency = registry.histogram(
    'etcd_request_duration_seconds',
    'Etcd request latency in seconds for each operation and object type.',
    etcdLatencyBuckets,
    ['operation', 'type'],
  );
  const byOperation = new Map<string, Observer>();
  return (operation, seconds) => {
    let series = byOperation.get(operation);
    if (series === undefined) {
      series = latency.withLabelValues(operation, type);
      byOperation.set(operation, series);
    }
    series.observe(seconds);
  };
}
