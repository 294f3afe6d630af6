import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CounterVec, type Gauge, type GaugeVec, type HistogramVec, MetricsRegistry, seriesKey } from '@apiserver/storage';
import { Registry } from './prom-client-registry.js';
import type { Handler } from '../handler.js';
import { isUnrouted, onResponseClose, requestInfoFrom, requestReceivedTimestamp, userFrom } from '../request/context.js';
import type { RequestInfo } from '../request/request-info.js';
import { InflightWatermark } from './inflight-watermark.js';

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

/** Upstream's `validRequestMethods`: every other verb is reported as {@link OTHER_REQUEST_METHOD}. */
const validRequestMethods: ReadonlySet<string> = new Set([
  'APPLY',
  'CONNECT',
  'CREATE',
  'DELETE',
  'DELETECOLLECTION',
  'GET',
  'LIST',
  'PATCH',
  'POST',
  'PROXY',
  'PUT',
  'UPDATE',
  'WATCH',
  'WATCHLIST',
]);

/** The verb label of a request whose method is none of upstream's valid request methods (`OtherRequestMethod`). */
export const OTHER_REQUEST_METHOD = 'other';

/** Series each request metric holds at most (see {@link RequestMetricsOptions.maxSeries}). */
export const DEFAULT_MAX_REQUEST_METRIC_SERIES = 2000;

/** `metrics.CleanScope`: `resource`, `namespace`, `cluster` or empty. */
export function cleanScope(info: RequestInfo): string {
  if (info.name !== '' || info.verb === 'create') return 'resource';
  if (info.namespace !== '') return 'namespace';
  return info.isResourceRequest ? 'cluster' : '';
}

/**
 * The reported verb (`LIST`, `WATCH`, `APPLY`, …), as `metrics.CleanVerb`: a HEAD is a `GET`, and a method that is
 * none of upstream's valid request methods is `other` (node accepts some thirty methods: PROPFIND, MKCOL, …).
 */
export function cleanVerb(request: IncomingMessage, info: RequestInfo): string {
  const method = (request.method ?? 'GET').toUpperCase();
  let verb = method === 'HEAD' ? 'GET' : method;
  if (info.isResourceRequest) {
    verb = reportedVerbs[info.verb] ?? verb;
    if (verb === 'PATCH' && request.headers['content-type'] === 'application/apply-patch+yaml') verb = 'APPLY';
  }
  return validRequestMethods.has(verb) ? verb : OTHER_REQUEST_METHOD;
}

/**
 * The `dry_run` label, as upstream's `cleanDryRun`: empty without a `dryRun` parameter, `All` when every value is
 * `All` (the only valid one), `invalid` otherwise — never the values themselves.
 */
export function cleanDryRun(url: string): string {
  const q = url.indexOf('?');
  // As upstream, the query is only parsed when the raw text names the parameter.
  if (q === -1 || !url.includes('dryRun', q)) return '';
  const values = new URLSearchParams(url.slice(q + 1)).getAll('dryRun');
  if (values.length === 0) return '';
  return values.every((v) => v === 'All') ? 'All' : 'invalid';
}

/** The labels of a request's series, with the method and URL they were computed for. */
interface Series {
  readonly method: string;
  readonly url: string;
  readonly key: string;
  readonly labels: Readonly<Record<string, string>>;
  /** The last response code recorded, its counter key and its counter labels (made when the code changes). */
  code: number;
  totalKey: string;
  totalLabels: () => Readonly<Record<string, string>>;
  /** The histogram's labels, as the registry asks for them (made once per series). */
  readonly durationLabels: () => Readonly<Record<string, string>>;
  /** The series of the same verb and dry run without API labels, for a request no installed route served. */
  placeholder?: Series;
  /** Its `apiserver_longrunning_requests` series (made by the first long-running request). */
  longRunning?: Gauge;
}

/** Options of {@link RequestMetrics}. */
export interface RequestMetricsOptions {
  /**
   * The most series `apiserver_request_total` and `apiserver_request_duration_seconds` each hold (default
   * {@link DEFAULT_MAX_REQUEST_METRIC_SERIES}); observations of further series are counted in
   * `apiserver_request_metrics_dropped_total`. Upstream has no such cap. Ignored with `registry` (its own cap holds).
   */
  readonly maxSeries?: number;
  /** The registry the metrics are kept in and `/metrics` writes (default a new one). */
  readonly registry?: MetricsRegistry;
}

