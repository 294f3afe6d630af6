/** core/v1 Endpoints (the addresses behind a Service, e.g. `default/kubernetes`) and EndpointsList. */
import { type Static, type TSchema, Type } from 'typebox';
import { Memory } from 'typebox/system';
import { field, int32, kindStruct, requiredField, struct } from '../../../schema/define.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';
import { listSchemaOf } from './config.js';
import { ObjectReferenceSchema } from './references.js';

const CORE = 'io.k8s.api.core.v1';

/** Marks a struct `+structType=atomic`: server-side apply and patches replace it whole. */
function atomic<T extends TSchema>(schema: T): T {
  return Memory.Update(schema, {}, { 'x-kubernetes-map-type': 'atomic' }) as T;
}

/** Schema of core/v1 EndpointAddress. */
export const EndpointAddressSchema = atomic(
  struct(`${CORE}.EndpointAddress`, 'One IP address of an endpoint.', {
    ip: requiredField(1, Type.String(), 'IP of the endpoint; not loopback, link-local or link-local multicast.'),
    hostname: field(3, Type.String(), 'Hostname of the endpoint.'),
    nodeName: field(4, Type.String(), 'Node hosting the endpoint.', { omit: 'nil' }),
    targetRef: field(2, ObjectReferenceSchema, 'Object providing the endpoint, usually a Pod.', { omit: 'nil' }),
  }),
);

/** Schema of core/v1 EndpointPort. */
export const EndpointPortSchema = atomic(
  struct(`${CORE}.EndpointPort`, 'One port of an endpoint.', {
    name: field(1, Type.String(), 'Name matching a ServicePort name; optional when only one port is defined.'),
    port: requiredField(2, int32(), 'Port number of the endpoint.'),
    protocol: field(3, Type.String(), 'TCP, UDP or SCTP; defaults to TCP.'),
    appProtocol: field(4, Type.String(), 'Application protocol of the port, e.g. kubernetes.io/h2c.', { omit: 'nil' }),
  }),
);

const atomicList = { listType: 'atomic' } as const;

/** Schema of core/v1 EndpointSubset. */
export const EndpointSubsetSchema = struct(
  `${CORE}.EndpointSubset`,
  'A group of addresses sharing a set of ports; the endpoints are their Cartesian product.',
  {
    addresses: field(1, Type.Array(EndpointAddressSchema), 'Addresses ready to receive traffic.', atomicList),
    notReadyAddresses: field(2, Type.Array(EndpointAddressSchema), 'Addresses not ready yet or failing probes.', atomicList),
    ports: field(3, Type.Array(EndpointPortSchema), 'Ports available on these addresses.', atomicList),
  },
);

/** Schema of core/v1 Endpoints. */
export const EndpointsSchema = kindStruct(
  `${CORE}.Endpoints`,
  { group: '', version: 'v1', kind: 'Endpoints' },
  'The endpoints that implement a service (legacy API, superseded by discovery.k8s.io EndpointSlice).',
  {
    metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
    subsets: field(2, Type.Array(EndpointSubsetSchema), 'Sets of addresses and ports of the service.', atomicList),
  },
);
/** core/v1 Endpoints. */
export type Endpoints = Static<typeof EndpointsSchema>;

/** Schema of core/v1 EndpointsList. */
export const EndpointsListSchema = listSchemaOf(
  `${CORE}.EndpointsList`,
  { group: '', version: 'v1', kind: 'EndpointsList' },
  EndpointsSchema,
);
/** core/v1 EndpointsList. */
export type EndpointsList = Static<typeof EndpointsListSchema>;

