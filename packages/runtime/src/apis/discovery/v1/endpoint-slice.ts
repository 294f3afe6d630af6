/** discovery.k8s.io/v1 EndpointSlice (a subset of the endpoints behind a Service) and EndpointSliceList. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { EndpointConditionsSchema, EndpointHintsSchema, EndpointSchema, EndpointSliceListSchema, EndpointPortSchema as EndpointSlicePortSchema, EndpointSliceSchema, ForZoneSchema } from '../../generated/discovery/v1/types.js';

export { EndpointConditionsSchema, EndpointHintsSchema, EndpointSchema, EndpointSliceListSchema, EndpointSlicePortSchema, EndpointSliceSchema, ForZoneSchema };

/** discovery.k8s.io/v1 EndpointSlice. */
export type EndpointSlice = Static<typeof EndpointSliceSchema>;

/** discovery.k8s.io/v1 EndpointSliceList. */
export type EndpointSliceList = Static<typeof EndpointSliceListSchema>;
