/**
 * Two of upstream's field-manager layers over the field sets: `stripMeta` (nobody owns apiVersion, kind
 * and the server-owned object-meta fields) and `capManagers` (at most N Update managers; the oldest are
 * merged, per API version, into an `ancient-changes` manager).
 */
import { FieldSet } from './field-set.js';
import type { Managed } from './managed.js';
import { managerIdentifier } from './managed.js';
import type { FieldPathElements } from './path-element.js';
import type { ManagedFieldSets } from './updater.js';

const meta = (...names: string[]): FieldPathElements => names.map((fieldName) => ({ fieldName }));

/** The fields stripMetaManager removes from every manager's set. */
export const STRIPPED_FIELDS: FieldSet = FieldSet.of(
  meta('apiVersion'),
  meta('kind'),
  meta('metadata'),
  meta('metadata', 'name'),
  meta('metadata', 'namespace'),
  meta('metadata', 'creationTimestamp'),
  meta('metadata', 'selfLink'),
  meta('metadata', 'uid'),
  meta('metadata', 'clusterName'),
  meta('metadata', 'generation'),
  meta('metadata', 'managedFields'),
  meta('metadata', 'resourceVersion'),
);

/** Manager name of the merged oldest Update managers. */
export const ANCIENT_CHANGES_MANAGER = 'ancient-changes';

/** The sets without the stripped fields; managers left with nothing are dropped. */
export function stripMetaFields(fields: ManagedFieldSets): ManagedFieldSets {
  const out: ManagedFieldSets = new Map();
  for (const [id, vs] of fields) {
    const set = vs.set.difference(STRIPPED_FIELDS);
    if (!set.empty()) out.set(id, { ...vs, set });
  }
  return out;
}

/** Merges the oldest Update managers into per-version `ancient-changes` managers until at most `max` remain. */
export function capUpdateManagers(managed: Managed, max: number): Managed {
  const updaters = [...managed.fields].filter(([, vs]) => !vs.applied).map(([id]) => id);
  if (updaters.length <= max) return managed;
  const time = (id: string) => {
    const t = managed.times.get(id);
    return t === undefined ? Number.NEGATIVE_INFINITY : Date.parse(t);
  };
  updaters.sort((a, b) => time(a) - time(b));
  const fields = new Map(managed.fields);
  const times = new Map(managed.times);
  const firstByVersion = new Map<string, string>();
  let length = updaters.length;
  for (const id of updaters) {
    if (length <= max) break;
    const vs = fields.get(id);
    if (vs === undefined) continue;
    const bucket = managerIdentifier({ manager: ANCIENT_CHANGES_MANAGER, operation: 'Update', apiVersion: vs.apiVersion });
    const first = firstByVersion.get(vs.apiVersion);
    if (first === undefined) {
      firstByVersion.set(vs.apiVersion, id);
      continue;
    }
    if (!fields.has(bucket)) {
      const firstSet = fields.get(first);
      fields.delete(first);
      if (firstSet !== undefined) fields.set(bucket, firstSet);
    }
    const bucketSet = fields.get(bucket)?.set ?? new FieldSet();
    fields.set(bucket, { ...vs, set: vs.set.union(bucketSet) });
    fields.delete(id);
    length--;
    const t = times.get(id);
    if (t === undefined) times.delete(bucket);
    else times.set(bucket, t);
  }
  return { fields, times };
}
