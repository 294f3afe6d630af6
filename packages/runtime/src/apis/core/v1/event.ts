/** core/v1 Event (the legacy events API that kubectl and the kubelet's recorder write) and EventList. */
import { type Static, Type } from 'typebox';
import { field, int32, kindStruct, requiredField, struct } from '../../../schema/define.js';
import { MicroTimeSchema, TimeSchema } from '../../../schema/special-types.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';
import { listSchemaOf } from './config.js';
import { ObjectReferenceSchema } from './references.js';

const CORE = 'io.k8s.api.core.v1';

/** Schema of core/v1 EventSource. */
export const EventSourceSchema = struct(`${CORE}.EventSource`, 'The component and host that reported an event.', {
  component: field(1, Type.String(), 'Component that generated the event.'),
  host: field(2, Type.String(), 'Node on which the event was generated.'),
});

/** Schema of core/v1 EventSeries. */
export const EventSeriesSchema = struct(
  `${CORE}.EventSeries`,
  'A series of occurrences of one event, i.e. something that keeps happening.',
  {
    count: field(1, int32(), 'Occurrences in the series up to the last heartbeat.'),
    lastObservedTime: field(2, MicroTimeSchema, 'Time of the last observed occurrence.'),
  },
);

/** Schema of core/v1 Event. */
export const EventSchema = kindStruct(
  `${CORE}.Event`,
  { group: '', version: 'v1', kind: 'Event' },
  'A report of something that happened in the cluster; best-effort, supplemental and retained for a limited time.',
  {
    metadata: requiredField(1, ObjectMetaSchema, 'Standard object metadata.'),
    involvedObject: requiredField(2, ObjectReferenceSchema, 'The object the event is about.'),
    reason: field(3, Type.String(), 'Short, machine-readable reason for the transition.'),
    message: field(4, Type.String(), 'Human-readable description of the event.'),
    source: field(5, EventSourceSchema, 'Component that reported the event.'),
    firstTimestamp: field(6, TimeSchema, 'When the event was first recorded.'),
    lastTimestamp: field(7, TimeSchema, 'When the most recent occurrence was recorded.'),
    count: field(8, int32(), 'Number of times the event has occurred.'),
    type: field(9, Type.String(), 'Normal or Warning; new types may be added.'),
    eventTime: field(10, MicroTimeSchema, 'When the event was first observed.'),
    series: field(11, EventSeriesSchema, 'Series data, or nil for a singleton event.', { omit: 'nil' }),
    action: field(12, Type.String(), 'Action taken or failed regarding the involved object.'),
    related: field(13, ObjectReferenceSchema, 'Secondary object for more complex actions.', { omit: 'nil' }),
    reportingComponent: field(14, Type.String(), 'Controller that emitted the event, e.g. kubernetes.io/kubelet.', {
      omit: 'never',
    }),
    reportingInstance: field(15, Type.String(), 'Instance of the controller, e.g. kubelet-xyzf.', { omit: 'never' }),
  },
);
/** core/v1 Event. */
export type Event = Static<typeof EventSchema>;

/** Schema of core/v1 EventList. */
export const EventListSchema = listSchemaOf(`${CORE}.EventList`, { group: '', version: 'v1', kind: 'EventList' }, EventSchema);
/** core/v1 EventList. */
export type EventList = Static<typeof EventListSchema>;
