/** discovery.k8s.io/v1 EndpointSlice (a subset of the endpoints behind a Service) and EndpointSliceList. */
import { type Static, type TSchema, Type } from 'typebox';
import { Memory } from 'typebox/system';
import { field, int32, kindStruct, stringList, stringMap, struct, requiredField } from '../../../schema/define.js';
import { listSchemaOf } from '../../core/v1/config.js';
import { ObjectReferenceSchema } from '../../core/v1/references.js';
import { ObjectMetaSchema } from '../../meta/v1/object-meta.js';

const DISCOVERY = 'io.k8s.api.discovery.v1';
const V1 = { group: 'discovery.k8s.io', version: 'v1' };
const atomicList = { listType: 'atomic' } as const;

/** Schema of discovery.k8s.io/v1 EndpointConditions (every condition a nil-able pointer). */
export const EndpointConditionsSchema = struct(`${DISCOVERY}.EndpointConditions`, 'The current condition of an endpoint.', {
  ready: field(1, Type.Boolean(), 'The endpoint can receive traffic; nil means unknown (usually read as ready).', { omit: 'nil' }),
  serving: field(2, Type.Boolean(), 'Like ready, but set regardless of the terminating state.', { omit: 'nil' }),
  terminating: field(3, Type.Boolean(), 'The endpoint is terminating; nil means unknown (read as not terminating).', { omit: 'nil' }),
});

/** Schema of discovery.k8s.io/v1 ForZone. */
export const ForZoneSchema = struct(`${DISCOVERY}.ForZone`, 'A zone that should consume an endpoint.', {
  name: requiredField(1, Type.String(), 'Name of the zone.'),
});

/** Schema of discovery.k8s.io/v1 EndpointHints. */
export const EndpointHintsSchema = struct(`${DISCOVERY}.EndpointHints`, 'Hints describing how an endpoint should be consumed.', {
  forZones: field(1, Type.Array(ForZoneSchema), 'Zones that should consume this endpoint (topology aware routing).', atomicList),
});

/** Schema of discovery.k8s.io/v1 Endpoint. */
export const EndpointSchema = struct(`${DISCOVERY}.Endpoint`, 'A single logical backend implementing a service.', {
  addresses: requiredField(1, stringList(), 'Addresses of the endpoint, of the slice addressType: 1 to 100 of them.', { listType: 'set' }),
  conditions: field(2, EndpointConditionsSchema, 'Current condition of the endpoint.'),
  hostname: field(3, Type.String(), 'Hostname of the endpoint (a DNS label).', { omit: 'nil' }),
  targetRef: field(4, ObjectReferenceSchema, 'Object that represents this endpoint, usually a Pod.', { omit: 'nil' }),
  deprecatedTopology: field(5, stringMap(), 'v1beta1 topology; not writable through v1.'),
  nodeName: field(6, Type.String(), 'Node hosting the endpoint.', { omit: 'nil' }),
  zone: field(7, Type.String(), 'Zone the endpoint exists in.', { omit: 'nil' }),
  hints: field(8, EndpointHintsSchema, 'How the endpoint should be consumed.', { omit: 'nil' }),
});

/** Marks a struct `+structType=atomic`: server-side apply and patches replace it whole. */
function atomic<T extends TSchema>(schema: T): T {
  return Memory.Update(schema, {}, { 'x-kubernetes-map-type': 'atomic' }) as T;
}

/** Schema of discovery.k8s.io/v1 EndpointPort (every field a nil-able pointer). */
export const EndpointSlicePortSchema = atomic(
  struct(`${DISCOVERY}.EndpointPort`, 'A port used by an EndpointSlice.', {
    name: field(1, Type.String(), 'Name of the port: empty or a DNS label, unique in the slice.', { omit: 'nil' }),
    protocol: field(2, Type.String(), 'TCP, UDP or SCTP; defaults to TCP.', { omit: 'nil' }),
    port: field(3, int32(), 'Port number; unset means all ports.', { omit: 'nil' }),
    appProtocol: field(4, Type.String(), 'Application protocol of the port, e.g. kubernetes.io/h2c.', { omit: 'nil' }),
  }),
);

/** Schema of discovery.k8s.io/v1 EndpointSlice. */
export const EndpointSliceSchema = kindStruct(
  `${DISCOVERY}.EndpointSlice`,
  { ...V1, kind: 'EndpointSlice' },
  'A subset of the endpoints that implement a service; the slices labelled with one service name join to the full set.',
  {
    metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
    addressType: requiredField(4, Type.String(), 'Type of every address of the slice: IPv4, IPv6 or FQDN; immutable.'),
    endpoints: requiredField(2, Type.Array(EndpointSchema), 'Unique endpoints of the slice, at most 1000.', atomicList),
    ports: field(3, Type.Array(EndpointSlicePortSchema), 'Ports exposed by each endpoint, at most 100.', { omit: 'never', ...atomicList }),
  },
);
/** discovery.k8s.io/v1 EndpointSlice. */
export type EndpointSlice = Static<typeof EndpointSliceSchema>;

/** Schema of discovery.k8s.io/v1 EndpointSliceList. */
export const EndpointSliceListSchema = listSchemaOf(`${DISCOVERY}.EndpointSliceList`, { ...V1, kind: 'EndpointSliceList' }, EndpointSliceSchema);
/** discovery.k8s.io/v1 EndpointSliceList. */
export type EndpointSliceList = Static<typeof EndpointSliceListSchema>;