/** The group, version, resource, subresource, scope and component values of a series' labels. */
function apiLabelValues(l: Readonly<Record<string, string>>): string[] {
  return [l.group ?? '', l.version ?? '', l.resource ?? '', l.subresource ?? '', l.scope ?? '', l.component ?? ''];
}

function newSeries(method: string, url: string, labels: Record<string, string>): Series {
  const { verb = '', dry_run = '', group = '', version = '', resource = '', subresource = '', scope = '' } = labels;
  const key = seriesKey(verb, dry_run, group, version, resource, subresource, scope);
  // No code yet (-1): the first observation sets the counter's key and labels.
  return { method, url, key, labels, code: -1, totalKey: '', totalLabels: () => labels, durationLabels: () => labels };
}

/**
 * The request metrics of one server: `apiserver_request_total` and `apiserver_request_duration_seconds`, written
 * as prom-client writes a Counter and a Histogram, followed by any metric registered in `registry`.
 *
 * Label values stay within a bounded set: the verb is one of upstream's valid request methods or `other`, the
 * dry run is empty, `All` or `invalid`, and a request no installed route served (Go's `404 page not found`, a
 * go-restful routing error) or that failed authentication has empty group, version, resource, subresource and
 * scope — upstream does not record those requests at all. Each metric holds at most `maxSeries` series.
 */
export class RequestMetrics {
  /** A prom-client registry for further metrics; `/metrics` serves them after the request metrics. */
  readonly registry = new Registry();
  /** The labelled metrics `/metrics` writes: these request metrics and whatever else was registered in it. */
  readonly metrics: MetricsRegistry;
  /** `apiserver_current_inflight_requests`, which the max-in-flight filter feeds. */
  readonly inflight: InflightWatermark;
  readonly #total: CounterVec;
  readonly #duration: HistogramVec;
  readonly #longRunning: GaugeVec;
  readonly #terminations: CounterVec;
  /** The last series seen per RequestInfo (see #seriesOf). */
  readonly #series = new WeakMap<RequestInfo, Series>();
  /** The placeholder series by verb and dry run. */
  readonly #placeholders = new Map<string, Series>();

