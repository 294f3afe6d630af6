/**
 * `kubectl get events` columns (printers.go `eventColumnDefinitions`, `printEvent`, generated wide on the
 * server): LAST SEEN TYPE REASON OBJECT MESSAGE, and with `-o wide` SUBOBJECT SOURCE FIRST SEEN COUNT NAME.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { translateTimestampSince } from '@apiserver/runtime';
import { column, NAME_COLUMN, OBJECT_META_NAME_DOC } from '../../../printers/columns.js';
import { recordAt, stringAt } from '../../../object-fields.js';
import { type PrinterOptions, PrinterTableConvertor } from '../../../printers/table-convertor.js';

const DEPRECATED = 'the deprecated field assuring backward compatibility with core.v1 Event type.';

/** The Event columns, in the order of upstream's definitions (priority 1 = wide only). */
export const EVENT_COLUMNS = [
  column('Last Seen', 'string', `deprecatedLastTimestamp is ${DEPRECATED}`),
  column('Type', 'string', 'type is the type of this event (Normal, Warning), new types could be added in the future. It is machine-readable. This field cannot be empty for new Events.'),
  column('Reason', 'string', 'reason is why the action was taken. It is human-readable. This field cannot be empty for new Events and it can have at most 128 characters.'),
  column('Object', 'string', "regarding contains the object this Event is about. In most cases it's an Object reporting controller implements, e.g. ReplicaSetController implements ReplicaSets and this event is emitted because it acts on some changes in a ReplicaSet object."),
  column('Subobject', 'string', 'If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: "spec.containers{name}" (where "name" refers to the name of the container that triggered the event) or if no container name is specified "spec.containers[2]" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object.', { priority: 1 }),
  column('Source', 'string', 'The component reporting this event. Should be a short machine understandable string.', { priority: 1 }),
  column('Message', 'string', 'note is a human-readable description of the status of this operation. Maximal length of the note is 1kB, but libraries should be prepared to handle values up to 64kB.'),
  column('First Seen', 'string', `deprecatedFirstTimestamp is ${DEPRECATED}`, { priority: 1 }),
  column('Count', 'string', `deprecatedCount is ${DEPRECATED}`, { priority: 1 }),
  { ...NAME_COLUMN, description: OBJECT_META_NAME_DOC, priority: 1 },
] as const;

function countOf(event: ApiObject): number {
  const series = recordAt(event, 'series');
  if (series !== undefined) return typeof series.count === 'number' ? series.count : 0;
  return typeof event.count === 'number' && event.count !== 0 ? event.count : 1;
}

/** `formatEventSource`: source component (else reportingComponent), then `, host` (else reportingInstance). */
export function eventSource(event: ApiObject): string {
  const source = recordAt(event, 'source');
  const component = stringAt(source, 'component') || stringAt(event, 'reportingComponent');
  const instance = stringAt(source, 'host') || stringAt(event, 'reportingInstance');
  return instance === '' ? component : `${component}, ${instance}`;
}

/** The cells of one event's row, wide order. */
export function eventCells(event: ApiObject, now: number): unknown[] {
  const stamp = (v: unknown) => translateTimestampSince(v, now);
  const first = typeof event.firstTimestamp === 'string' && event.firstTimestamp !== '' ? stamp(event.firstTimestamp) : stamp(event.eventTime);
  const series = recordAt(event, 'series');
  let last = typeof event.lastTimestamp === 'string' && event.lastTimestamp !== '' ? stamp(event.lastTimestamp) : first;
  if (series !== undefined) last = stamp(series.lastObservedTime);
  const involved = recordAt(event, 'involvedObject');
  const kind = stringAt(involved, 'kind').toLowerCase();
  const name = stringAt(involved, 'name');
  const target = name === '' ? kind : `${kind}/${name}`;
  return [
    last,
    stringAt(event, 'type'),
    stringAt(event, 'reason'),
    target,
    stringAt(involved, 'fieldPath'),
    eventSource(event),
    stringAt(event, 'message').trim(),
    first,
    countOf(event),
    event.metadata.name ?? '',
  ];
}

/** The Event table convertor. */
export function newEventTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(EVENT_COLUMNS, (event, ctx) => eventCells(event, ctx.now), options);
}
