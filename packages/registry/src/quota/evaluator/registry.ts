/**
 * The quota evaluators of the core resources (pkg/quota/v1/evaluator/core `NewEvaluators`) and a registry that makes
 * an object count evaluator for any other group-resource on first use (as quota admission does).
 * @module
 */
import { ObjectCountEvaluator, type QuotaEvaluator } from '../evaluator.js';
import { PersistentVolumeClaimEvaluator } from './persistent-volume-claims.js';
import { PodEvaluator } from './pods.js';
import { ServiceEvaluator } from './services.js';

/** Core resources counted under a legacy name besides `count/<resource>`. */
const LEGACY_OBJECT_COUNT_ALIASES: Readonly<Record<string, string>> = {
  configmaps: 'configmaps',
  resourcequotas: 'resourcequotas',
  replicationcontrollers: 'replicationcontrollers',
  secrets: 'secrets',
};

/** The evaluators of pods, services, claims and the legacy-aliased object counts. */
export function newCoreEvaluators(): QuotaEvaluator[] {
  const counts = Object.entries(LEGACY_OBJECT_COUNT_ALIASES).map(([resource, alias]) => new ObjectCountEvaluator('', resource, alias));
  return [new PodEvaluator(), new ServiceEvaluator(), new PersistentVolumeClaimEvaluator(), ...counts];
}

/** Evaluators by group-resource (`quota.Registry`). */
export class QuotaRegistry {
  readonly #evaluators = new Map<string, QuotaEvaluator>();

  /** A registry of `evaluators` (default: the core ones). */
  constructor(evaluators: readonly QuotaEvaluator[] = newCoreEvaluators()) {
    for (const e of evaluators) this.#evaluators.set(`${e.group}/${e.resource}`, e);
  }

  /** The evaluator of `group`/`resource`, if registered. */
  get(group: string, resource: string): QuotaEvaluator | undefined {
    return this.#evaluators.get(`${group}/${resource}`);
  }

  /** The evaluator of `group`/`resource`, an object count evaluator registered now when there was none. */
  getOrCount(group: string, resource: string): QuotaEvaluator {
    const found = this.get(group, resource);
    if (found !== undefined) return found;
    const counter = new ObjectCountEvaluator(group, resource);
    this.#evaluators.set(`${group}/${resource}`, counter);
    return counter;
  }

  /** Every registered evaluator. */
  list(): QuotaEvaluator[] {
    return [...this.#evaluators.values()];
  }
}
