/**
 * The per-webhook admission metrics (pkg/admission/metrics as of Kubernetes 1.32), recorded by the dispatchers once
 * per call: `apiserver_admission_webhook_admission_duration_seconds{name,operation,rejected,type}`,
 * `apiserver_admission_webhook_request_total{code,name,operation,rejected,type}`,
 * `apiserver_admission_webhook_rejection_count{error_type,name,operation,rejection_code,type}` and
 * `apiserver_admission_webhook_fail_open_count{name,type}`. `name` is the webhook's name, `type` `admit` for mutating
 * webhooks and `validating` for validating ones (upstream's dispatchers pass those words); codes above 600 count as
 * 600.
 * @module
 */
import type { MetricsRegistry } from '@apiserver/storage';
import type { Operation } from '../../interfaces.js';
import { ErrCallingWebhook, ErrWebhookRejection } from './errors.js';

/** `admit` (mutating webhooks) or `validating`. */
export type WebhookMetricsType = 'admit' | 'validating';

/** Why a webhook call rejected the request: its call failed, it denied, or the server failed around it. */
export type WebhookRejectionErrorType = 'calling_webhook_error' | 'no_error' | 'apiserver_internal_error';

/** Upstream's buckets (seconds): webhooks may take up to 30 s. */
const WEBHOOK_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1, 2.5, 10, 25];

const boundedCode = (code: number): string => String(Math.min(code, 600));

/** The webhook metrics of one registry. */
export class WebhookMetrics {
  readonly #registry: MetricsRegistry;

  /** Registers the four metrics in `registry`. */
  constructor(registry: MetricsRegistry) {
    this.#registry = registry;
    this.#latency();
    this.#requests();
    this.#rejections();
    this.#failOpen();
  }

  #latency() {
    return this.#registry.histogram(
      'apiserver_admission_webhook_admission_duration_seconds',
      'Admission webhook latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
      WEBHOOK_BUCKETS,
      ['name', 'operation', 'rejected', 'type'],
    );
  }

  #requests() {
    return this.#registry.counter(
      'apiserver_admission_webhook_request_total',
      'Admission webhook request total, identified by name and broken out for each admission type (validating or mutating) and operation. Additional labels specify whether the request was rejected or not and an HTTP status code. Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
      ['code', 'name', 'operation', 'rejected', 'type'],
    );
  }

  #rejections() {
    return this.#registry.counter(
      'apiserver_admission_webhook_rejection_count',
      'Admission webhook rejection count, identified by name and broken out for each admission type (validating or admit) and operation. Additional labels specify an error type (calling_webhook_error or apiserver_internal_error if an error occurred; no_error otherwise) and optionally a non-zero rejection code if the webhook rejects the request with an HTTP status code (honored by the apiserver when the code is greater or equal to 400). Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
      ['error_type', 'name', 'operation', 'rejection_code', 'type'],
    );
  }

  #failOpen() {
    return this.#registry.counter(
      'apiserver_admission_webhook_fail_open_count',
      'Admission webhook fail open count, identified by name and broken out for each admission type (validating or mutating).',
      ['name', 'type'],
    );
  }

  /** One call's latency and outcome (`code`: 200 when it answered, else the failure's code; 0 for a server error). */
  observeWebhook(name: string, type: WebhookMetricsType, operation: Operation, rejected: boolean, code: number, seconds: number): void {
    const r = String(rejected);
    this.#latency().withLabelValues(name, operation, r, type).observe(seconds);
    this.#requests().withLabelValues(boundedCode(code), name, operation, r, type).inc();
  }

  /** A call that rejected the request. */
  observeRejection(name: string, type: WebhookMetricsType, operation: Operation, errorType: WebhookRejectionErrorType, code: number): void {
    this.#rejections().withLabelValues(errorType, name, operation, boundedCode(code), type).inc();
  }

  /** A failed call its `failurePolicy: Ignore` let the request pass. */
  observeFailOpen(name: string, type: WebhookMetricsType): void {
    this.#failOpen().withLabelValues(name, type).inc();
  }
}

/** The part of a webhook's spec its metrics read. */
export interface ObservedWebhook {
  /** The webhook's name (the `name` label). */
  readonly name: string;
  /** `Ignore` makes a failed call fail open. */
  readonly failurePolicy?: string;
}

/**
 * Records one call as upstream's dispatchers do: a success as code 200; a failed call (its code) as a rejection of
 * type `calling_webhook_error` unless `failurePolicy: Ignore` lets it fail open; a denial (the Status code) as a
 * rejection of type `no_error`; any other failure as `apiserver_internal_error` with code 0.
 */
export function observeWebhookCall(metrics: WebhookMetrics | undefined, hook: ObservedWebhook, type: WebhookMetricsType, operation: Operation, failure: unknown, seconds: number): void {
  if (metrics === undefined) return;
  const { name } = hook;
  if (failure === undefined) {
    metrics.observeWebhook(name, type, operation, false, 200, seconds);
  } else if (failure instanceof ErrCallingWebhook) {
    const failOpen = hook.failurePolicy === 'Ignore';
    if (!failOpen) metrics.observeRejection(name, type, operation, 'calling_webhook_error', failure.code);
    metrics.observeWebhook(name, type, operation, !failOpen, failure.code, seconds);
    if (failOpen) metrics.observeFailOpen(name, type);
  } else if (failure instanceof ErrWebhookRejection) {
    metrics.observeRejection(name, type, operation, 'no_error', failure.status.code);
    metrics.observeWebhook(name, type, operation, true, failure.status.code, seconds);
  } else {
    metrics.observeRejection(name, type, operation, 'apiserver_internal_error', 0);
    metrics.observeWebhook(name, type, operation, true, 0, seconds);
  }
}
