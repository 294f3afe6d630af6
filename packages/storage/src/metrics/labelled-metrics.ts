/**
 * A counter, a gauge and a histogram with labels, kept per series under a caller-made key and written in the
 * Prometheus text format exactly as prom-client writes its Counter, Gauge and Histogram (same line order, label
 * order, escaping and number formatting). Recording costs one Map lookup, or none through a series handle
 * (`withLabelValues`, as client_golang's): prom-client hashes and validates the label object of every observation,
 * which cost the request path several microseconds. Each may hold at most `maxSeries` series: an observation of a
 * further series is dropped (and counted by the `onDrop` callback), so no input can grow them without bound.
 */

/** Label names to values, in the order they are written. */
export type Labels = Readonly<Record<string, string>>;

/** prom-client's `escapeString` (HELP text and label values). */
function escapeString(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** `name="value"` pairs joined by commas, as prom-client formats labels. */
function formatLabels(labels: Labels): string {
  let out = '';
  for (const [name, value] of Object.entries(labels)) {
    out += `${out === '' ? '' : ','}${name}="${escapeString(value).replace(/"/g, '\\"')}"`;
  }
  return out;
}

/** prom-client's `getValueAsString`. */
function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'Nan';
  if (!Number.isFinite(value)) return value < 0 ? '-Inf' : '+Inf';
  return `${value}`;
}

function header(name: string, help: string, type: string): string {
  return `# HELP ${escapeString(name)} ${escapeString(help)}\n# TYPE ${escapeString(name)} ${type}`;
}

/** An unambiguous key of label values (each prefixed with its length: values may hold any character). */
export function seriesKey(...values: readonly string[]): string {
  let key = '';
  for (const v of values) key += `${v.length}:${v}`;
  return key;
}

/** The label object of `values` under `names` (missing values are empty). */
function labelsOf(names: readonly string[], values: readonly string[]): Labels {
  const labels: Record<string, string> = {};
  names.forEach((name, i) => {
    labels[name] = values[i] ?? '';
  });
  return labels;
}

/** Options shared by the labelled metrics. */
export interface MetricVecOptions {
  /** Label names, in the order `withLabelValues` takes their values and the text writes them (default none). */
  readonly labelNames?: readonly string[];
  /** The most series kept (default: no limit). */
  readonly maxSeries?: number;
  /** Called with the number of observations not recorded because `maxSeries` series existed already. */
  readonly onDrop?: (observations: number) => void;
}

/** One series of a counter (client_golang's `Counter` child). */
export interface Counter {
  /** Adds `value` (default 1). */
  inc(value?: number): void;
}

/** One series of a gauge (client_golang's `Gauge` child). */
export interface Gauge {
  /** Adds `value` (default 1). */
  inc(value?: number): void;
  /** Subtracts `value` (default 1). */
  dec(value?: number): void;
  /** Sets the value. */
  set(value: number): void;
}

/** One series of a histogram (client_golang's `Observer`). */
export interface Observer {
  /** Records one value. */
  observe(value: number): void;
}

/** A series holding one value (a counter's or a gauge's). */
export interface ValueSeries {
  /** The series' label values, rendered as the exposition format writes them. */
  readonly labels: string;
  /** The current value. */
  value: number;
}

/** The label names, series bound and drop callback of a labelled metric. */
abstract class MetricVec {
  /** Metric name. */
  readonly name: string;
  /** HELP text. */
  readonly help: string;
  /** Label names (see {@link MetricVecOptions.labelNames}). */
  readonly labelNames: readonly string[];
  /** The most series kept. */
  readonly maxSeries: number;
  readonly #onDrop: (observations: number) => void;

  constructor(name: string, help: string, options: MetricVecOptions) {
    this.name = name;
    this.help = help;
    this.labelNames = options.labelNames ?? [];
    this.maxSeries = options.maxSeries ?? Number.POSITIVE_INFINITY;
    this.#onDrop = options.onDrop ?? (() => undefined);
  }

  /** Counts observations not recorded. */
  protected dropped(observations = 1): void {
    this.#onDrop(observations);
  }

  /** The key and label thunk of label values given in {@link labelNames} order. */
  protected seriesOf(values: readonly string[]): [string, () => Labels] {
    return [seriesKey(...values), () => labelsOf(this.labelNames, values)];
  }
}

/** A metric of one value per series (prom-client `Counter` and `Gauge` exposition). */
abstract class ValueVec extends MetricVec {
  protected readonly series = new Map<string, ValueSeries>();
  /** `counter` or `gauge`. */
  protected abstract readonly type: string;
  /** Resets so far: a handle that kept a series looks it up again after one (the series it kept is gone). */
  protected resets = 0;

  /** How many series the metric holds. */
  get size(): number {
    return this.series.size;
  }

  /** Forgets every series (a labelled metric's `Reset` in component-base: each is made again by its next change). */
  reset(): void {
    this.series.clear();
    this.resets++;
  }

  /** Sets every series to 0, keeping it (component-base's `Counter.Reset` of a metric without labels). */
  zero(): void {
    for (const s of this.series.values()) s.value = 0;
  }

  /** The Prometheus text of the metric (no trailing newline). */
  text(): string {
    const lines = [header(this.name, this.help, this.type)];
    for (const s of this.series.values()) lines.push(`${this.name}${s.labels === '' ? '' : `{${s.labels}}`} ${formatValue(s.value)}`);
    return lines.join('\n');
  }
}

/** A counter with labels (prom-client `Counter` exposition). */
export class CounterVec extends ValueVec {
  protected readonly type = 'counter';

