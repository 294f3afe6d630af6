/** core/v1 Service and its parts. */
import { type Static, Type } from 'typebox';
import { field, int32, kindStruct, requiredField, stringList, stringMap, struct } from '../../../schema/define.js';
import { IntOrStringSchema } from '../../../schema/special-types.js';
import { ConditionSchema, ObjectMetaSchema } from '../../meta/v1/object-meta.js';
import { listSchemaOf } from './config.js';

const CORE = 'io.k8s.api.core.v1';

/** Schema of core/v1 ServicePort. */
export const ServicePortSchema = struct(`${CORE}.ServicePort`, 'One port a service exposes.', {
  name: field(1, Type.String(), 'Name of the port, unique within the service.'),
  protocol: field(2, Type.String(), 'TCP, UDP or SCTP; defaults to TCP.'),
  appProtocol: field(6, Type.String(), 'Application protocol of the port.', { omit: 'nil' }),
  port: requiredField(3, int32(), 'Port exposed by the service.'),
  targetPort: field(4, IntOrStringSchema, 'Number or name of the port on the pods.'),
  nodePort: field(5, int32(), 'Port on each node for NodePort and LoadBalancer services.'),
});
/** core/v1 ServicePort. */
export type ServicePort = Static<typeof ServicePortSchema>;

/** Schema of core/v1 ServiceSpec. */
export const ServiceSpecSchema = struct(`${CORE}.ServiceSpec`, 'Desired state of a service.', {
  ports: field(1, Type.Array(ServicePortSchema), 'Ports exposed by the service.', {
    listType: 'map',
    listMapKeys: ['port', 'protocol'],
    patchStrategy: 'merge',
    patchMergeKey: 'port',
  }),
  selector: field(2, stringMap(), 'Pods with these labels receive the traffic.', { mapType: 'atomic' }),
  clusterIP: field(3, Type.String(), 'Virtual IP of the service, None for headless.'),
  clusterIPs: field(18, stringList(), 'Virtual IPs, one per IP family.', { listType: 'atomic' }),
  type: field(4, Type.String(), 'ClusterIP, NodePort, LoadBalancer or ExternalName.'),
  externalIPs: field(5, stringList(), 'Extra IPs accepted by nodes for this service.', { listType: 'atomic' }),
  sessionAffinity: field(7, Type.String(), 'ClientIP or None.'),
  loadBalancerIP: field(8, Type.String(), 'Deprecated: requested load balancer IP.'),
  loadBalancerSourceRanges: field(9, stringList(), 'Client CIDRs allowed through the load balancer.', {
    listType: 'atomic',
  }),
  externalName: field(10, Type.String(), 'DNS name for ExternalName services.'),
  externalTrafficPolicy: field(11, Type.String(), 'Cluster or Local.'),
  healthCheckNodePort: field(12, int32(), 'Health check node port for Local traffic policy.'),
  publishNotReadyAddresses: field(13, Type.Boolean(), 'Publish endpoints of pods that are not ready.'),
  ipFamilies: field(19, stringList(), 'IPv4 and/or IPv6.', { listType: 'atomic' }),
  ipFamilyPolicy: field(17, Type.String(), 'SingleStack, PreferDualStack or RequireDualStack.', { omit: 'nil' }),
  allocateLoadBalancerNodePorts: field(20, Type.Boolean(), 'Allocate node ports for LoadBalancer services.', {
    omit: 'nil',
  }),
  loadBalancerClass: field(21, Type.String(), 'Class of the load balancer implementation.', { omit: 'nil' }),
  internalTrafficPolicy: field(22, Type.String(), 'Cluster or Local for traffic from inside the cluster.', {
    omit: 'nil',
  }),
  trafficDistribution: field(23, Type.String(), 'Preference for routing traffic, e.g. PreferClose.', {
    omit: 'nil',
  }),
});

/** Schema of core/v1 PortStatus. */
export const PortStatusSchema = struct(`${CORE}.PortStatus`, 'Status of one load balancer port.', {
  port: requiredField(1, int32(), 'Port number.'),
  protocol: requiredField(2, Type.String(), 'Protocol of the port.'),
  error: field(3, Type.String(), 'Problem with the port, CamelCase.', { omit: 'nil' }),
});

/** Schema of core/v1 LoadBalancerIngress. */
export const LoadBalancerIngressSchema = struct(`${CORE}.LoadBalancerIngress`, 'One load balancer ingress point.', {
  ip: field(1, Type.String(), 'IP of the ingress point.'),
  hostname: field(2, Type.String(), 'Hostname of the ingress point.'),
  ipMode: field(3, Type.String(), 'VIP or Proxy.', { omit: 'nil' }),
  ports: field(4, Type.Array(PortStatusSchema), 'Status of the ports.', { listType: 'atomic' }),
});

/** Schema of core/v1 ServiceStatus. */
export const ServiceStatusSchema = struct(`${CORE}.ServiceStatus`, 'Observed state of a service.', {
  loadBalancer: field(
    1,
    struct(`${CORE}.LoadBalancerStatus`, 'Status of a load balancer.', {
      ingress: field(1, Type.Array(LoadBalancerIngressSchema), 'Ingress points.', { listType: 'atomic' }),
    }),
    'Status of the load balancer, if any.',
  ),
  conditions: field(2, Type.Array(ConditionSchema), 'Current conditions.', {
    listType: 'map',
    listMapKeys: ['type'],
    patchStrategy: 'merge',
    patchMergeKey: 'type',
  }),
});

/** Schema of core/v1 Service. */
export const ServiceSchema = kindStruct(
  `${CORE}.Service`,
  { group: '', version: 'v1', kind: 'Service' },
  'A named abstraction of software service: a stable address in front of a set of pods.',
  {
    metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
    spec: field(2, ServiceSpecSchema, 'Desired behaviour of the service.'),
    status: field(3, ServiceStatusSchema, 'Most recently observed status.'),
  },
);
/** core/v1 Service. */
export type Service = Static<typeof ServiceSchema>;

/** Schema of core/v1 ServiceList. */
export const ServiceListSchema = listSchemaOf(
  `${CORE}.ServiceList`,
  { group: '', version: 'v1', kind: 'ServiceList' },
  ServiceSchema,
);
/** ServiceList. */
export type ServiceList = Static<typeof ServiceListSchema>;
