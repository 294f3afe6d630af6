/**
 * The managedFields of a `scale` subresource write (managedfields `ScaleHandler`): a Scale is another kind than its
 * parent, so the parent's entries are shown to the Scale's field manager as autoscaling/v1 entries owning the Scale's
 * `spec.replicas`, and what that manager leaves is mapped back onto the parent's replicas path. A scale write thus
 * takes `spec.replicas` from whoever owned it (an applier included), and a later apply of other replicas conflicts
 * with the scaler, as on a cluster.
 * @module
 */
import type { ManagedFieldsEntry } from '../apis/meta/v1/object-meta.js';
import { FieldSet } from './field-set.js';
import { decodeManagedFields, encodeManagedFields, type Managed } from './managed.js';
import type { FieldPathElements } from './path-element.js';

/** The Scale's group-version. */
const SCALE_GROUP_VERSION = 'autoscaling/v1';

/** `spec.replicas` of a Scale. */
const REPLICAS_PATH_IN_SCALE: FieldPathElements = [{ fieldName: 'spec' }, { fieldName: 'replicas' }];

/**
 * The replicas path of the parent in each of its group-versions (`ResourcePathMappings`): `null` for a version
 * without a scale subresource (a custom resource version), whose entries are kept as they are.
 */
export type ResourcePathMappings = Readonly<Record<string, FieldPathElements | null>>;

/** The path elements of a dotted field path (`.spec.replicas` or `spec.replicas`). */
export function replicasPathOf(dotted: string): FieldPathElements {
  return dotted
    .replace(/^\./, '')
    .split('.')
    .map((fieldName) => ({ fieldName }));
}

function mappingOf(mappings: ResourcePathMappings, apiVersion: string): FieldPathElements | null | undefined {
  return Object.hasOwn(mappings, apiVersion) ? mappings[apiVersion] : undefined;
}

/** Converts managedFields between a parent resource (in `groupVersion`) and its Scale. */
export class ScaleHandler {
  readonly #parent: Managed;
  readonly #groupVersion: string;
  readonly #mappings: ResourcePathMappings;

  /** A handler for the parent's current `entries` (throws `ManagedFieldsError` when they do not decode). */
  constructor(parentEntries: unknown, groupVersion: string, mappings: ResourcePathMappings) {
    this.#parent = decodeManagedFields(parentEntries);
    this.#groupVersion = groupVersion;
    this.#mappings = mappings;
  }

  /**
   * `ToSubresource`: the parent's entries that own its replicas path, each as an autoscaling/v1 entry owning the
   * Scale's `spec.replicas` (same manager identifier and time); entries of unknown versions are left out.
   */
  toSubresource(): ManagedFieldsEntry[] | undefined {
    const out: Managed = { fields: new Map(), times: new Map() };
    for (const [manager, versioned] of this.#parent.fields) {
      const path = mappingOf(this.#mappings, versioned.apiVersion);
      if (path === undefined || path === null || !versioned.set.has(path)) continue;
      out.fields.set(manager, { set: FieldSet.of(REPLICAS_PATH_IN_SCALE), apiVersion: SCALE_GROUP_VERSION, applied: versioned.applied });
      this.#copyTime(out, manager);
    }
    return encodeManagedFields(out);
  }

  /**
   * `ToParent`: the parent's entries after the Scale's field manager left `scaleEntries`. An entry that owned the
   * replicas path keeps it when its manager still owns the Scale's replicas, else loses it (and goes when nothing is
   * left); the Scale's other managers of `spec.replicas` (the scale writer) own the replicas path in the parent's
   * group-version. Entries of unknown versions are dropped. Times are the parent's (none for a new manager).
   */
  toParent(scaleEntries: unknown): ManagedFieldsEntry[] | undefined {
    const scale = decodeManagedFields(scaleEntries).fields;
    const out: Managed = { fields: new Map(), times: new Map() };
    for (const [manager, versioned] of this.#parent.fields) {
      const path = mappingOf(this.#mappings, versioned.apiVersion);
      if (path === undefined) continue;
      if (path === null || !versioned.set.has(path)) {
        out.fields.set(manager, versioned);
      } else if (scale.has(manager)) {
        out.fields.set(manager, versioned);
        scale.delete(manager);
      } else {
        const left = versioned.set.difference(FieldSet.of(path));
        if (left.empty()) continue;
        out.fields.set(manager, { ...versioned, set: left });
      }
      this.#copyTime(out, manager);
    }
    const ownPath = mappingOf(this.#mappings, this.#groupVersion);
    for (const [manager, versioned] of scale) {
      if (!versioned.set.has(REPLICAS_PATH_IN_SCALE) || ownPath === undefined || ownPath === null) continue;
      out.fields.set(manager, { set: FieldSet.of(ownPath), apiVersion: this.#groupVersion, applied: versioned.applied });
      this.#copyTime(out, manager);
    }
    return encodeManagedFields(out);
  }

  #copyTime(out: Managed, manager: string): void {
    const time = this.#parent.times.get(manager);
    if (time !== undefined) out.times.set(manager, time);
  }
}
