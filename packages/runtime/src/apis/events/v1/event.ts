/**
 * events.k8s.io/v1 Event and EventList: the structured events API of client-go's `tools/events` recorder. The
 * same objects as core/v1 Events (kube-apiserver stores both in one place), with renamed fields: `regarding`
 * (involvedObject), `note` (message), `reportingController` (reportingComponent) and the `deprecated*` fields.
 */
import { type Static, Type } from 'typebox';
import { field, int32, kindStruct, struct, requiredField } from '../../../schema/define.js';
import { MicroTimeSchema, TimeSchema } from '../../../schema/special-types.js';
import { listSchemaOf } from '../../core/v1/config.js';
import { EventSourceSchema } from '../../core/v1/event.js';
import { ObjectReferenceSchema } from '../../core/v1/references.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';

const EVENTS = 'io.k8s.api.events.v1';
const V1 = { group: 'events.k8s.io', version: 'v1' };

/** Schema of events.k8s.io/v1 EventSeries. */
export const EventsV1EventSeriesSchema = struct(`${EVENTS}.EventSeries`, 'A series of occurrences of one event, i.e. something that keeps happening.', {
  count: requiredField(1, int32(), 'Occurrences in the series up to the last heartbeat.'),
  lastObservedTime: requiredField(2, MicroTimeSchema, 'Time of the last observed occurrence before the last heartbeat.'),
});

/** Schema of events.k8s.io/v1 Event. */
export const EventsV1EventSchema = kindStruct(
  `${EVENTS}.Event`,
  { ...V1, kind: 'Event' },
  'A report of something that happened in the cluster; best-effort, supplemental and retained for a limited time.',
  {
    metadata: field(1, ObjectMetaSchema, 'Standard object metadata.', { omit: 'never' }),
    eventTime: requiredField(2, MicroTimeSchema, 'When the event was first observed. Required.'),
    series: field(3, EventsV1EventSeriesSchema, 'Series data, or nil for a singleton event.', { omit: 'nil' }),
    reportingController: field(4, Type.String(), 'Controller that emitted the event, e.g. kubernetes.io/kubelet.'),
    reportingInstance: field(5, Type.String(), 'Instance of the controller, e.g. kubelet-xyzf; at most 128 characters.'),
    action: field(6, Type.String(), 'Action taken or failed regarding the regarding object; at most 128 characters.'),
    reason: field(7, Type.String(), 'Why the action was taken; at most 128 characters.'),
    regarding: field(8, ObjectReferenceSchema, 'The object this event is about.'),
    related: field(9, ObjectReferenceSchema, 'A secondary object for more complex actions.', { omit: 'nil' }),
    note: field(10, Type.String(), 'Human-readable description of the status of this operation; at most 1 kB.'),
    type: field(11, Type.String(), 'Normal or Warning; new types may be added.'),
    deprecatedSource: field(12, EventSourceSchema, 'The core/v1 source, kept for backward compatibility.'),
    deprecatedFirstTimestamp: field(13, TimeSchema, 'The core/v1 firstTimestamp, kept for backward compatibility.'),
    deprecatedLastTimestamp: field(14, TimeSchema, 'The core/v1 lastTimestamp, kept for backward compatibility.'),
    deprecatedCount: field(15, int32(), 'The core/v1 count, kept for backward compatibility.'),
  },
);
/** events.k8s.io/v1 Event. */
export type EventsV1Event = Static<typeof EventsV1EventSchema>;

/** Schema of events.k8s.io/v1 EventList. */
export const EventsV1EventListSchema = listSchemaOf(`${EVENTS}.EventList`, { ...V1, kind: 'EventList' }, EventsV1EventSchema);
/** events.k8s.io/v1 EventList. */
export type EventsV1EventList = Static<typeof EventsV1EventListSchema>;
