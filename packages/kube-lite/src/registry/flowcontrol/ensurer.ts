/**
 * The APF bootstrap ensurer (pkg/registry/flowcontrol/ensurer): creates each missing bootstrap object; revises an
 * existing one whose spec drifted when it may be auto-updated — always for the mandatory objects, for the
 * suggested ones when `apf.kubernetes.io/autoupdate-spec` parses as true (or is absent or malformed on an object
 * still at generation 1) — and sets that annotation to what was decided; deletes objects that are no longer
 * bootstrap objects but are still marked auto-updated.
 * @module
 */
import { type ApiObject, defaultUpdatedObjectInfo, isCreater, isGetter, isGracefulDeleter, isLister, isUpdater, type Storage } from '@apiserver/registry';
import { isAlreadyExists, isConflict, isNotFound, type TSchema } from '@apiserver/runtime';
import { isRecord } from '../../object-fields.js';
import { AUTO_UPDATE_ANNOTATION, EXEMPT_NAME } from './names.js';
import { specEquals } from './spec-equality.js';

/** What the ensurer needs of one kind. */
export interface EnsuredKind {
  /** The kind's storage (get, create, update, list, delete). */
  readonly storage: Storage;
  /** The spec schema (what "drifted" compares). */
  readonly specSchema: TSchema;
  /** v1 defaulting, applied to a copy of a bootstrap object before comparing. */
  readonly defaults: (obj: ApiObject) => void;
}

/** Go's `strconv.ParseBool`: undefined when `value` is not a boolean spelling. */
export function parseGoBool(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}

/** `shouldUpdateSpec`: the annotation decides; without a valid one, only an object never changed (generation 1). */
function shouldUpdateSpec(current: ApiObject): boolean {
  return parseGoBool(current.metadata.annotations?.[AUTO_UPDATE_ANNOTATION]) ?? current.metadata.generation === 1;
}

/** `SpecEqualish`: the defaulted bootstrap spec equals the current one (`exempt`'s own `exempt` member aside, when set). */
function specEqualish(kind: EnsuredKind, bootstrap: ApiObject, current: ApiObject): boolean {
  const expected = structuredClone(bootstrap);
  kind.defaults(expected);
  if (current.kind === 'PriorityLevelConfiguration' && bootstrap.metadata.name === EXEMPT_NAME) {
    const exempt = isRecord(current.spec) ? current.spec.exempt : undefined;
    if (!isRecord(exempt)) return false;
    (expected.spec as Record<string, unknown>).exempt = exempt;
  }
  return specEquals(kind.specSchema, current.spec, expected.spec);
}

/** `ReviseIfNeeded`: the object to write, or undefined when `current` is fine. */
export function revision(kind: EnsuredKind, current: ApiObject, bootstrap: ApiObject, mandatory: boolean): ApiObject | undefined {
  const autoUpdate = mandatory || shouldUpdateSpec(current);
  const annotation = parseGoBool(current.metadata.annotations?.[AUTO_UPDATE_ANNOTATION]);
  const updateAnnotation = annotation !== autoUpdate;
  const specChanged = autoUpdate && !specEqualish(kind, bootstrap, current);
  if (!updateAnnotation && !specChanged) return undefined;
  const revised = structuredClone(current);
  if (specChanged) revised.spec = structuredClone(bootstrap.spec);
  if (updateAnnotation) revised.metadata.annotations = { ...revised.metadata.annotations, [AUTO_UPDATE_ANNOTATION]: String(autoUpdate) };
  return revised;
}

async function ensureOne(kind: EnsuredKind, bootstrap: ApiObject, mandatory: boolean): Promise<void> {
  const { storage } = kind;
  if (!isGetter(storage) || !isCreater(storage) || !isUpdater(storage)) throw new Error('APF configuration storage cannot get, create and update');
  const name = bootstrap.metadata.name ?? '';
  for (;;) {
    let current: ApiObject;
    try {
      current = await storage.get({}, name, {});
    } catch (err) {
      if (!isNotFound(err)) throw err;
      try {
        await storage.create({}, structuredClone(bootstrap), undefined, {});
        return;
      } catch (createErr) {
        if (!isAlreadyExists(createErr)) throw createErr;
        continue;
      }
    }
    const revised = revision(kind, current, bootstrap, mandatory);
    if (revised === undefined) return;
    try {
      await storage.update({}, name, defaultUpdatedObjectInfo(revised), undefined, undefined, false, {});
    } catch (err) {
      // Someone else wrote it meanwhile: the next round looks again, as upstream.
      if (!isConflict(err)) throw err;
    }
    return;
  }
}

/** `EnsureConfigurations` of `objects`, mandatory ones always revised. */
export async function ensureConfigurations(kind: EnsuredKind, objects: readonly ApiObject[], mandatory: boolean): Promise<void> {
  for (const o of objects) await ensureOne(kind, o, mandatory);
}

/** `RemoveUnwantedObjects`: deletes objects not in `wanted` whose auto-update annotation parses as true. */
export async function removeUnwantedObjects(kind: EnsuredKind, wanted: readonly ApiObject[]): Promise<void> {
  const { storage } = kind;
  if (!isLister(storage) || !isGracefulDeleter(storage)) throw new Error('APF configuration storage cannot list and delete');
  const names = new Set(wanted.map((o) => o.metadata.name));
  const list = await storage.list({}, {});
  for (const item of list.items as ApiObject[]) {
    if (names.has(item.metadata.name) || parseGoBool(item.metadata.annotations?.[AUTO_UPDATE_ANNOTATION]) !== true) continue;
    const preconditions = { uid: item.metadata.uid, resourceVersion: item.metadata.resourceVersion };
    try {
      await storage.delete({}, item.metadata.name ?? '', undefined, { preconditions });
    } catch (err) {
      if (!isNotFound(err) && !isConflict(err)) throw err;
    }
  }
}
