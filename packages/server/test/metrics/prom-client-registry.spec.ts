import * as promClient from 'prom-client';
import t from 'tap';
import { Registry } from '../../src/metrics/prom-client-registry.js';
import { RequestMetrics } from '../../src/metrics/request-metrics.js';

t.test('the Registry loaded from prom-client/lib is the class the prom-client index exports', async (t) => {
  t.equal(Registry, promClient.Registry);
  t.ok(new RequestMetrics().registry instanceof promClient.Registry);
});

t.test('metrics made with the prom-client index register in RequestMetrics.registry and are served', async (t) => {
  const metrics = new RequestMetrics();
  new promClient.Gauge({ name: 'widgets_in_flight', help: 'Widgets in flight.', registers: [metrics.registry] }).set(3);
  t.equal(await metrics.registry.metrics(), '# HELP widgets_in_flight Widgets in flight.\n# TYPE widgets_in_flight gauge\nwidgets_in_flight 3\n');
  t.equal(metrics.registry.contentType, promClient.Registry.PROMETHEUS_CONTENT_TYPE);
});
