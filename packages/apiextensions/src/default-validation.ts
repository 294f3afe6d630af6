/**
 * `ValidateDefaults` (apiextensions-apiserver's `schema/defaulting`): every `default` in a structural schema must be
 * a value the schema accepts where it applies. For each node with a default, in order, stopping at the first that
 * fails:
 * - it has no fields the schema would prune (`must not have unknown fields`; on update only if the stored CRD had
 *   none);
 * - the embedded resources in it coerce and validate as resources (`apiVersion`, `kind`, `metadata`);
 * - it passes the node's OpenAPI validation;
 * - it passes the `x-kubernetes-validations` rules of the node and below, once with `oldSelf` bound to the default and
 *   once as a create (transition rules skipped unless `optionalOldSelf`), without ratcheting.
 *
 * A default inside the `metadata`, `apiVersion` or `kind` of an embedded resource is checked in a stand-in object
 * (`apiVersion: validation/v1`, `kind: Validation`) as `must result in valid metadata: …`. Defaults below
 * `additionalProperties` are never followed (they are forbidden there). All CEL evaluations share one runtime cost
 * budget; once it is spent the walk stops.
 *
 * @module
 */
import { aggregateFieldErrors, type FieldError, type FieldPath, fieldInvalid } from '@apiserver/runtime';
import { CELValidator } from './cel/validator.js';
import { coerceEmbeddedResources, EmbeddedResourceError, validateEmbeddedResources } from './customresource/embedded-resources.js';
import { deepCopyJSON, isJSONObject, jsonEqual } from './json-value.js';
import { RUNTIME_CEL_COST_BUDGET } from './cel/runtime-cost.js';
import { prune } from './pruning.js';
import type { Structural } from './structural-schema.js';
import { validateCustomResource } from './validate-value.js';

/** Whether the default of `s` (if any) is as pruning would leave it. */
function isPrunedDefault(s: Structural): boolean {
  const d = s.generic.default;
  return d === undefined || jsonEqual(prune(d, s, { isResourceRoot: s.extensions.xEmbeddedResource }).pruned, d);
}

/** A step from an embedded resource's root down to a node: a property, or (`undefined`) a list item. */
type Step = string | undefined;

interface Walk {
  readonly requirePrunedDefaults: boolean;
  readonly budget: { remaining: number };
  readonly errs: FieldError[];
}

/** `SurroundingObjectFunc`: `value` placed at `steps` below a stand-in resource root. */
function surroundingObject(steps: readonly Step[], value: unknown): Record<string, unknown> {
  let x = deepCopyJSON(value);
  for (const step of [...steps].reverse()) x = step === undefined ? [x] : { [step]: x };
  const obj = isJSONObject(x) ? x : {};
  obj.kind ??= 'Validation';
  obj.apiVersion ??= 'validation/v1';
  return obj;
}

/** `Coerce` then `Validate` of the embedded resources of `value`: the first coercion problem, else the validation errors. */
function resourceErrors(s: Structural, value: unknown, path: FieldPath | undefined, isResourceRoot: boolean): FieldError[] {
  try {
    if (isJSONObject(value) || Array.isArray(value)) coerceEmbeddedResources(s, deepCopyJSON(value) as Record<string, unknown>, false, { ...(path === undefined ? {} : { path }), isResourceRoot });
  } catch (err) {
    if (err instanceof EmbeddedResourceError) return [err.fieldError];
    throw err;
  }
  return validateEmbeddedResources(s, value, { ...(path === undefined ? {} : { path }), isResourceRoot });
}

/** The CEL errors of the default: against itself as old value, then (when that passes) as a create. */
function celErrors(s: Structural, isResourceRoot: boolean, path: FieldPath, value: unknown, walk: Walk): FieldError[] {
  const validator = CELValidator.forSchema(s, isResourceRoot);
  if (validator === undefined) return [];
  const asUpdate = { ratchet: false, budget: { remaining: walk.budget.remaining } };
  const errs = validator.validate(path, value, value, asUpdate);
  let remaining = asUpdate.budget.remaining;
  if (errs.length === 0) {
    const asCreate = { ratchet: false, budget: { remaining: walk.budget.remaining } };
    errs.push(...validator.validate(path, value, undefined, asCreate));
    remaining = Math.min(remaining, asCreate.budget.remaining);
  }
  walk.budget.remaining = remaining;
  return errs;
}

