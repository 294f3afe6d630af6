import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import t from 'tap';
import { CounterVec, HistogramVec, type Labels } from '@apiserver/storage';
import { RequestMetrics } from '../../src/metrics/request-metrics.js';

const names = ['verb', 'resource', 'code'] as const;
const buckets = [0.005, 0.025, 0.1, 1, 2.5];
const labelValue = fc.oneof(fc.constantFrom('GET', 'configmaps', '', 'a"b', 'back\\slash', 'new\nline', '200'), fc.string({ maxLength: 5 }));
const observation = fc.record({
  labels: fc.record({ verb: labelValue, resource: labelValue, code: labelValue }),
  value: fc.oneof(fc.constantFrom(0, 0.005, 0.025, 1, 2.5, 3, -1), fc.double({ min: -10, max: 10, noNaN: true })),
});

/** Our key of a label set (any unambiguous one). */
const keyOf = (labels: Labels): string => JSON.stringify(names.map((n) => labels[n]));

t.test('property: the same text as prom-client Counter and Histogram for the same observations', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.array(observation, { maxLength: 20 }), async (observations) => {
      const registry = new Registry();
      const counter = new Counter({ name: 'c_total', help: 'Counts\\ things\nhere.', labelNames: names, registers: [registry] });
      const histogram = new Histogram({ name: 'h_seconds', help: 'Latency.', labelNames: names, buckets, registers: [registry] });
      const ourCounter = new CounterVec('c_total', 'Counts\\ things\nhere.');
      const ourHistogram = new HistogramVec('h_seconds', 'Latency.', buckets);
      for (const { labels, value } of observations) {
        counter.inc(labels);
        histogram.observe(labels, value);
        ourCounter.inc(keyOf(labels), () => labels);
        ourHistogram.observe(keyOf(labels), () => labels, value);
      }
      const ours = `${ourCounter.text()}\n\n${ourHistogram.text()}\n`;
      return ours === (await registry.metrics());
    }),
    { numRuns: 300 },
  );
  t.pass('identical exposition');
});

t.test('unlabelled series, reset and bad values', async (t) => {
  const registry = new Registry();
  const counter = new Counter({ name: 'plain', help: 'p', registers: [registry] });
  counter.inc(2);
  const ours = new CounterVec('plain', 'p');
  ours.inc('', () => ({}), 2);
  t.equal(`${ours.text()}\n`, await registry.metrics());
  ours.reset();
  t.equal(ours.text(), '# HELP plain p\n# TYPE plain counter');
  const histogram = new HistogramVec('h', 'h', [2, 1]);
  t.same(histogram.buckets, [1, 2], 'bounds sorted');
  histogram.observe('', () => ({}), 1.5);
  t.equal(histogram.text(), '# HELP h h\n# TYPE h histogram\nh_bucket{le="1"} 0\nh_bucket{le="2"} 1\nh_bucket{le="+Inf"} 1\nh_sum 1.5\nh_count 1');
  t.throws(() => histogram.observe('', () => ({}), Number.NaN), TypeError);
  t.throws(() => histogram.observe('', () => ({}), Infinity), TypeError);
  histogram.reset();
  t.equal(histogram.text(), '# HELP h h\n# TYPE h histogram');
  const special = new CounterVec('s', 's');
  for (const v of [Number.NaN, Infinity, -Infinity]) special.inc(String(v), () => ({ v: String(v) }), v);
  t.equal(special.text(), '# HELP s s\n# TYPE s counter\ns{v="NaN"} Nan\ns{v="Infinity"} +Inf\ns{v="-Infinity"} -Inf');
});

t.test('request metrics: series per label set, registry metrics after them', async (t) => {
  const metrics = new RequestMetrics();
  const info = { isResourceRequest: true, path: '/api/v1/namespaces/a/pods', verb: 'list', apiPrefix: 'api', apiGroup: '', apiVersion: 'v1', namespace: 'a', resource: 'pods', subresource: '', name: '', parts: ['pods'] };
  const request = { method: 'GET', url: '/api/v1/namespaces/a/pods?dryRun=All', headers: {} } as never;
  metrics.observe(request, info, 200, 0.01);
  metrics.observe(request, info, 200, 0.02);
  metrics.observe(request, { ...info, resource: 'p o"ds' }, 500, 0.03);
  const text = await metrics.text();
  t.match(text, 'apiserver_request_total{verb="LIST",dry_run="All",group="",version="v1",resource="pods",subresource="",scope="namespace",component="apiserver",code="200"} 2\n');
  t.match(text, 'resource="p o\\"ds"');
  t.match(text, 'apiserver_request_duration_seconds_count{verb="LIST",dry_run="All",group="",version="v1",resource="pods",subresource="",scope="namespace",component="apiserver"} 2\n');
  t.notMatch(text, '# HELP extra');
  new Counter({ name: 'extra', help: 'more', registers: [metrics.registry] }).inc();
  const withExtra = await metrics.text();
  t.equal(withExtra, `${text.slice(0, -1)}\n\n# HELP extra more\n# TYPE extra counter\nextra 1\n`);
});

t.test('request metrics: a RequestInfo shared by requests of other URLs, methods and codes keeps their labels apart', async (t) => {
  const metrics = new RequestMetrics();
  const info = { isResourceRequest: true, path: '/api/v1/namespaces/a/pods/p', verb: 'patch', apiPrefix: 'api', apiGroup: '', apiVersion: 'v1', namespace: 'a', resource: 'pods', subresource: '', name: 'p', parts: ['pods', 'p'] };
  const url = '/api/v1/namespaces/a/pods/p';
  metrics.observe({ method: 'PATCH', url, headers: { 'content-type': 'application/apply-patch+yaml' } } as never, info, 200, 0.01);
  metrics.observe({ method: 'PATCH', url, headers: { 'content-type': 'application/merge-patch+json' } } as never, info, 200, 0.01);
  metrics.observe({ method: 'GET', url, headers: {} } as never, { ...info, verb: 'get' }, 200, 0.01);
  const get = { ...info, verb: 'get' };
  metrics.observe({ method: 'GET', url, headers: {} } as never, get, 404, 0.01);
  metrics.observe({ method: 'GET', url: `${url}?dryRun=All`, headers: {} } as never, get, 404, 0.01);
  metrics.observe({ method: 'GET', url, headers: {} } as never, get, 200, 0.01);
  const text = await metrics.text();
  const total = (verb: string, dryRun: string, code: number) =>
    `apiserver_request_total{verb="${verb}",dry_run="${dryRun}",group="",version="v1",resource="pods",subresource="",scope="resource",component="apiserver",code="${code}"}`;
  t.match(text, `${total('APPLY', '', 200)} 1\n`);
  t.match(text, `${total('PATCH', '', 200)} 1\n`);
  t.match(text, `${total('GET', '', 200)} 2\n`);
  t.match(text, `${total('GET', '', 404)} 1\n`);
  t.match(text, `${total('GET', 'All', 404)} 1\n`);
});
