/**
 * The health checks' SLI metrics (component-base's `slis`): `kubernetes_healthcheck`, a gauge of each check's last
 * result (1 passed, 0 failed) by check `name` and `type` (`healthz`, `livez`, `readyz`), and
 * `kubernetes_healthchecks_total`, a counter of every result by `name`, `status` (`success`, `error`) and `type`.
 * `/healthz`, `/livez` and `/readyz` record each check they run (not those `?exclude=` skips, nor the single-check
 * paths); `/metrics/slis` serves the two alone, and with profiling on `DELETE /metrics/slis` resets them (upstream's
 * `SLIMetricsWithReset`, see metrics-reset.ts).
 *
 * @module
 */
import { type Counter, CounterVec, type Gauge, GaugeVec } from '@apiserver/storage';
import type { Handler } from '../handler.js';
import type { HealthChecker } from './health-checker.js';

/** Records one check's result for one health endpoint. */
export type HealthCheckObserver = (check: HealthChecker, passed: boolean) => void;

/** The series of one check on one endpoint, kept so that recording a result looks nothing up. */
interface CheckSeries {
  readonly gauge: Gauge;
  readonly success: Counter;
  readonly error: Counter;
}

/** The SLI metrics of one server's health checks. */
export class HealthCheckSLIs {
  #gauge = HealthCheckSLIs.#newGauge();
  #total = HealthCheckSLIs.#newTotal();
  /** Per endpoint type, each check's series (dropped with the metrics on reset). */
  #series = new Map<string, WeakMap<HealthChecker, CheckSeries>>();

  static #newGauge(): GaugeVec {
    return new GaugeVec('kubernetes_healthcheck', 'This metric records the result of a single healthcheck.', { labelNames: ['name', 'type'] });
  }

  static #newTotal(): CounterVec {
    return new CounterVec('kubernetes_healthchecks_total', 'This metric records the results of all healthcheck.', { labelNames: ['name', 'status', 'type'] });
  }

  /** The observer of the endpoint `type` (`healthz`, `livez`, `readyz`). */
  observerFor(type: string): HealthCheckObserver {
    return (check, passed) => {
      let byCheck = this.#series.get(type);
      if (byCheck === undefined) {
        byCheck = new WeakMap();
        this.#series.set(type, byCheck);
      }
      let series = byCheck.get(check);
      if (series === undefined) {
        series = {
          gauge: this.#gauge.withLabelValues(check.name, type),
          success: this.#total.withLabelValues(check.name, 'success', type),
          error: this.#total.withLabelValues(check.name, 'error', type),
        };
        byCheck.set(check, series);
      }
      series.gauge.set(passed ? 1 : 0);
      (passed ? series.success : series.error).inc();
    };
  }

  /** Forgets every series (what `DELETE /metrics/slis` does). */
  reset(): void {
    this.#gauge = HealthCheckSLIs.#newGauge();
    this.#total = HealthCheckSLIs.#newTotal();
    this.#series = new Map();
  }

  /** The Prometheus text of the two metrics. */
  text(): string {
    return `${this.#gauge.text()}\n\n${this.#total.text()}\n`;
  }

  /** The `/metrics/slis` handler: the text (a reset on DELETE is metrics-reset.ts's). */
  readonly handler: Handler = (_request, response) => {
    const text = this.text();
    response.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    response.end(text);
  };
}
