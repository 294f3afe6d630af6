/**
 * An ordered chain of admission plugins (`admission.chainAdmissionHandler`): `admit` runs every mutating
 * plugin that handles the operation, `validate` every validating one, in order; the first error stops.
 * @module
 */
import type { MetricsRegistry } from '@apiserver/storage';
import type { RequestContext } from '../rest/types.js';
import { AdmissionMetrics, type AdmissionStepType } from './admission-metrics.js';
import {
  type AdmissionInterface,
  type Attributes,
  isMutationInterface,
  isValidationInterface,
  type MutationInterface,
  type Operation,
  type ValidationInterface,
} from './interfaces.js';

/** Options of an {@link AdmissionChain}. */
export interface AdmissionChainOptions {
  /**
   * Where each step (`admit`, `validate`) and each named plugin is timed
   * (`apiserver_admission_step_admission_duration_seconds`, `apiserver_admission_controller_admission_duration_seconds`);
   * absent = not timed.
   */
  readonly metrics?: MetricsRegistry;
}

/** Runs plugins in order; is itself a mutating and validating plugin. */
export class AdmissionChain implements MutationInterface, ValidationInterface {
  readonly #plugins: readonly AdmissionInterface[];
  readonly #metrics: AdmissionMetrics | undefined;

  /** Creates a chain of `plugins` (order matters). */
  constructor(plugins: readonly AdmissionInterface[], options: AdmissionChainOptions = {}) {
    this.#plugins = [...plugins];
    this.#metrics = options.metrics === undefined ? undefined : new AdmissionMetrics(options.metrics);
  }

  /** True if any plugin handles `operation`. */
  handles(operation: Operation): boolean {
    return this.#plugins.some((p) => p.handles(operation));
  }

  /** Runs the mutating plugins that handle the operation. */
  async admit(ctx: RequestContext, attributes: Attributes): Promise<void> {
    const step = (p: AdmissionInterface) => (isMutationInterface(p) ? () => p.admit(ctx, attributes) : undefined);
    await this.#run('admit', attributes.operation, step);
  }

  /** Runs the validating plugins that handle the operation. */
  async validate(ctx: RequestContext, attributes: Attributes): Promise<void> {
    const step = (p: AdmissionInterface) => (isValidationInterface(p) ? () => p.validate(ctx, attributes) : undefined);
    await this.#run('validate', attributes.operation, step);
  }

  /** Runs `call` of each plugin that has one and handles `operation`, in order, timing the step and named plugins. */
  async #run(type: AdmissionStepType, operation: Operation, call: (p: AdmissionInterface) => (() => void | Promise<void>) | undefined): Promise<void> {
    const metrics = this.#metrics;
    const started = metrics === undefined ? 0 : performance.now();
    let rejected = true;
    try {
      for (const p of this.#plugins) {
        const run = call(p);
        if (run === undefined || !p.handles(operation)) continue;
        if (metrics === undefined || p.name === undefined) await run();
        else await timed(run, (failed, seconds) => metrics.observeController(p.name as string, type, operation, failed, seconds));
      }
      rejected = false;
    } finally {
      metrics?.observeStep(type, operation, rejected, (performance.now() - started) / 1e3);
    }
  }
}

/** Runs `fn`, then reports whether it threw and how long it took in seconds. */
async function timed(fn: () => void | Promise<void>, report: (failed: boolean, seconds: number) => void): Promise<void> {
  const started = performance.now();
  let failed = true;
  try {
    await fn();
    failed = false;
  } finally {
    report(failed, (performance.now() - started) / 1e3);
  }
}