/** A default inside resource metadata, checked in a stand-in resource: one error if that resource is not valid. */
function metadataDefaultErrors(root: Structural, steps: readonly Step[], value: unknown, at: FieldPath): FieldError[] {
  const problems = resourceErrors(root, surroundingObject(steps, value), undefined, true);
  return problems.length === 0 ? [] : [fieldInvalid(at, value, `must result in valid metadata: ${aggregateFieldErrors(problems) ?? ''}`)];
}

/** The errors of the default of `s` (at `path`, its node's path): pruning, then the first check of the rest that fails. */
function defaultErrors(s: Structural, root: Structural, steps: readonly Step[], insideMeta: boolean, path: FieldPath, walk: Walk): FieldError[] {
  const value = s.generic.default;
  const at = path.child('default');
  const errs: FieldError[] = [];
  if (!insideMeta && walk.requirePrunedDefaults && !isPrunedDefault(s)) {
    errs.push(fieldInvalid(at, value, 'must not have unknown fields'));
  }
  const resources = insideMeta ? metadataDefaultErrors(root, steps, value, at) : resourceErrors(s, value, at, s.extensions.xEmbeddedResource);
  if (resources.length > 0) return [...errs, ...resources];
  const schema = validateCustomResource(s, value, at);
  if (schema.length > 0) return [...errs, ...schema];
  return [...errs, ...celErrors(s, s === root, at, value, walk)];
}

function validateNode(s: Structural, root: Structural, steps: readonly Step[], insideMeta: boolean, path: FieldPath, walk: Walk): void {
  const embedded = s.extensions.xEmbeddedResource;
  const rootOfNode = embedded ? s : root;
  const stepsHere = embedded ? [] : steps;
  const meta = embedded ? false : insideMeta;
  if (s.generic.default !== undefined) {
    walk.errs.push(...defaultErrors(s, rootOfNode, stepsHere, meta, path, walk));
    if (walk.budget.remaining < 0) return;
  }
  if (s.items !== undefined) {
    validateNode(s.items, rootOfNode, [...stepsHere, undefined], meta, path.child('items'), walk);
    if (walk.budget.remaining < 0) return;
  }
  for (const [k, p] of s.properties ?? []) {
    const inMeta = meta || (embedded && (k === 'metadata' || k === 'apiVersion' || k === 'kind'));
    validateNode(p, rootOfNode, [...stepsHere, k], inMeta, path.child('properties').key(k), walk);
    if (walk.budget.remaining < 0) return;
  }
}

/**
 * Validates the defaults of structural schema `s` at `path`; `isResourceRoot` when `s` is a resource's root (a CRD
 * version's schema), which then counts as an embedded resource. `requirePrunedDefaults` is false only on an update of
 * a CRD that already had unpruned defaults.
 */
export function validateDefaults(path: FieldPath, s: Structural, isResourceRoot: boolean, requirePrunedDefaults: boolean): FieldError[] {
  const root = isResourceRoot && !s.extensions.xEmbeddedResource ? { ...s, extensions: { ...s.extensions, xEmbeddedResource: true } } : s;
  const walk: Walk = { requirePrunedDefaults, budget: { remaining: RUNTIME_CEL_COST_BUDGET }, errs: [] };
  validateNode(root, root, [], false, path, walk);
  return walk.errs;
}

/** Whether any default of `s` has fields that pruning would remove (`schemaHasUnprunedDefaults`). */
export function hasUnprunedDefaults(s: Structural | undefined): boolean {
  if (s === undefined) return false;
  if (!isPrunedDefault(s)) return true;
  return hasUnprunedDefaults(s.items) || [...(s.properties?.values() ?? [])].some(hasUnprunedDefaults) || hasUnprunedDefaults(s.generic.additionalProperties?.structural);
}
