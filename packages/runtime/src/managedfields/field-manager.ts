/**
 * FieldManager (k8s.io/apimachinery/pkg/util/managedfields): keeps `metadata.managedFields` of one kind. It
 * composes upstream's managers: version check, skip-non-applied (an object nobody tracked is not tracked by
 * updates), cap of Update managers (older ones merged into `ancient-changes`), manager identifiers,
 * timestamps, strip of object-meta fields, and the structured merge.
 */
import { newBadRequest, newUnknownReasonError } from '../errors/factories.js';
import { nowTime } from '../apis/meta/v1/time.js';
import type { ManagedFieldsEntry } from '../apis/meta/v1/object-meta.js';
import { extensibleCopy } from '../util/extensible-copy.js';
import { runWhole, type SlicedPass, type TimeSlicer } from '../runtime/time-slice.js';
import { ApplyConflicts, newConflictError } from './conflict.js';
import type { FieldSet } from './field-set.js';
import type { FieldType } from './field-type.js';
import { typedEqual } from './compare.js';
import { allowedConflictsFromLastApplied, LAST_APPLIED_MANAGER, updateLastApplied } from './last-applied.js';
import { decodeManagedFields, emptyManaged, encodeManagedFields, encodeManagedFieldsSteps, type Managed, managerIdentifier } from './managed.js';
import { capUpdateManagers, STRIPPED_FIELDS, stripMetaFields } from './managers.js';
import { isObject, type JSONObject, TypedValueError } from './typed-value.js';
import { type ManagedFieldSets, Updater } from './updater.js';

/** Manager of the fields an object had when it was first applied without being tracked before. */
export const BEFORE_FIRST_APPLY_MANAGER = 'before-first-apply';

/** How a FieldManager is built. */
export interface FieldManagerOptions {
  /** Merge type of the kind's objects (see `fieldTypeOf`). */
  readonly type: FieldType;
  /** API version of the objects, e.g. `v1` or `apps/v1`. */
  readonly apiVersion: string;
  /** Kind of the objects. */
  readonly kind: string;
  /** Subresource the writes go through, `""` for the main resource. */
  readonly subresource?: string;
  /** Fields nobody owns through this manager (the strategy resets them, e.g. `status` on the main resource). */
  readonly resetFields?: FieldSet;
  /** Update managers kept before the oldest are merged (default 10). */
  readonly maxUpdateManagers?: number;
  /** Clock for entry times (default Date.now). */
  readonly clock?: () => number;
}

/** Manager identifiers a FieldManager remembers before it starts over (manager names come from clients). */
const MAX_REMEMBERED_IDENTIFIERS = 256;

/** The manager the structured merge records an Update under before it takes the request's manager identifier. */
const CURRENT_OPERATION = 'current-operation';

function metadataOf(obj: JSONObject): JSONObject {
  return isObject(obj.metadata) ? obj.metadata : {};
}

function withoutManagedFields(obj: JSONObject): JSONObject {
  const { managedFields: _m, ...metadata } = metadataOf(obj);
  return { ...obj, metadata };
}

function withManagedFields(obj: JSONObject, managed: Managed): JSONObject {
  return withEntries(obj, encodeManagedFields(managed));
}

function withEntries(obj: JSONObject, entries: ManagedFieldsEntry[] | undefined): JSONObject {
  // Not a spread: managedFields is usually a new key here, and the registry adds uid and creationTimestamp later.
  const metadata = extensibleCopy(metadataOf(obj));
  if (entries === undefined) delete metadata.managedFields;
  else metadata.managedFields = entries;
  return { ...obj, metadata };
}

/** Records field ownership on writes and performs server-side apply. */
export class FieldManager {
  readonly #o: FieldManagerOptions;
  readonly #updater: Updater;
  /** Manager identifiers by operation and manager name (a pure function of both for this kind and subresource). */
  readonly #identifiers = new Map<string, string>();

  /** A field manager for one kind. */
  constructor(options: FieldManagerOptions) {
    this.#o = options;
    this.#updater = new Updater(options.type, options.resetFields);
  }

