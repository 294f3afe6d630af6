/**
 * The fields Events can be selected by (pkg/registry/core/event/strategy.go `ToSelectableFields`, and the
 * core/v1 field label conversion): what `kubectl describe` uses to find an object's events.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import type { ObjectAttrs } from '@apiserver/storage';
import { recordAt, stringAt } from '../../../object-fields.js';

/** Field selector labels of Events beyond metadata.name/namespace (`fieldLabels: { Event: … }`). */
export const EVENT_FIELD_LABELS: readonly string[] = [
  'involvedObject.kind',
  'involvedObject.namespace',
  'involvedObject.name',
  'involvedObject.uid',
  'involvedObject.apiVersion',
  'involvedObject.resourceVersion',
  'involvedObject.fieldPath',
  'reason',
  'reportingComponent',
  'source',
  'type',
];

const INVOLVED_FIELDS = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'] as const;

/** Labels and selectable fields of an Event; `source` is source.component, else reportingComponent. */
export function eventAttrs(event: ApiObject): ObjectAttrs {
  const involved = recordAt(event, 'involvedObject');
  const fields: Record<string, string> = {};
  for (const f of INVOLVED_FIELDS) fields[`involvedObject.${f}`] = stringAt(involved, f);
  const reporting = stringAt(event, 'reportingComponent');
  fields.reason = stringAt(event, 'reason');
  fields.reportingComponent = reporting;
  fields.source = stringAt(recordAt(event, 'source'), 'component') || reporting;
  fields.type = stringAt(event, 'type');
  fields['metadata.name'] = event.metadata.name ?? '';
  fields['metadata.namespace'] = event.metadata.namespace ?? '';
  return { labels: event.metadata.labels ?? {}, fields };
}
