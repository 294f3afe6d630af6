/**
 * `metadata.managedFields` ⇄ field sets by manager (managedfields/internal/managedfields.go): each entry's
 * identifier is the JSON of the entry without fields and time (Apply entries also without apiVersion);
 * entries are written sorted by operation (Apply first), time, manager, apiVersion, subresource.
 */
import type { ManagedFieldsEntry } from '../apis/meta/v1/object-meta.js';
import type { SlicedPass } from '../runtime/time-slice.js';
import { type FieldsV1, fieldsV1ToSet, setToFieldsV1, setToFieldsV1Steps } from './fields-v1.js';
import type { ManagedFieldSets, VersionedSet } from './updater.js';

/** Field sets by manager identifier, with the time each manager last changed the object. */
export interface Managed {
  /** Owned fields by manager identifier. */
  readonly fields: ManagedFieldSets;
  /** Last change time (metav1.Time text) by manager identifier. */
  readonly times: Map<string, string>;
}

/** Raised for a managedFields list that cannot be decoded. */
export class ManagedFieldsError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'ManagedFieldsError';
  }
}

/** The parts of an entry that identify its manager. */
export interface ManagerInfo {
  /** Manager name. */
  readonly manager: string;
  /** `Apply` or `Update`. */
  readonly operation: string;
  /** API version (dropped from Apply identifiers). */
  readonly apiVersion?: string;
  /** Subresource, `""` for the main resource. */
  readonly subresource?: string;
}

/** BuildManagerIdentifier: the JSON identifier of a manager. */
export function managerIdentifier(info: ManagerInfo): string {
  const apply = info.operation === 'Apply';
  return JSON.stringify({
    manager: info.manager,
    operation: info.operation,
    ...(!apply && info.apiVersion ? { apiVersion: info.apiVersion } : {}),
    ...(info.subresource ? { subresource: info.subresource } : {}),
  });
}

/** An empty Managed. */
export function emptyManaged(): Managed {
  return { fields: new Map(), times: new Map() };
}

/** DecodeManagedFields: the field sets of a managedFields list. */
export function decodeManagedFields(entries: unknown): Managed {
  const managed = emptyManaged();
  if (entries === undefined || entries === null) return managed;
  if (!Array.isArray(entries)) throw new ManagedFieldsError('managedFields must be a list');
  for (const raw of entries as Partial<ManagedFieldsEntry>[]) {
    if (typeof raw !== 'object' || raw === null) throw new ManagedFieldsError('managedFields entries must be objects');
    if (raw.fieldsType !== 'FieldsV1') throw new ManagedFieldsError(`unsupported FieldsType: ${JSON.stringify(raw.fieldsType ?? '')}`);
    const id = managerIdentifier({
      manager: raw.manager ?? '',
      operation: raw.operation ?? '',
      apiVersion: raw.apiVersion ?? '',
      subresource: raw.subresource ?? '',
    });
    let set: ReturnType<typeof fieldsV1ToSet>;
    try {
      set = fieldsV1ToSet(raw.fieldsV1 ?? {});
    } catch (err) {
      throw new ManagedFieldsError(`error decoding fields for ${id}: ${err instanceof Error ? err.message : String(err)}`);
    }
    managed.fields.set(id, { set, apiVersion: raw.apiVersion ?? '', applied: raw.operation === 'Apply' });
    if (typeof raw.time === 'string') managed.times.set(id, raw.time);
  }
  return managed;
}

function compareEntries(p: ManagedFieldsEntry, q: ManagedFieldsEntry): number {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const seconds = (e: ManagedFieldsEntry) => (typeof e.time === 'string' ? Date.parse(e.time) : 0);
  return (
    cmp(p.operation ?? '', q.operation ?? '') ||
    seconds(p) - seconds(q) ||
    cmp(p.manager ?? '', q.manager ?? '') ||
    cmp(p.apiVersion ?? '', q.apiVersion ?? '') ||
    cmp(p.subresource ?? '', q.subresource ?? '')
  );
}

/** EncodeObjectManagedFields: the managedFields list of a Managed (undefined when nobody manages anything). */
export function encodeManagedFields(managed: Managed): ManagedFieldsEntry[] | undefined {
  const out: ManagedFieldsEntry[] = [];
  for (const [id, vs] of managed.fields) out.push(managedFieldsEntry(managed, id, vs, setToFieldsV1(vs.set)));
  return sortedEntries(out);
}

/** {@link encodeManagedFields} as a sliced pass: the same entries, each FieldsV1 encoded in steps. */
export function* encodeManagedFieldsSteps(managed: Managed): SlicedPass<ManagedFieldsEntry[] | undefined> {
  const out: ManagedFieldsEntry[] = [];
  for (const [id, vs] of managed.fields) out.push(managedFieldsEntry(managed, id, vs, yield* setToFieldsV1Steps(vs.set)));
  return sortedEntries(out);
}

/** Identifiers parsed back by {@link managedFieldsEntry} (a pure function of the text), at most 256 kept. */
const parsedIdentifiers = new Map<string, ManagerInfo>();

/** The manager an identifier names (its JSON parsed, remembered: entries are written on every tracked write). */
function managerInfoOf(id: string): ManagerInfo {
  let info = parsedIdentifiers.get(id);
  if (info === undefined) {
    info = JSON.parse(id) as ManagerInfo;
    if (parsedIdentifiers.size >= 256) parsedIdentifiers.clear();
    parsedIdentifiers.set(id, info);
  }
  return info;
}

function managedFieldsEntry(managed: Managed, id: string, vs: VersionedSet, fieldsV1: FieldsV1): ManagedFieldsEntry {
  const info = managerInfoOf(id);
  const time = managed.times.get(id);
  return {
    manager: info.manager,
    operation: info.operation,
    apiVersion: vs.apiVersion,
    ...(time === undefined ? {} : { time }),
    fieldsType: 'FieldsV1',
    fieldsV1,
    ...(info.subresource ? { subresource: info.subresource } : {}),
  };
}

function sortedEntries(out: ManagedFieldsEntry[]): ManagedFieldsEntry[] | undefined {
  out.sort(compareEntries);
  return out.length > 0 ? out : undefined;
}
