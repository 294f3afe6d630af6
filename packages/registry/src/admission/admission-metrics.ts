/**
 * The admission latency metrics (pkg/admission/metrics as of Kubernetes 1.32):
 * `apiserver_admission_step_admission_duration_seconds{operation,rejected,type}` times each step (all mutating
 * plugins: `admit`; all validating ones: `validate`) and
 * `apiserver_admission_controller_admission_duration_seconds{name,operation,rejected,type}` each named plugin.
 * Series handles are kept per label set, so timing a step looks up one small map.
 */
import type { MetricsRegistry, Observer } from '@apiserver/storage';
import type { Operation } from './interfaces.js';

/** `admit` (mutating) or `validate`. */
export type AdmissionStepType = 'admit' | 'validate';

/** Upstream's buckets (seconds). */
const admissionBuckets = [0.005, 0.025, 0.1, 0.5, 1, 2.5];

/** The step and per-plugin latency histograms of one registry. */
export class AdmissionMetrics {
  readonly #observers = new Map<string, Observer>();
  readonly #registry: MetricsRegistry;

  /** Registers both histograms in `registry`. */
  constructor(registry: MetricsRegistry) {
    this.#registry = registry;
    this.#step();
    this.#controller();
  }

  #step() {
    return this.#registry.histogram(
      'apiserver_admission_step_admission_duration_seconds',
      'Admission sub-step latency histogram in seconds, broken out for each operation and API resource and step type (validate or admit).',
      admissionBuckets,
      ['operation', 'rejected', 'type'],
    );
  }

  #controller() {
    return this.#registry.histogram(
      'apiserver_admission_controller_admission_duration_seconds',
      'Admission controller latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
      admissionBuckets,
      ['name', 'operation', 'rejected', 'type'],
    );
  }

  /** Records a step's latency. */
  observeStep(type: AdmissionStepType, operation: Operation, rejected: boolean, seconds: number): void {
    this.#observer('', type, operation, rejected).observe(seconds);
  }

  /** Records one plugin's latency (`name` as the plugin is registered, e.g. `NamespaceLifecycle`). */
  observeController(name: string, type: AdmissionStepType, operation: Operation, rejected: boolean, seconds: number): void {
    this.#observer(name, type, operation, rejected).observe(seconds);
  }

  /** The series handle of a label set; `name` empty for the step metric. */
  #observer(name: string, type: AdmissionStepType, operation: Operation, rejected: boolean): Observer {
    const key = `${name}/${type}/${operation}/${rejected}`;
    let observer = this.#observers.get(key);
    if (observer === undefined) {
      const r = String(rejected);
      observer = name === '' ? this.#step().withLabelValues(operation, r, type) : this.#controller().withLabelValues(name, operation, r, type);
      this.#observers.set(key, observer);
    }
    return observer;
  }
}
