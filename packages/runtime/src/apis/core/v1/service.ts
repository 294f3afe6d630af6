/** core/v1 Service and its parts. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { LoadBalancerIngressSchema, PortStatusSchema, ServiceListSchema, ServicePortSchema, ServiceSchema, ServiceSpecSchema, ServiceStatusSchema } from '../../generated/core/v1/types.js';

export { LoadBalancerIngressSchema, PortStatusSchema, ServiceListSchema, ServicePortSchema, ServiceSchema, ServiceSpecSchema, ServiceStatusSchema };

/** core/v1 ServicePort. */
export type ServicePort = Static<typeof ServicePortSchema>;

/** core/v1 Service. */
export type Service = Static<typeof ServiceSchema>;

/** ServiceList. */
export type ServiceList = Static<typeof ServiceListSchema>;
