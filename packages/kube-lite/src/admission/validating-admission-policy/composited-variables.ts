/**
 * A policy's `variables` as one evaluation sees them (upstream plugin/cel `CompositionContext`): a variable is
 * evaluated when an expression first reads it, over the bindings of that evaluation (so with `authorizer` only
 * where the evaluation has it), and remembered; reading a failed variable fails with its error. The cost of the
 * variables evaluated is charged to the evaluation's budget after the expression that read them
 * ({@link CompositionCost}). Each filter (match conditions, validations, messages, audit annotations) gets its own.
 * @module
 */
import { type AdmissionBindings, type CompiledAdmissionExpression, celFailureValue } from '@apiserver/apiextensions';
import type { CompositionCost } from '../cel-filter.js';

type Value = AdmissionBindings[string];

/** The `variables` map: a Map whose entries are evaluated on first `get`. */
export class CompositedVariables extends Map<string, Value> implements CompositionCost {
  readonly #compiled: ReadonlyMap<string, CompiledAdmissionExpression>;
  readonly #bindings: AdmissionBindings;
  readonly #values = new Map<string, Value>();
  #cost = 0;

  /** The variables `compiled`, each evaluated over `bindings` plus `variables` (this map). */
  constructor(compiled: readonly { readonly name: string; readonly expression: CompiledAdmissionExpression }[], bindings: AdmissionBindings) {
    super();
    this.#compiled = new Map(compiled.map((v) => [v.name, v.expression]));
    this.#bindings = { ...bindings, variables: this };
  }

  /** The bindings an expression of this evaluation reads: the evaluation's, and `variables`. */
  get bindings(): AdmissionBindings {
    return this.#bindings;
  }

  override get(name: string): Value | undefined {
    if (this.#values.has(name)) return this.#values.get(name);
    const compiled = this.#compiled.get(name);
    if (compiled === undefined) return undefined;
    let value: Value;
    if ('error' in compiled) value = celFailureValue(`compilation error: ${compiled.error}`);
    else {
      const result = compiled.evaluate(this.#bindings);
      this.#cost += result.cost;
      value = 'error' in result ? celFailureValue(result.error) : (result.value as Value);
    }
    this.#values.set(name, value);
    return value;
  }

  override has(name: string): boolean {
    return this.#compiled.has(name);
  }

  override get size(): number {
    return this.#compiled.size;
  }

  override keys(): MapIterator<string> {
    return this.#compiled.keys();
  }

  override *entries(): MapIterator<[string, Value]> {
    for (const name of this.#compiled.keys()) yield [name, this.get(name) as Value];
  }

  override values(): MapIterator<Value> {
    return [...this.entries()].map(([, v]) => v).values();
  }

  override [Symbol.iterator](): MapIterator<[string, Value]> {
    return this.entries();
  }

  override forEach(callback: (value: Value, key: string, map: Map<string, Value>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }

  /** The cost of the variables evaluated since the last call. */
  takeCost(): number {
    const cost = this.#cost;
    this.#cost = 0;
    return cost;
  }
}
