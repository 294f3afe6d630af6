/**
 * merge.Updater (structured-merge-diff `merge/update.go`) for one API version: `update` records what a
 * non-apply write changed and takes those fields from other managers; `apply` merges a configuration,
 * prunes what the manager applied last time and no longer applies, and fails with the conflicting fields
 * of other managers unless forced.
 */
import type { SlicedPass } from '../runtime/time-slice.js';
import { type Comparison, compareTyped, compareTypedSteps } from './compare.js';
import { ApplyConflicts, type Conflict } from './conflict.js';
import { createdFields } from './created-fields.js';
import { FieldSet } from './field-set.js';
import type { FieldType } from './field-type.js';
import { mergeObjects } from './merge.js';
import { ensureNamedFieldsAreMembers, removeItems } from './remove.js';
import { toFieldSet } from './to-field-set.js';
import { isObject, type JSONObject } from './typed-value.js';

/** The fields one manager owns, the API version it used, and whether it owns them by Apply. */
export interface VersionedSet {
  /** Owned fields. */
  readonly set: FieldSet;
  /** API version of the paths. */
  readonly apiVersion: string;
  /** True for an Apply manager. */
  readonly applied: boolean;
}

/** Field ownership by manager identifier. */
export type ManagedFieldSets = Map<string, VersionedSet>;

function asObject(v: unknown): JSONObject {
  return isObject(v) ? v : {};
}

/** Computes ownership changes and merges applied configurations for objects of one type. */
export class Updater {
  readonly #type: FieldType;
  readonly #ignored: FieldSet | undefined;

  /**
   * An updater for objects of type `type`; nobody owns the fields under `ignored` (upstream's
   * `IgnoreFilter`, fed by the strategies' reset fields), so they never conflict.
   */
  constructor(type: FieldType, ignored?: FieldSet) {
    this.#type = type;
    this.#ignored = ignored === undefined || ignored.empty() ? undefined : ignored;
  }

  #filter(set: FieldSet): FieldSet {
    return this.#ignored === undefined ? set : set.recursiveDifference(this.#ignored);
  }

  #compare(oldObj: JSONObject, newObj: JSONObject): Comparison {
    return this.#filtered(compareTyped(oldObj, newObj, this.#type));
  }

  #filtered(c: Comparison): Comparison {
    return { added: this.#filter(c.added), modified: this.#filter(c.modified), removed: this.#filter(c.removed) };
  }

  #removeOwnership(compare: Comparison, managers: ManagedFieldSets, workflow: string, force: boolean): ManagedFieldSets {
    const changed = compare.modified.union(compare.added);
    const conflicts: Conflict[] = [];
    const out: ManagedFieldSets = new Map();
    for (const [manager, vs] of managers) {
      if (manager === workflow) {
        out.set(manager, vs);
        continue;
      }
      const conflictSet = vs.set.intersection(changed);
      if (!conflictSet.empty()) for (const path of conflictSet.paths()) conflicts.push({ manager, path });
      const set = vs.set.difference(conflictSet).difference(compare.removed);
      if (!set.empty()) out.set(manager, { ...vs, set });
    }
    if (!force && conflicts.length > 0) throw new ApplyConflicts(conflicts);
    const own = out.get(workflow);
    if (own?.set.empty()) out.delete(workflow);
    return out;
  }

  /** Ownership after a non-apply write of `newObj` over `liveObj` by `manager`. */
  update(liveObj: JSONObject, newObj: JSONObject, apiVersion: string, managers: ManagedFieldSets, manager: string): ManagedFieldSets {
    return this.#updated(this.#compare(liveObj, newObj), apiVersion, managers, manager);
  }

  /** {@link Updater.update} as a sliced pass: the same ownership, the objects compared in steps. */
  *updateSteps(liveObj: JSONObject, newObj: JSONObject, apiVersion: string, managers: ManagedFieldSets, manager: string): SlicedPass<ManagedFieldSets> {
    const compare = this.#filtered(yield* compareTypedSteps(liveObj, newObj, this.#type));
    return this.#updated(compare, apiVersion, managers, manager);
  }

  /**
   * The fields a write of `newObj` over `liveObj` sets when nobody owns any field yet (a create): what
   * {@link Updater.update} gives its manager with no managers, without the ownership bookkeeping. Valid only when
   * `liveObj` holds no field `newObj` changes or lacks (e.g. `{ metadata: {} }`, the live side of a create).
   */
  created(liveObj: JSONObject, newObj: JSONObject): FieldSet {
    return this.#filter(createdFields(liveObj, newObj, this.#type));
  }

  #updated(compare: Comparison, apiVersion: string, managers: ManagedFieldSets, manager: string): ManagedFieldSets {
    const out = this.#removeOwnership(compare, managers, manager, true);
    const previous = out.get(manager)?.set ?? new FieldSet();
    const set = this.#filter(previous.union(compare.modified).union(compare.added).difference(compare.removed));
    if (set.empty()) out.delete(manager);
    else out.set(manager, { set, apiVersion, applied: false });
    return out;
  }

  /** Merges `config` into `liveObj` for `manager`; throws ApplyConflicts unless `force`. */
  apply(liveObj: JSONObject, config: JSONObject, apiVersion: string, managers: ManagedFieldSets, manager: string, force: boolean): {
    object: JSONObject;
    managers: ManagedFieldSets;
  } {
    const merged = mergeObjects(liveObj, config, this.#type);
    const lastSet = managers.get(manager);
    const withNew: ManagedFieldSets = new Map(managers);
    withNew.set(manager, { set: this.#filter(toFieldSet(config, this.#type, { strict: true })), apiVersion, applied: true });
    const pruned = this.#prune(merged, withNew, lastSet);
    const out = this.#removeOwnership(this.#compare(liveObj, pruned), withNew, manager, force);
    return { object: pruned, managers: out };
  }

  #ensure(set: FieldSet): FieldSet {
    return ensureNamedFieldsAreMembers(set, this.#type);
  }

  #remove(obj: JSONObject, set: FieldSet): JSONObject {
    return asObject(removeItems(obj, set, this.#type));
  }

  #prune(merged: JSONObject, managers: ManagedFieldSets, lastSet: VersionedSet | undefined): JSONObject {
    if (lastSet === undefined || lastSet.set.empty()) return merged;
    let pruned = this.#remove(merged, this.#ensure(lastSet.set));
    // addBackOwnedItems: what any applier (including this one's new config) owns stays.
    let managed = new FieldSet();
    for (const vs of managers.values()) if (vs.applied) managed = managed.union(vs.set);
    const mergedSet = this.#ensure(toFieldSet(merged, this.#type));
    const prunedSet = this.#ensure(toFieldSet(pruned, this.#type));
    pruned = this.#remove(merged, mergedSet.difference(prunedSet.union(this.#ensure(managed))));
    // addBackDanglingItems: only what this manager applied last time may go.
    const prunedSet2 = this.#ensure(toFieldSet(pruned, this.#type));
    return this.#remove(merged, mergedSet.difference(prunedSet2).intersection(this.#ensure(lastSet.set)));
  }
}
