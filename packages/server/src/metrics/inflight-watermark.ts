/**
 * `apiserver_current_inflight_requests{request_kind}` as the max-in-flight filter reports it: not the current
 * number of requests in flight, which moves too fast to sample, but the highest number seen during the last
 * period (one second), per kind (`readOnly`, `mutating`). Each period publishes the marks and starts the next
 * period's from zero, as upstream's watermark maintenance.
 */
import type { Gauge, MetricsRegistry } from '@apiserver/storage';

/** Upstream's `inflightUsageMetricUpdatePeriod` (one second), in ms. */
export const INFLIGHT_USAGE_UPDATE_PERIOD_MS = 1000;

/** The high-water marks of read-only and mutating requests in flight. */
export class InflightWatermark {
  readonly #readOnlyGauge: Gauge;
  readonly #mutatingGauge: Gauge;
  readonly #periodMs: number;
  #readOnly = 0;
  #mutating = 0;
  #timer: NodeJS.Timeout | undefined;

  /** Registers the gauge in `registry`; publishing starts with the first recorded count. */
  constructor(registry: MetricsRegistry, periodMs = INFLIGHT_USAGE_UPDATE_PERIOD_MS) {
    const gauge = registry.gauge(
      'apiserver_current_inflight_requests',
      'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
      ['request_kind'],
    );
    this.#readOnlyGauge = gauge.withLabelValues('readOnly');
    this.#mutatingGauge = gauge.withLabelValues('mutating');
    this.#periodMs = periodMs;
  }

  /** Notes `count` read-only (`mutating` false) or mutating requests in flight. */
  record(mutating: boolean, count: number): void {
    // Started lazily: a server whose chain never runs (a delegate) must not publish zeros over the served one's.
    if (this.#timer === undefined) this.#timer = setInterval(() => this.publish(), this.#periodMs).unref();
    if (mutating) {
      if (count > this.#mutating) this.#mutating = count;
    } else if (count > this.#readOnly) this.#readOnly = count;
  }

  /** Sets the gauges to the marks of the period now ending and starts a new period. */
  publish(): void {
    this.#readOnlyGauge.set(this.#readOnly);
    this.#mutatingGauge.set(this.#mutating);
    this.#readOnly = 0;
    this.#mutating = 0;
  }

  /** Stops publishing. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
