/** core/v1 Event (the legacy events API that kubectl and the kubelet's recorder write) and EventList. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { EventListSchema, EventSchema, EventSeriesSchema, EventSourceSchema } from '../../generated/core/v1/types.js';

export { EventListSchema, EventSchema, EventSeriesSchema, EventSourceSchema };

/** core/v1 Event. */
export type Event = Static<typeof EventSchema>;

/** core/v1 EventList. */
export type EventList = Static<typeof EventListSchema>;
