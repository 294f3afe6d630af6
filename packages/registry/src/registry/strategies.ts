/**
 * A ready-made strategy: the configurable spec/status strategy most built-in resources use (the status
 * subresource's is in status-strategy.ts).
 * @module
 */
import {
  type DeleteOptions,
  type FieldError,
  fieldInvalid,
  nameIsDNSSubdomain,
  newPath,
  semanticEqual,
  type TSchema,
  type ValidateNameFunc,
} from '@apiserver/runtime';
import { canonicalJSON } from '@apiserver/storage';
import type { RESTCreateStrategy } from '../rest/create.js';
import type { GarbageCollectionPolicy, RESTDeleteStrategy } from '../rest/delete.js';
import type { ApiObject, RequestContext } from '../rest/types.js';
import type { RESTUpdateStrategy } from '../rest/update.js';

/** Options of a GenericStrategy. */
export interface GenericStrategyOptions {
  /** Whether objects are namespaced. */
  namespaceScoped: boolean;
  /** PUT of a missing object creates it (default false). */
  allowCreateOnUpdate?: boolean;
  /** Updates without resourceVersion overwrite the latest (default true). */
  allowUnconditionalUpdate?: boolean;
  /** Validates `metadata.name` (default DNS-1123 subdomain). */
  nameFn?: ValidateNameFunc;
  /** The status field reset on create and kept from the old object on update (spec updates); absent = none. */
  statusField?: string;
  /** Set generation 1 on create and bump it when anything outside metadata and status changes. */
  trackGeneration?: boolean;
  /**
   * The kind's schema: "changed" then means a different Go value (`Semantic.DeepEqual`, e.g. `"resources": {}`
   * equals none); without it the spec's canonical JSON is compared.
   */
  schema?: TSchema;
  /** Grace period used when DeleteOptions have none; absent = deletes are immediate. */
  defaultGracePeriodSeconds?: number;
  /** Default dependents policy (absent = DeleteDependents). */
  garbageCollectionPolicy?: GarbageCollectionPolicy;
  /** Extra create validation. */
  validate?(ctx: RequestContext, obj: ApiObject): FieldError[];
  /** Extra update validation. */
  validateUpdate?(ctx: RequestContext, obj: ApiObject, old: ApiObject): FieldError[];
}

const NON_SPEC_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

/** The object without metadata, type fields and `statusField`, as canonical JSON (what "spec changed" compares). */
export function specOf(obj: ApiObject, statusField: string | undefined): string {
  return canonicalJSON(withoutNonSpec(obj, statusField));
}

function withoutNonSpec(obj: ApiObject, statusField: string | undefined): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (!NON_SPEC_FIELDS.has(k) && k !== statusField) spec[k] = v;
  return spec;
}

/**
 * True when anything outside metadata, type fields and `statusField` differs between `obj` and `old`: as Go values
 * of the kind `schema` describes when given (upstream's `!Semantic.DeepEqual(new.Spec, old.Spec)`), else as JSON.
 */
export function specChanged(obj: ApiObject, old: ApiObject, statusField: string | undefined, schema?: TSchema): boolean {
  if (schema === undefined) return specOf(obj, statusField) !== specOf(old, statusField);
  return !semanticEqual(schema, withoutNonSpec(obj, statusField), withoutNonSpec(old, statusField));
}

/** A create/update/delete strategy configured by options instead of code. */
export class GenericStrategy implements RESTCreateStrategy, RESTUpdateStrategy, RESTDeleteStrategy {
  readonly #o: GenericStrategyOptions;
  /** Present when `defaultGracePeriodSeconds` is set: deletes are graceful with that default period. */
  readonly checkGracefulDelete?: (ctx: RequestContext, obj: ApiObject, options: DeleteOptions) => boolean;
  /** Present when `garbageCollectionPolicy` is set. */
  readonly defaultGarbageCollectionPolicy?: (ctx: RequestContext) => GarbageCollectionPolicy;

  /** Creates the strategy. */
  constructor(options: GenericStrategyOptions) {
    this.#o = options;
    const grace = options.defaultGracePeriodSeconds;
    if (grace !== undefined) {
      this.checkGracefulDelete = (_ctx, _obj, opts) => {
        opts.gracePeriodSeconds ??= grace;
        return true;
      };
    }
    const policy = options.garbageCollectionPolicy;
    if (policy !== undefined) this.defaultGarbageCollectionPolicy = () => policy;
  }

  /** True when objects of the resource live in a namespace. */
  namespaceScoped(): boolean {
    return this.#o.namespaceScoped;
  }

  /** True when an update of an absent object creates it (PUT may create). */
  allowCreateOnUpdate(): boolean {
    return this.#o.allowCreateOnUpdate ?? false;
  }

  /** True when an update without `metadata.resourceVersion` is applied to the latest object. */
  allowUnconditionalUpdate(): boolean {
    return this.#o.allowUnconditionalUpdate ?? true;
  }

  /** Drops the status field and starts generation at 1 when tracked. */
  prepareForCreate(_ctx: RequestContext, obj: ApiObject): void {
    if (this.#o.statusField !== undefined) delete obj[this.#o.statusField];
    if (this.#o.trackGeneration === true) obj.metadata.generation = 1;
  }

  /** Keeps the old status and bumps generation when the spec changed. */
  prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    const status = this.#o.statusField;
    if (status !== undefined) {
      if (old[status] === undefined) delete obj[status];
      else obj[status] = old[status];
    }
    if (this.#o.trackGeneration === true && specChanged(obj, old, status, this.#o.schema)) {
      obj.metadata.generation = (old.metadata.generation ?? 0) + 1;
    }
  }

  /**
   * Validates `generateName` (as a prefix) and the name with `nameFn`, as the kind's `ValidateObjectMeta` call does
   * upstream, then the extra validation.
   */
  validate(ctx: RequestContext, obj: ApiObject): FieldError[] {
    const nameFn = this.#o.nameFn ?? nameIsDNSSubdomain;
    const errs: FieldError[] = [];
    const generateName = obj.metadata.generateName ?? '';
    if (generateName !== '') {
      for (const msg of nameFn(generateName, true)) errs.push(fieldInvalid(newPath('metadata', 'generateName'), generateName, msg));
    }
    const name = obj.metadata.name ?? '';
    if (name !== '') for (const msg of nameFn(name, false)) errs.push(fieldInvalid(newPath('metadata', 'name'), name, msg));
    return [...errs, ...(this.#o.validate?.(ctx, obj) ?? [])];
  }

  /** Runs the extra update validation. */
  validateUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): FieldError[] {
    return this.#o.validateUpdate?.(ctx, obj, old) ?? [];
  }
}
