/**
 * events.k8s.io/v1 Event and EventList: the structured events API of client-go's `tools/events` recorder. The
 * same objects as core/v1 Events (kube-apiserver stores both in one place), with renamed fields: `regarding`
 * (involvedObject), `note` (message), `reportingController` (reportingComponent) and the `deprecated*` fields.
 * Generated from k8s.io/api (see `apis/generated`).
 */
import type { Static } from 'typebox';
import { EventListSchema as EventsV1EventListSchema, EventSchema as EventsV1EventSchema, EventSeriesSchema as EventsV1EventSeriesSchema } from '../../generated/events/v1/types.js';

export { EventsV1EventListSchema, EventsV1EventSchema, EventsV1EventSeriesSchema };

/** events.k8s.io/v1 Event. */
export type EventsV1Event = Static<typeof EventsV1EventSchema>;

/** events.k8s.io/v1 EventList. */
export type EventsV1EventList = Static<typeof EventsV1EventListSchema>;
