/**
 * The strict Event validation events.k8s.io/v1 adds to the legacy rules (pkg/apis/core/validation
 * `ValidateEventCreate`/`ValidateEventUpdate` for request versions newer than core/v1), run on the core/v1 form the
 * event is stored as, so field paths use the stored names (`count`, `source`, …) as upstream's internal type does.
 * @module
 */
import { isDeepStrictEqual } from 'node:util';
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldInvalid, fieldRequired, newPath, semanticEqual } from '@apiserver/runtime';
import { EventSchema } from '@apiserver/runtime/apis';
import { recordAt, stringAt } from '../../object-fields.js';

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function seriesErrors(event: ApiObject): FieldError[] {
  const series = recordAt(event, 'series');
  if (series === undefined) return [];
  const errs: FieldError[] = [];
  if (typeof series.count !== 'number' || series.count < 2) errs.push(fieldInvalid(newPath('series', 'count'), '', 'should be at least 2'));
  if (!isSet(series.lastObservedTime)) errs.push(fieldRequired(newPath('series', 'lastObservedTime'), ''));
  return errs;
}

function deprecatedFieldErrors(event: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  for (const field of ['firstTimestamp', 'lastTimestamp']) {
    if (isSet(event[field])) errs.push(fieldInvalid(newPath(field), '', 'needs to be unset'));
  }
  if (typeof event.count === 'number' && event.count !== 0) errs.push(fieldInvalid(newPath('count'), '', 'needs to be unset'));
  const source = recordAt(event, 'source');
  if (stringAt(source, 'component') !== '' || stringAt(source, 'host') !== '') errs.push(fieldInvalid(newPath('source'), '', 'needs to be unset'));
  return errs;
}

/** The events.k8s.io/v1 create rules: eventTime required, type Normal or Warning, a valid series, no deprecated fields. */
export function validateEventsV1Create(event: ApiObject): FieldError[] {
  const errs = seriesErrors(event);
  if (!isSet(event.eventTime)) errs.push(fieldRequired(newPath('eventTime'), ''));
  const type = stringAt(event, 'type');
  if (type !== 'Normal' && type !== 'Warning') errs.push(fieldInvalid(newPath('type'), '', `has invalid value: ${type}`));
  return [...errs, ...deprecatedFieldErrors(event)];
}

/** Fields an events.k8s.io/v1 update may not change, by their stored (core/v1) name and upstream's error path. */
const IMMUTABLE: ReadonlyArray<readonly [field: string, path: string]> = [
  ['involvedObject', 'involvedObject'],
  ['reason', 'reason'],
  ['message', 'message'],
  ['source', 'source'],
  ['firstTimestamp', 'firstTimestamp'],
  ['lastTimestamp', 'lastTimestamp'],
  ['count', 'count'],
  ['type', 'type'],
  ['eventTime', 'eventTime'],
  ['action', 'action'],
  ['related', 'related'],
  ['reportingComponent', 'reportingController'],
  ['reportingInstance', 'reportingInstance'],
];

/** The events.k8s.io/v1 update rules: a changed series is validated, and everything but the series is immutable. */
export function validateEventsV1Update(event: ApiObject, old: ApiObject): FieldError[] {
  const errs = isDeepStrictEqual(event.series, old.series) ? [] : seriesErrors(event);
  for (const [field, path] of IMMUTABLE) {
    // Go compares the typed fields: `deprecatedSource: {}` (as a GET writes it) is the zero EventSource, as is none.
    if (!semanticEqual(EventSchema, { [field]: event[field] }, { [field]: old[field] })) errs.push(fieldInvalid(newPath(path), event[field], 'field is immutable'));
  }
  return errs;
}
