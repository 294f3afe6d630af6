/**
 * `MetricsRegistry.reset` (what `DELETE /metrics` does, component-base's `KubeRegistry.Reset`): labelled metrics
 * forget their series, counters without labels start again from 0, gauges and histograms without labels stay; the
 * handles callers keep (`withLabelValues`) record into the new series after a reset.
 */
import t from 'tap';
import { MetricsRegistry } from '../src/index.js';

/** The sample lines of the registry's text (no HELP, TYPE or blank lines). */
function samples(registry: MetricsRegistry): string[] {
  return registry
    .text()
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'));
}

t.test('reset: labelled metrics forget their series, unlabelled counters start from 0, unlabelled gauges and histograms stay', (t) => {
  const registry = new MetricsRegistry();
  const requests = registry.counter('requests_total', 'Requests.', ['verb']);
  const hits = registry.counter('hits_total', 'Hits.').withLabelValues();
  const inflight = registry.gauge('inflight', 'In flight.', ['kind']);
  const capacity = registry.gauge('capacity_bytes', 'Capacity.').withLabelValues();
  const latency = registry.histogram('latency_seconds', 'Latency.', [1], ['verb']);
  const sizes = registry.histogram('size_bytes', 'Sizes.', [10]).withLabelValues();
  const get = requests.withLabelValues('GET');
  const readOnly = inflight.withLabelValues('readOnly');
  get.inc();
  get.inc();
  requests.withLabelValues('LIST').inc();
  hits.inc(5);
  readOnly.set(3);
  capacity.set(64);
  latency.withLabelValues('GET').observe(0.5);
  sizes.observe(4);
  registry.dropped(2);
  t.same(samples(registry), [
    'requests_total{verb="GET"} 2',
    'requests_total{verb="LIST"} 1',
    'hits_total 5',
    'inflight{kind="readOnly"} 3',
    'capacity_bytes 64',
    'latency_seconds_bucket{le="1",verb="GET"} 1',
    'latency_seconds_bucket{le="+Inf",verb="GET"} 1',
    'latency_seconds_sum{verb="GET"} 0.5',
    'latency_seconds_count{verb="GET"} 1',
    'size_bytes_bucket{le="10"} 1',
    'size_bytes_bucket{le="+Inf"} 1',
    'size_bytes_sum 4',
    'size_bytes_count 1',
    'apiserver_request_metrics_dropped_total 2',
  ]);
  registry.reset();
  t.same(
    samples(registry),
    ['hits_total 0', 'capacity_bytes 64', 'size_bytes_bucket{le="10"} 1', 'size_bytes_bucket{le="+Inf"} 1', 'size_bytes_sum 4', 'size_bytes_count 1', 'apiserver_request_metrics_dropped_total 0'],
    'labelled series gone, the unlabelled counters at 0, the unlabelled gauge and histogram kept',
  );
  get.inc();
  hits.inc();
  readOnly.inc();
  latency.withLabelValues('GET').observe(2);
  t.same(samples(registry), [
    'requests_total{verb="GET"} 1',
    'hits_total 1',
    'inflight{kind="readOnly"} 1',
    'capacity_bytes 64',
    'latency_seconds_bucket{le="1",verb="GET"} 0',
    'latency_seconds_bucket{le="+Inf",verb="GET"} 1',
    'latency_seconds_sum{verb="GET"} 2',
    'latency_seconds_count{verb="GET"} 1',
    'size_bytes_bucket{le="10"} 1',
    'size_bytes_bucket{le="+Inf"} 1',
    'size_bytes_sum 4',
    'size_bytes_count 1',
    'apiserver_request_metrics_dropped_total 0',
  ], 'handles kept from before the reset record into new series, counted from 0');
  t.end();
});
