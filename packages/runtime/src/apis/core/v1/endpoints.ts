/** core/v1 Endpoints (the addresses behind a Service, e.g. `default/kubernetes`) and EndpointsList. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { EndpointAddressSchema, EndpointPortSchema, EndpointsListSchema, EndpointsSchema, EndpointSubsetSchema } from '../../generated/core/v1/types.js';

export { EndpointAddressSchema, EndpointPortSchema, EndpointsListSchema, EndpointsSchema, EndpointSubsetSchema };

/** core/v1 Endpoints. */
export type Endpoints = Static<typeof EndpointsSchema>;

/** core/v1 EndpointsList. */
export type EndpointsList = Static<typeof EndpointsListSchema>;
