import type { IncomingMessage } from 'node:http';
import { Registry } from './prom-client-registry.js';
import type { Handler } from '../handler.js';
import { onResponseClose, requestInfoFrom } from '../request/context.js';
import type { RequestInfo } from '../request/request-info.js';
import { CounterVec, HistogramVec } from './labelled-metrics.js';

/** Upstream's latency buckets (seconds). */
const latencyBuckets = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];

const reportedVerbs: Readonly<Record<string, string>> = {
  get: 'GET',
  list: 'LIST',
  watch: 'WATCH',
  create: 'POST',
  update: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  deletecollection: 'DELETE',
  proxy: 'CONNECT',
};

/** `metrics.CleanScope`: `resource`, `namespace`, `cluster` or empty. */
export function cleanScope(info: RequestInfo): string {
  if (info.name !== '' || info.verb === 'create') return 'resource';
  if (info.namespace !== '') return 'namespace';
  return info.isResourceRequest ? 'cluster' : '';
}

/** The reported verb (`LIST`, `WATCH`, `APPLY`, …), as `metrics.CleanVerb`. */
export function cleanVerb(request: IncomingMessage, info: RequestInfo): string {
  const method = (request.method ?? 'GET').toUpperCase();
  if (!info.isResourceRequest) return method;
  const verb = reportedVerbs[info.verb] ?? method;
  if (verb === 'PATCH' && request.headers['content-type'] === 'application/apply-patch+yaml') return 'APPLY';
  return verb;
}

function dryRunOf(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return '';
  return new URLSearchParams(url.slice(q + 1)).getAll('dryRun').sort().join(',');
}

/** An unambiguous key of label values (each prefixed with its length: values may hold any character). */
function seriesKey(...values: string[]): string {
  let key = '';
  for (const v of values) key += `${v.length}:${v}`;
  return key;
}

/** The labels of a request's series, with the method and URL they were computed for. */
interface Series {
  readonly method: string;
  readonly url: string;
  readonly key: string;
  readonly labels: Readonly<Record<string, string>>;
  /** The last response code recorded, and its counter key. */
  code: number;
  totalKey: string;
}

/**
 * The request metrics of one server: `apiserver_request_total` and `apiserver_request_duration_seconds`, written
 * as prom-client writes a Counter and a Histogram, followed by any metric registered in `registry`.
 */
export class RequestMetrics {
  /** A prom-client registry for further metrics; `/metrics` serves them after the request metrics. */
  readonly registry = new Registry();
  readonly #total = new CounterVec(
    'apiserver_request_total',
    'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
  );
  /** The last series seen per RequestInfo (see #seriesOf). */
  readonly #series = new WeakMap<RequestInfo, Series>();
  readonly #duration = new HistogramVec(
    'apiserver_request_duration_seconds',
    'Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
    latencyBuckets,
  );

  /** Records one finished request. */
  observe(request: IncomingMessage, info: RequestInfo, code: number, seconds: number): void {
    const series = this.#seriesOf(request, info);
    // The counter's key of the last code is kept: a key string used before has its hash computed already.
    if (series.code !== code) {
      series.code = code;
      series.totalKey = `${series.key}${code}`;
    }
    this.#total.inc(series.totalKey, () => ({ ...series.labels, code: String(code) }));
    this.#duration.observe(series.key, () => series.labels, seconds);
  }

  /**
   * The series of a request. Its labels depend on the method, the URL (`dryRun`), the Content-Type of a PATCH and
   * the RequestInfo: the request-info filter shares one RequestInfo between the requests of a method and URL, so
   * the series is remembered with it and checked against the method and URL.
   */
  #seriesOf(request: IncomingMessage, info: RequestInfo): Series {
    const method = request.method ?? 'GET';
    const url = request.url ?? '';
    const known = this.#series.get(info);
    if (known !== undefined && known.method === method && known.url === url) return known;
    const verb = cleanVerb(request, info);
    const dryRun = dryRunOf(url);
    const scope = cleanScope(info);
    const series: Series = {
      method,
      url,
      key: seriesKey(verb, dryRun, info.apiGroup, info.apiVersion, info.resource, info.subresource, scope),
      labels: {
        verb,
        dry_run: dryRun,
        group: info.apiGroup,
        version: info.apiVersion,
        resource: info.resource,
        subresource: info.subresource,
        scope,
        component: 'apiserver',
      },
      code: 0,
      totalKey: '',
    };
    // A PATCH's verb also depends on its Content-Type (APPLY): such series are not remembered.
    if (method.toUpperCase() !== 'PATCH') this.#series.set(info, series);
    return series;
  }

  /** A filter recording every request that has a RequestInfo when its response ends. */
  filter(handler: Handler): Handler {
    return (request, response) => {
      // performance.now() is a double: no BigInt per request, as process.hrtime.bigint() would allocate.
      const started = performance.now();
      // A node response emits 'close' after 'finish' too (and alone when the client went away): one listener
      // records every request once.
      onResponseClose(request, response, () => {
        const info = requestInfoFrom(request);
        if (info !== undefined) this.observe(request, info, response.statusCode, (performance.now() - started) / 1e3);
      });
      return handler(request, response);
    };
  }

  /** The Prometheus text of every metric, as prom-client's `Registry.metrics()` writes it. */
  async text(): Promise<string> {
    const texts = [this.#total.text(), this.#duration.text()];
    if (this.registry.getMetricsAsArray().length > 0) texts.push((await this.registry.metrics()).slice(0, -1));
    return `${texts.join('\n\n')}\n`;
  }

  /** The `/metrics` handler: Prometheus text exposition. */
  readonly handler: Handler = async (_request, response) => {
    const text = await this.text();
    response.writeHead(200, { 'Content-Type': this.registry.contentType, 'Content-Length': Buffer.byteLength(text) });
    response.end(text);
  };
}