  /** Creates the metrics (see {@link RequestMetricsOptions}). */
  constructor(options: RequestMetricsOptions = {}) {
    this.metrics = options.registry ?? new MetricsRegistry({ maxSeries: options.maxSeries ?? DEFAULT_MAX_REQUEST_METRIC_SERIES });
    const m = this.metrics;
    const apiLabels = ['group', 'version', 'resource', 'subresource', 'scope', 'component'];
    this.#total = m.counter(
      'apiserver_request_total',
      'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
      ['verb', 'dry_run', ...apiLabels, 'code'],
    );
    this.#duration = m.histogram(
      'apiserver_request_duration_seconds',
      'Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
      latencyBuckets,
      ['verb', 'dry_run', ...apiLabels],
    );
    this.#longRunning = m.gauge(
      'apiserver_longrunning_requests',
      'Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
      ['verb', ...apiLabels],
    );
    this.#terminations = m.counter(
      'apiserver_request_terminations_total',
      'Number of requests which apiserver terminated in self-defense.',
      ['verb', ...apiLabels, 'code'],
    );
    this.inflight = new InflightWatermark(m);
  }

  /**
   * Counts a long-running request (a watch, a proxy or exec…) in `apiserver_longrunning_requests` until its
   * response closes.
   */
  recordLongRunning(request: IncomingMessage, info: RequestInfo, response: ServerResponse): void {
    const series = this.#seriesOf(request, info);
    if (series.longRunning === undefined) {
      const l = series.labels;
      series.longRunning = this.#longRunning.withLabelValues(l.verb ?? '', ...apiLabelValues(l));
    }
    const gauge = series.longRunning;
    gauge.inc();
    onResponseClose(request, response, () => gauge.dec());
  }

  /** Counts a request the server refused in self-defense (429 over the in-flight limit, 504 timed out). */
  recordTermination(request: IncomingMessage, info: RequestInfo, code: number): void {
    const series = this.#seriesOf(request, info);
    const l = series.labels;
    const values = [l.verb ?? '', ...apiLabelValues(l), String(code)];
    this.#terminations.withLabelValues(...values).inc();
  }

  /** Stops the periodic work (the in-flight watermark). */
  stop(): void {
    this.inflight.stop();
  }

  /**
   * Records one finished request. `routed` is false for a request no installed route served or that was not
   * authenticated: it is recorded without the API labels of its URL.
   */
  observe(request: IncomingMessage, info: RequestInfo, code: number, seconds: number, routed = true): void {
    const own = this.#seriesOf(request, info);
    const series = routed ? own : (own.placeholder ??= this.#placeholderOf(own));
    // The counter's key of the last code is kept: a key string used before has its hash computed already.
    // The label thunks are kept with the series: two closures per request were made only to be dropped unread.
    if (series.code !== code) {
      series.code = code;
      series.totalKey = `${series.key}${code}`;
      const labels = series.labels;
      series.totalLabels = () => ({ ...labels, code: String(code) });
    }
    let dropped = 0;
    if (!this.#total.inc(series.totalKey, series.totalLabels)) dropped++;
    if (!this.#duration.observe(series.key, series.durationLabels, seconds)) dropped++;
    if (dropped > 0) this.metrics.dropped(dropped);
  }

  /** The series of `own`'s verb and dry run with empty API labels (one shared object per verb and dry run). */
  #placeholderOf(own: Series): Series {
    const verb = own.labels.verb ?? '';
    const dryRun = own.labels.dry_run ?? '';
    const key = seriesKey(verb, dryRun);
    let series = this.#placeholders.get(key);
    if (series === undefined) {
      const labels = { verb, dry_run: dryRun, group: '', version: '', resource: '', subresource: '', scope: '', component: 'apiserver' };
      series = newSeries('', '', labels);
      this.#placeholders.set(key, series);
    }
    return series;
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
    const series = newSeries(method, url, {
      verb: cleanVerb(request, info),
      dry_run: cleanDryRun(url),
      group: info.apiGroup,
      version: info.apiVersion,
      resource: info.resource,
      subresource: info.subresource,
      scope: cleanScope(info),
      component: 'apiserver',
    });
    // A PATCH's verb also depends on its Content-Type (APPLY): such series are not remembered.
    if (method.toUpperCase() !== 'PATCH') this.#series.set(info, series);
    return series;
  }

  /** A filter recording every request that has a RequestInfo when its response ends. */
  filter(handler: Handler): Handler {
    return (request, response) => {
      // A node response emits 'close' after 'finish' too (and alone when the client went away): one callback
      // records every request once. The received timestamp is also the deadline filter's start (one clock read).
      onResponseClose(request, response, new ObservedRequest(this, request, response, requestReceivedTimestamp(request)));
      return handler(request, response);
    };
  }

  /** The Prometheus text of every metric, as prom-client's `Registry.metrics()` writes it. */
  async text(): Promise<string> {
    const texts = [this.metrics.text()];
    if (this.registry.getMetricsAsArray().length > 0) texts.push((await this.registry.metrics()).slice(0, -1));
    return `${texts.join('\n\n')}\n`;
  }

  /**
   * Resets the metrics of {@link metrics} (see `MetricsRegistry.reset`): what `DELETE /metrics` does. Metrics
   * registered in the prom-client {@link registry} are left as they are.
   */
  reset(): void {
    this.metrics.reset();
  }

  /** The `/metrics` handler: Prometheus text exposition (a reset on DELETE is metrics-reset.ts's). */
  readonly handler: Handler = async (_request, response) => {
    const text = await this.text();
    response.writeHead(200, { 'Content-Type': this.registry.contentType, 'Content-Length': Buffer.byteLength(text) });
    response.end(text);
  };
}

/** A request the metrics filter records when its response closes (its own close callback: no closure per request). */
class ObservedRequest {
  constructor(
    readonly metrics: RequestMetrics,
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    /** When it was received, on `performance.now()`'s clock (a double: no BigInt per request). */
    readonly started: number,
  ) {}

  responseClosed(): void {
    const { request } = this;
    const info = requestInfoFrom(request);
    if (info === undefined) return;
    const routed = userFrom(request) !== undefined && !isUnrouted(request);
    this.metrics.observe(request, info, this.response.statusCode, (performance.now() - this.started) / 1e3, routed);
  }
}