  #identifier(manager: string, operation: 'Apply' | 'Update'): string {
    const key = `${operation} ${manager}`;
    let id = this.#identifiers.get(key);
    if (id === undefined) {
      id = managerIdentifier({ manager: manager === '' ? 'unknown' : manager, operation, apiVersion: this.#o.apiVersion, subresource: this.#o.subresource ?? '' });
      if (this.#identifiers.size >= MAX_REMEMBERED_IDENTIFIERS) this.#identifiers.clear();
      this.#identifiers.set(key, id);
    }
    return id;
  }

  #now(): string {
    return nowTime(this.#o.clock);
  }

  #managedOf(obj: JSONObject | undefined): Managed {
    return obj === undefined ? emptyManaged() : decodeManagedFields(metadataOf(obj).managedFields);
  }

  /**
   * Records an Update by `manager` of `live` (undefined for a create) into `newObj`; never fails, as
   * `UpdateNoErrors`: an undecodable managedFields falls back to the live object's, and an object the merge
   * types cannot describe is returned without managedFields.
   */
  update(live: JSONObject | undefined, newObj: JSONObject, manager: string): JSONObject {
    return runWhole(this.#updateSteps(live, newObj, manager, false));
  }

  /**
   * {@link FieldManager.update} in two steps with `pause` awaited between them (the comparison of the objects, then
   * the encoding of managedFields), so that a large object does not hold the event loop for both at once.
   */
  async updatePaced(
    live: JSONObject | undefined,
    newObj: JSONObject,
    manager: string,
    pause: () => Promise<void> | undefined,
    slicer?: TimeSlicer,
  ): Promise<JSONObject> {
    if (slicer !== undefined) return slicer.run(this.#updateSteps(live, newObj, manager, true));
    const steps = this.#updateSteps(live, newObj, manager, false);
    let step = steps.next();
    while (step.done !== true) {
      await pause();
      step = steps.next();
    }
    return step.value;
  }

  /**
   * The steps of {@link FieldManager.update}: it yields between the comparison and the encoding, and, `sliced`,
   * inside both after each map entry, list item and field-set element (a large object run in time slices).
   */
  *#updateSteps(live: JSONObject | undefined, newObj: JSONObject, manager: string, sliced: boolean): Generator<void, JSONObject> {
    let managed: Managed;
    try {
      managed = this.#managedOf(newObj);
    } catch {
      managed = emptyManaged();
    }
    if (managed.fields.size === 0 || (this.#o.subresource ?? '') !== '') {
      try {
        managed = this.#managedOf(live);
      } catch {
        managed = emptyManaged();
      }
    }
    const liveObj = withoutManagedFields(live ?? {});
    const next = withoutManagedFields(newObj);
    const creating = live === undefined || typeof metadataOf(live).uid !== 'string' || metadataOf(live).uid === '';
    if (managed.fields.size === 0 && !creating) return next;
    if (live === undefined && managed.fields.size === 0 && !sliced) return this.#created(liveObj, next, manager);
    // Upstream's UpdateNoErrors: an object the merge types cannot describe (e.g. a null item of a keyed list)
    // keeps no managedFields rather than failing the write; validation answers for the object itself.
    let recorded: Managed;
    try {
      recorded = sliced ? yield* this.#recordUpdateSteps(liveObj, next, managed, manager) : this.#recordUpdate(liveObj, next, managed, manager);
    } catch {
      return next;
    }
    yield;
    try {
      return sliced ? withEntries(next, yield* encodeManagedFieldsSteps(recorded)) : withManagedFields(next, recorded);
    } catch {
      return next;
    }
  }

  /**
   * {@link FieldManager.update} of a create whose object carries no managedFields: the one Update entry the
   * layers give (nobody else owns a field, so there is nothing to take over, merge or cap), built without them.
   * The same result and fallbacks as the layered path (a spec compares the two).
   */
  #created(liveObj: JSONObject, next: JSONObject, manager: string): JSONObject {
    let set: FieldSet;
    try {
      set = this.#updater.created(liveObj, next).difference(STRIPPED_FIELDS);
    } catch {
      return next;
    }
    if (set.empty()) return withEntries(next, undefined);
    const id = this.#identifier(manager, 'Update');
    const managed: Managed = { fields: new Map([[id, { set, apiVersion: this.#o.apiVersion, applied: false }]]), times: new Map([[id, this.#now()]]) };
    try {
      return withManagedFields(next, managed);
    } catch {
      return next;
    }
  }

  /** The Update layers under skip-non-applied: cap, manager identifier, timestamp, strip, structured merge. */
  #recordUpdate(liveObj: JSONObject, next: JSONObject, managed: Managed, manager: string): Managed {
    return this.#recorded(this.#updater.update(liveObj, next, this.#o.apiVersion, managed.fields, CURRENT_OPERATION), managed, manager);
  }

  /** {@link FieldManager.#recordUpdate} with the comparison of the objects in steps. */
  *#recordUpdateSteps(liveObj: JSONObject, next: JSONObject, managed: Managed, manager: string): SlicedPass<Managed> {
    const fields = yield* this.#updater.updateSteps(liveObj, next, this.#o.apiVersion, managed.fields, CURRENT_OPERATION);
    return this.#recorded(fields, managed, manager);
  }

  /** The layers above the structured merge: the current operation's fields under `manager`'s identifier, capped and stripped. */
  #recorded(fields: ManagedFieldSets, managed: Managed, manager: string): Managed {
    const self = CURRENT_OPERATION;
    const times = new Map(managed.times);
    const mine = fields.get(self);
    fields.delete(self);
    if (mine !== undefined) {
      const id = this.#identifier(manager, 'Update');
      const previous = fields.get(id);
      fields.set(id, { ...mine, set: previous === undefined ? mine.set : mine.set.union(previous.set) });
      times.set(id, this.#now());
    }
    return capUpdateManagers({ fields: stripMetaFields(fields), times }, this.#o.maxUpdateManagers ?? 10);
  }

  #checkApplied(applied: JSONObject): void {
    const av = typeof applied.apiVersion === 'string' ? applied.apiVersion : '';
    const kind = typeof applied.kind === 'string' ? applied.kind : '';
    if (av !== this.#o.apiVersion || kind !== this.#o.kind) {
      throw newBadRequest(`invalid object type: ${av.includes('/') ? av : `/${av}`}, Kind=${kind}`);
    }
    const mf = metadataOf(applied).managedFields;
    if (Array.isArray(mf) ? mf.length > 0 : mf !== undefined && mf !== null) throw newBadRequest('metadata.managedFields must be nil');
  }

  /**
   * Applies configuration `applied` by `manager` to `live` (undefined when the object does not exist yet).
   * Throws a 409 StatusError on conflicts unless `force`, a 400 for a configuration of another kind. For the
   * `kubectl` manager, conflicts on fields kubectl's last-applied annotation still holds are allowed and
   * an existing annotation is rewritten (client-side to server-side apply upgrade).
   */
  apply(live: JSONObject | undefined, applied: JSONObject, manager: string, force: boolean): JSONObject {
    const liveObj = live ?? {};
    this.#checkApplied(applied);
    let managed: Managed;
    try {
      managed = this.#managedOf(liveObj);
    } catch (err) {
      throw newUnknownReasonError(`failed to decode managed fields: ${err instanceof Error ? err.message : String(err)}`);
    }
    const base = withoutManagedFields(liveObj);
    // skipNonAppliedManager: fields of an object nobody tracked yet belong to `before-first-apply`.
    if (managed.fields.size === 0) managed = this.#recordUpdate({}, base, managed, BEFORE_FIRST_APPLY_MANAGER);
    const result = this.#applyAllowingLastApplied(base, applied, managed, manager, force);
    const times = new Map(managed.times);
    const id = this.#identifier(manager, 'Apply');
    const changed = !typedEqual(base, result.object, this.#o.type);
    if (changed) times.set(id, this.#now());
    let object = changed ? result.object : base;
    if (manager === LAST_APPLIED_MANAGER) object = updateLastApplied(object, applied);
    return withManagedFields(object, { fields: stripMetaFields(result.managers), times });
  }

  #applyAllowingLastApplied(base: JSONObject, applied: JSONObject, managed: Managed, manager: string, force: boolean): ReturnType<Updater['apply']> {
    try {
      return this.#applyOnce(base, applied, managed, manager, force);
    } catch (err) {
      if (!(err instanceof ApplyConflicts)) throw err;
      const allowed = manager === LAST_APPLIED_MANAGER ? allowedConflictsFromLastApplied(base, this.#o.type) : undefined;
      if (allowed === undefined) throw newConflictError(err);
      const remaining = err.conflicts.filter((c) => !allowed.has(c.path));
      if (remaining.length > 0) throw newConflictError(new ApplyConflicts(remaining));
      return this.#applyOnce(base, applied, managed, manager, true);
    }
  }

  /** One structured-merge apply; ApplyConflicts pass through, typed-value errors become upstream's message. */
  #applyOnce(base: JSONObject, applied: JSONObject, managed: Managed, manager: string, force: boolean): ReturnType<Updater['apply']> {
    try {
      return this.#updater.apply(base, applied, this.#o.apiVersion, managed.fields, this.#identifier(manager, 'Apply'), force);
    } catch (err) {
      if (err instanceof TypedValueError) throw newUnknownReasonError(`failed to create typed patch object (${this.#describe(applied)}): ${err.message}`);
      throw err;
    }
  }

  #describe(obj: JSONObject): string {
    const m = metadataOf(obj);
    const ns = typeof m.namespace === 'string' ? m.namespace : '';
    const name = typeof m.name === 'string' ? m.name : '';
    const gv = this.#o.apiVersion.includes('/') ? this.#o.apiVersion : `/${this.#o.apiVersion}`;
    return `${ns}/${name}; ${gv}, Kind=${this.#o.kind}`;
  }
}
