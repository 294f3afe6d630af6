/**
 * A counter and a histogram with labels, kept per series under a caller-made key and written in the Prometheus
 * text format exactly as prom-client writes its Counter and Histogram (same line order, label order, escaping
 * and number formatting). Recording costs one Map lookup; prom-client hashes and validates the label object of
 * every observation, which cost the request path several microseconds. Each may hold at most `maxSeries` series:
 * an observation of a further series is dropped (the caller counts it), so no input can grow them without bound.
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

interface CounterSeries {
  readonly labels: string;
  value: number;
}

/** A counter with labels (prom-client `Counter` exposition). */
export class CounterVec {
  /** Metric name. */
  readonly name: string;
  /** HELP text. */
  readonly help: string;
  /** The most series kept. */
  readonly maxSeries: number;
  readonly #series = new Map<string, CounterSeries>();

  /** Creates an empty counter holding at most `maxSeries` series (default: no limit). */
  constructor(name: string, help: string, maxSeries = Number.POSITIVE_INFINITY) {
    this.name = name;
    this.help = help;
    this.maxSeries = maxSeries;
  }

  /**
   * Adds `value` (default 1) to the series `key`; `labels` is called once, when the key is first seen. Returns
   * false, recording nothing, for a new key once `maxSeries` series exist.
   */
  inc(key: string, labels: () => Labels, value = 1): boolean {
    const series = this.#series.get(key);
    if (series !== undefined) series.value += value;
    else if (this.#series.size >= this.maxSeries) return false;
    else this.#series.set(key, { labels: formatLabels(labels()), value });
    return true;
  }

  /** How many series the counter holds. */
  get size(): number {
    return this.#series.size;
  }

  /** Forgets every series. */
  reset(): void {
    this.#series.clear();
  }

  /** The Prometheus text of the counter (no trailing newline). */
  text(): string {
    const lines = [header(this.name, this.help, 'counter')];
    for (const s of this.#series.values()) lines.push(`${this.name}${s.labels === '' ? '' : `{${s.labels}}`} ${formatValue(s.value)}`);
    return lines.join('\n');
  }
}

interface HistogramSeries {
  readonly labels: string;
  readonly counts: number[];
  sum: number;
  count: number;
}

/** A histogram with labels (prom-client `Histogram` exposition: cumulative buckets, `+Inf`, `_sum`, `_count`). */
export class HistogramVec {
  /** Metric name. */
  readonly name: string;
  /** HELP text. */
  readonly help: string;
  /** Upper bounds of the buckets, ascending. */
  readonly buckets: readonly number[];
  /** The most series kept. */
  readonly maxSeries: number;
  readonly #series = new Map<string, HistogramSeries>();

  /** Creates an empty histogram with the given bucket upper bounds (sorted ascending), holding at most `maxSeries` series. */
  constructor(name: string, help: string, buckets: readonly number[], maxSeries = Number.POSITIVE_INFINITY) {
    this.name = name;
    this.help = help;
    this.buckets = [...buckets].sort((a, b) => a - b);
    this.maxSeries = maxSeries;
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
