/**
 * Conversion between events.k8s.io/v1 and core/v1 Events (pkg/apis/events/v1 conversion): the same object, with
 * `regarding`/`note`/`reportingController`/`deprecated*` named `involvedObject`/`message`/`reportingComponent`/
 * `source`, `firstTimestamp`, `lastTimestamp`, `count` in core/v1, which is how both are stored.
 * @module
 */
import type { ApiList, ApiObject } from '@apiserver/registry';
import type { FieldTransformFunc } from '@apiserver/runtime';

/** events.k8s.io/v1 field name → core/v1 field name (fields with the same name are not listed). */
const RENAMED: ReadonlyArray<readonly [events: string, core: string]> = [
  ['regarding', 'involvedObject'],
  ['note', 'message'],
  ['reportingController', 'reportingComponent'],
  ['deprecatedSource', 'source'],
  ['deprecatedFirstTimestamp', 'firstTimestamp'],
  ['deprecatedLastTimestamp', 'lastTimestamp'],
  ['deprecatedCount', 'count'],
];

function rename(obj: ApiObject, pairs: ReadonlyArray<readonly [from: string, to: string]>, apiVersion: string): ApiObject {
  const out: ApiObject = { ...obj, apiVersion, kind: 'Event' };
  for (const [from, to] of pairs) {
    delete out[from];
    if (obj[from] !== undefined) out[to] = obj[from];
  }
  return out;
}

const TO_CORE = RENAMED;
const FROM_CORE = RENAMED.map(([events, core]) => [core, events] as const);

/** An events.k8s.io/v1 Event as the core/v1 Event it is stored as. */
export function eventToCore(event: ApiObject): ApiObject {
  return rename(event, TO_CORE, 'v1');
}

/** A stored core/v1 Event as events.k8s.io/v1 serves it. */
export function eventFromCore(event: ApiObject): ApiObject {
  return rename(event, FROM_CORE, 'events.k8s.io/v1');
}

/** A core/v1 EventList as an events.k8s.io/v1 EventList. */
export function eventListFromCore(list: ApiList): ApiList {
  return { ...list, apiVersion: 'events.k8s.io/v1', kind: 'EventList', items: list.items.map(eventFromCore) };
}

/** An events.k8s.io/v1 EventList as a core/v1 EventList (for the core Table printer). */
export function eventListToCore(list: ApiList): ApiList {
  return { ...list, apiVersion: 'v1', kind: 'EventList', items: list.items.map(eventToCore) };
}

/** Field selector labels of events.k8s.io/v1 Events beyond `metadata.name`/`metadata.namespace` (upstream's conversion). */
export const EVENTS_V1_FIELD_LABELS: readonly string[] = [
  'reason',
  'regarding.kind',
  'regarding.namespace',
  'regarding.name',
  'regarding.uid',
  'regarding.apiVersion',
  'regarding.resourceVersion',
  'regarding.fieldPath',
  'reportingController',
  'source',
  'type',
];

/** Maps an events.k8s.io/v1 field selector label to the core Event's selectable field it is matched against. */
export const eventsV1FieldLabelToCore: FieldTransformFunc = (field, value) => {
  if (field.startsWith('regarding.')) return [`involvedObject.${field.slice('regarding.'.length)}`, value];
  if (field === 'reportingController') return ['reportingComponent', value];
  return [field, value];
};