  /** Creates an empty counter holding at most `maxSeries` series (default: no limit), or with the given options. */
  constructor(name: string, help: string, options: number | MetricVecOptions = {}) {
    super(name, help, typeof options === 'number' ? { maxSeries: options } : options);
  }

  /**
   * The series of label values given in `labelNames` order, as a handle the caller keeps: the series is created
   * by its first increment, and later ones look nothing up. Past `maxSeries` the handle counts drops instead.
   */
  withLabelValues(...values: string[]): Counter {
    const [key, labels] = this.seriesOf(values);
    let series: ValueSeries | undefined;
    let resets = this.resets;
    return {
      inc: (value = 1) => {
        if (series !== undefined && resets === this.resets) series.value += value;
        else if (this.inc(key, labels, value)) {
          series = this.series.get(key);
          resets = this.resets;
        } else this.dropped();
      },
    };
  }

  /**
   * Adds `value` (default 1) to the series `key`; `labels` is called once, when the key is first seen. Returns
   * false, recording nothing, for a new key once `maxSeries` series exist.
   */
  inc(key: string, labels: () => Labels, value = 1): boolean {
    const series = this.series.get(key);
    if (series !== undefined) series.value += value;
    else if (this.series.size >= this.maxSeries) return false;
    else this.series.set(key, { labels: formatLabels(labels()), value });
    return true;
  }
}

interface HistogramSeries {
  readonly labels: string;
  readonly counts: number[];
  sum: number;
  count: number;
}

/** A histogram with labels (prom-client `Histogram` exposition: cumulative buckets, `+Inf`, `_sum`, `_count`). */
export class HistogramVec extends MetricVec {
  /** Upper bounds of the buckets, ascending. */
  readonly buckets: readonly number[];
  readonly #series = new Map<string, HistogramSeries>();

  /** Creates an empty histogram with the given bucket upper bounds (sorted ascending), holding at most `maxSeries` series. */
  constructor(name: string, help: string, buckets: readonly number[], options: number | MetricVecOptions = {}) {
    super(name, help, typeof options === 'number' ? { maxSeries: options } : options);
    this.buckets = [...buckets].sort((a, b) => a - b);
  }

  /** The series of label values given in `labelNames` order (see {@link CounterVec.withLabelValues}); created at the first observation. */
  withLabelValues(...values: string[]): Observer {
    const [key, labels] = this.seriesOf(values);
    return {
      observe: (value) => {
        if (!this.observe(key, labels, value)) this.dropped();
      },
    };
  }

  /** How many series the histogram holds. */
  get size(): number {
    return this.#series.size;
  }

  /**
   * Records `value` in the series `key`; `labels` is called once, when the key is first seen. Returns false,
   * recording nothing, for a new key once `maxSeries` series exist. Throws for a non-finite value.
   */
  observe(key: string, labels: () => Labels, value: number): boolean {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    let series = this.#series.get(key);
    if (series === undefined) {
      if (this.#series.size >= this.maxSeries) return false;
      series = { labels: formatLabels(labels()), counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    const bucket = this.buckets.findIndex((bound) => value <= bound);
    if (bucket !== -1) series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    series.sum += value;
    series.count += 1;
    return true;
  }

  /** Forgets every series. */
  reset(): void {
    this.#series.clear();
  }

  /** The Prometheus text of the histogram (no trailing newline). */
  text(): string {
    const lines = [header(this.name, this.help, 'histogram')];
    for (const s of this.#series.values()) {
      const shared = s.labels === '' ? '' : `,${s.labels}`;
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += s.counts[i] ?? 0;
        lines.push(`${this.name}_bucket{le="${bound}"${shared}} ${formatValue(cumulative)}`);
      });
      lines.push(`${this.name}_bucket{le="+Inf"${shared}} ${formatValue(s.count)}`);
      const own = s.labels === '' ? '' : `{${s.labels}}`;
      lines.push(`${this.name}_sum${own} ${formatValue(s.sum)}`, `${this.name}_count${own} ${formatValue(s.count)}`);
    }
    return lines.join('\n');
  }
}

/** A gauge with labels (prom-client `Gauge` exposition). */
export class GaugeVec extends ValueVec {
  protected readonly type = 'gauge';

  /** Creates an empty gauge (see {@link MetricVecOptions}). */
  constructor(name: string, help: string, options: MetricVecOptions = {}) {
    super(name, help, options);
  }

  /** The series of label values given in `labelNames` order, created by its first change (see {@link CounterVec.withLabelValues}). */
  withLabelValues(...values: string[]): Gauge {
    const [key, labels] = this.seriesOf(values);
    let series: ValueSeries | undefined;
    let resets = this.resets;
    // Adds to the series, made now if need be; `add` false sets it. Past `maxSeries`, counts a drop.
    const change = (value: number, add: boolean): void => {
      if (resets !== this.resets) {
        series = undefined;
        resets = this.resets;
      }
      series ??= this.#seriesFor(key, labels);
      if (series === undefined) this.dropped();
      else series.value = add ? series.value + value : value;
    };
    return {
      inc: (value = 1) => change(value, true),
      dec: (value = 1) => change(-value, true),
      set: (value) => change(value, false),
    };
  }

  #seriesFor(key: string, labels: () => Labels): ValueSeries | undefined {
    let series = this.series.get(key);
    if (series === undefined && this.series.size < this.maxSeries) {
      series = { labels: formatLabels(labels()), value: 0 };
      this.series.set(key, series);
    }
    return series;
  }
}
