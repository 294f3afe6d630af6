/**
 * The estimated-cost limits a CRD's `x-kubernetes-validations` must keep at write
 * (`validateCustomResourceDefinitionOpenAPISchema` in apiextensions-apiserver): each rule's
 * estimate, multiplied by how many times the rule can run (the product of `maxItems` and
 * `maxProperties` of the lists and maps above it, or, under any unbounded one, how many of its
 * smallest serialization fit into a request), may not pass {@link STATIC_ESTIMATED_COST_LIMIT};
 * each `messageExpression` neither; and all of them together not {@link STATIC_ESTIMATED_CRD_COST_LIMIT}.
 *
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden } from '@apiserver/runtime';
import type { JSONSchemaProps } from '../../structural-schema.js';
import { saturated } from './estimate.js';

/** `StaticEstimatedCostLimit`: the most one rule (or message expression) may be estimated to cost. */
export const STATIC_ESTIMATED_COST_LIMIT = 10_000_000n;
/** `StaticEstimatedCRDCostLimit`: the most all rules of one schema may be estimated to cost together. */
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000n;

/** Go's `%.1f`: exact halves round to even (`2.25` → `2.2`). */
function oneDecimal(q: number): string {
  const tenths = q * 10;
  if (Number.isInteger(q * 4) && !Number.isInteger(q * 2)) {
    const down = Math.floor(tenths);
    return ((down % 2 === 0 ? down : down + 1) / 10).toFixed(1);
  }
  return q.toFixed(1);
}

/** `getCostErrorMessage`: `<costName> exceeds budget by factor of <f>x (try simplifying the rule, …)`. */
export function costErrorMessage(costName: string, cost: bigint, limit: bigint): string {
  const q = Number(cost) / Number(limit);
  const factor = q > 100 ? 'more than 100x' : q < 1.5 ? `${q.toFixed(6)}x` : `${oneDecimal(q)}x`;
  return `${costName} exceeds budget by factor of ${factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

/** `multiplyWithOverflowGuard`: the product, or 2^64-1 when it would overflow (0 for an empty rule). */
export function multiplyWithOverflowGuard(cost: bigint, cardinality: bigint): bigint {
  if (cost === 0n) return 0n;
  return saturated(cost * cardinality);
}

/**
 * `extractMaxElements`: by how much a node multiplies how often its children occur: `maxProperties` of a
 * map and `maxItems` of a list (`undefined`, unbounded, when not declared), 1 for objects and scalars.
 */
export function extractMaxElements(props: JSONSchemaProps): bigint | undefined {
  const bound = (n: number | undefined): bigint | undefined => (n === undefined ? undefined : BigInt(Math.max(0, n)));
  if (props.type === 'object') return props.additionalProperties === undefined ? 1n : bound(props.maxProperties);
  if (props.type === 'array') return bound(props.maxItems);
  return 1n;
}

/** The cardinality of a child node: the parent's times the parent's {@link extractMaxElements} (`undefined`: unbounded). */
export function childCardinality(parentCardinality: bigint | undefined, parent: JSONSchemaProps): bigint | undefined {
  if (parentCardinality === undefined) return undefined;
  const max = extractMaxElements(parent);
  return max === undefined ? undefined : multiplyWithOverflowGuard(parentCardinality, max);
}

interface RuleCost {
  readonly path: FieldPath;
  readonly cost: bigint;
}

/** `TotalCost`: the sum of a schema's rule costs and the (at most four) rules costing 1% of the limit or more. */
export class TotalCost {
  total = 0n;
  readonly mostExpensive: RuleCost[] = [];

  /** `ObserveExpressionCost`. */
  observe(path: FieldPath, cost: bigint): void {
    this.total = saturated(this.total + cost);
    if (cost < STATIC_ESTIMATED_CRD_COST_LIMIT / 100n) return;
    this.mostExpensive.push({ path, cost });
    this.mostExpensive.sort((a, b) => (a.cost > b.cost ? -1 : a.cost < b.cost ? 1 : 0));
    this.mostExpensive.splice(4);
  }

  /** The errors when the total passes the limit: one per most expensive rule, then the schema's. */
  errors(schemaPath: FieldPath): FieldError[] {
    if (this.total <= STATIC_ESTIMATED_CRD_COST_LIMIT) return [];
    const contributors = this.mostExpensive.map((r) =>
      fieldForbidden(r.path, 'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema'),
    );
    const detail = costErrorMessage('x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema', this.total, STATIC_ESTIMATED_CRD_COST_LIMIT);
    return [...contributors, fieldForbidden(schemaPath, detail)];
  }
}
