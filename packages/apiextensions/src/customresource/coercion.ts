/**
 * What the crdHandler's unstructured schema coercer and defaulter do to a custom resource: unknown fields are
 * pruned (the request decoder reports them per `fieldValidation`: Strict → 400, Warn → warnings) and defaults are
 * applied, in the served version (the storage converts to and from the storage version).
 *
 * @module
 */
import type { CoercedObject, ObjectCoercer } from '@apiserver/endpoints';
import type { ApiObject, UpdatedObjectInfo } from '@apiserver/registry';
import { newBadRequest, ObjectMetaSchema, propertiesOf } from '@apiserver/runtime';
import { applyDefaultsInPlace, pruneNonNullableNullsWithoutDefaults } from '../defaulting.js';
import { prune } from '../pruning.js';
import type { Structural } from '../structural-schema.js';
import { coerceEmbeddedResources, decodeObjectMeta } from './embedded-resources.js';

/** Drops the top-level fields ObjectMeta does not have (upstream decodes metadata into ObjectMeta), with their paths. */
function pruneMetadata(obj: ApiObject): { obj: ApiObject; paths: string[] } {
  const known = propertiesOf(ObjectMetaSchema) ?? {};
  const unknown = Object.keys(obj.metadata).filter((key) => !Object.hasOwn(known, key));
  if (unknown.length === 0) return { obj, paths: [] };
  const metadata = { ...obj.metadata };
  for (const key of unknown) Reflect.deleteProperty(metadata, key);
  return { obj: { ...obj, metadata }, paths: unknown.map((key) => `metadata.${key}`) };
}

/**
 * `metadata` as Go decodes it into ObjectMeta: JSON nulls become Go's zero values, and a value of the wrong JSON type
 * (a label that is not a string, a generation past int64) is Go's decode error, the first one found.
 */
function decodeMetadata(obj: ApiObject): { obj: ApiObject; problem?: string } {
  const { metadata, problem } = decodeObjectMeta(obj.metadata);
  return problem === undefined ? { obj: { ...obj, metadata } } : { obj, problem };
}

/** The facts of one served version of a custom resource. */
export interface CustomResourceVersion {
  /** The API group. */
  readonly group: string;
  /** The version served. */
  readonly version: string;
  /** The kind. */
  readonly kind: string;
  /** The served version's structural schema. */
  readonly schema: Structural | undefined;
}

/**
 * Prunes and defaults custom resources of one served version: as the request decoder does (upstream's
 * `schemaCoercingDecoder` and `unstructuredDefaulter`, an {@link ObjectCoercer} of the version's request scopes) and
 * again, silently, on the way to storage (`schemaCoercingConverter`), where objects changed by admission arrive.
 */
export class CustomResourceCoercer implements ObjectCoercer {
  readonly #v: CustomResourceVersion;

  /** Creates the coercer of a served version. */
  constructor(version: CustomResourceVersion) {
    this.#v = version;
  }

  /** `<group>/<version>` of the served version. */
  get apiVersion(): string {
    return `${this.#v.group}/${this.#v.version}`;
  }

  /**
   * Decodes `metadata` as ObjectMeta (throwing the first problem), prunes the fields the schema does not specify
   * and the non-nullable nulls without a default, and coerces the embedded resources (throwing their first problem); the unknown fields are listed as upstream reports them: those of
   * `metadata` first, then the pruned ones, each part sorted. The object carries the served apiVersion.
   */
  coerce(obj: ApiObject): CoercedObject {
    return this.#coerce(obj, false);
  }

  #coerce(obj: ApiObject, forStorage: boolean): CoercedObject {
    const { schema } = this.#v;
    const meta = pruneMetadata(obj);
    const decoded = decodeMetadata(meta.obj);
    if (decoded.problem !== undefined) throw new Error(decoded.problem);
    const { pruned, prunedPaths } = schema === undefined ? { pruned: decoded.obj, prunedPaths: [] } : prune(decoded.obj, schema, { isResourceRoot: true });
    const object = schema === undefined ? pruned : pruneNonNullableNullsWithoutDefaults(pruned, schema);
    coerceEmbeddedResources(schema, object, forStorage);
    return { object: { ...object, apiVersion: this.apiVersion }, unknownFields: [...meta.paths.sort(), ...prunedPaths] };
  }

  /** Applies the version's schema defaults in place. */
  default(obj: ApiObject): void {
    applyDefaultsInPlace(obj, this.#v.schema);
  }

  /**
   * {@link coerce} and {@link default} on the way to storage: unknown fields (added by mutating admission) are dropped
   * without a report, so are embedded resources' non-string `apiVersion`/`kind` (their bad metadata is left for
   * validation); a root metadata problem is the 400 of a body that cannot be handled.
   */
  coerceForStorage(obj: ApiObject): ApiObject {
    let coerced: CoercedObject;
    try {
      coerced = this.#coerce(obj, true);
    } catch (err) {
      const { kind, version } = this.#v;
      throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.default(coerced.object);
    return coerced.object;
  }

  /** Wraps an update so the new object is coerced for storage (the old one, a copy, is already in the served version). */
  wrapUpdate(objInfo: UpdatedObjectInfo): UpdatedObjectInfo {
    return {
      preconditions: () => objInfo.preconditions(),
      updatedObject: async (ctx, old) => {
        const updated = await objInfo.updatedObject(ctx, old === undefined ? undefined : structuredClone(old));
        return this.coerceForStorage(updated);
      },
    };
  }
}
