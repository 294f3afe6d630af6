/**
 * apiregistration.k8s.io/v1 (kube-aggregator `pkg/apis/apiregistration/v1/types.go`): APIService, its spec,
 * status and list, as schemas with the protobuf numbers of `generated.proto`.
 * @module
 */
import {
  int32,
  kindStruct,
  ListMetaSchema,
  ObjectMetaSchema,
  optionalField as field,
  requiredField,
  struct,
  TimeSchema,
} from '@apiserver/runtime';
import { type Static, Type } from 'typebox';

const APIREGISTRATION = 'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1';

/** The group served by the aggregator itself. */
export const APIREGISTRATION_GROUP = 'apiregistration.k8s.io';
/** apiregistration.k8s.io/v1. */
export const APIREGISTRATION_V1 = { group: APIREGISTRATION_GROUP, version: 'v1' } as const;

/** Schema of ServiceReference: the Service an APIService is served by. */
export const ServiceReferenceSchema = struct(`${APIREGISTRATION}.ServiceReference`, 'ServiceReference holds a reference to Service.legacy.k8s.io', {
  namespace: field(1, Type.String(), 'Namespace is the namespace of the service'),
  name: field(2, Type.String(), 'Name is the name of the service'),
  port: field(3, int32(), 'If specified, the port on the service that hosting webhook. Default to 443 for backward compatibility.', { omit: 'nil' }),
});
/** apiregistration/v1 ServiceReference. */
export type ServiceReference = Static<typeof ServiceReferenceSchema>;

/** Schema of APIServiceSpec. */
export const APIServiceSpecSchema = struct(`${APIREGISTRATION}.APIServiceSpec`, 'APIServiceSpec contains information for locating and communicating with a server.', {
  service: field(1, ServiceReferenceSchema, 'Service is a reference to the service for this API server. If empty, the request is handled locally.', { omit: 'nil' }),
  group: field(2, Type.String(), 'Group is the API group name this server hosts'),
  version: field(3, Type.String(), 'Version is the API version this server hosts.  For example, "v1"'),
  insecureSkipTLSVerify: field(4, Type.Boolean(), 'InsecureSkipTLSVerify disables TLS certificate verification when communicating with this server.'),
  caBundle: field(5, Type.String({ format: 'byte' }), 'CABundle is a PEM encoded CA bundle which will be used to validate an API server\'s serving certificate.', {
    listType: 'atomic',
  }),
  groupPriorityMinimum: requiredField(
    7,
    int32(),
    'GroupPriorityMinimum is the priority this group should have at least. Higher priority means that the group is preferred by clients over lower priority ones.',
  ),
  versionPriority: requiredField(8, int32(), 'VersionPriority controls the ordering of this API version inside of its group. Must be greater than zero.'),
});
/** apiregistration/v1 APIServiceSpec. */
export type APIServiceSpec = Static<typeof APIServiceSpecSchema>;

/** Schema of APIServiceCondition. */
export const APIServiceConditionSchema = struct(`${APIREGISTRATION}.APIServiceCondition`, 'APIServiceCondition describes the state of an APIService at a particular point', {
  type: requiredField(1, Type.String(), 'Type is the type of the condition.'),
  status: requiredField(2, Type.String(), 'Status is the status of the condition. Can be True, False, Unknown.'),
  lastTransitionTime: field(3, TimeSchema, 'Last time the condition transitioned from one status to another.'),
  reason: field(4, Type.String(), "Unique, one-word, CamelCase reason for the condition's last transition."),
  message: field(5, Type.String(), 'Human-readable message indicating details about last transition.'),
});
/** apiregistration/v1 APIServiceCondition. */
export type APIServiceCondition = Static<typeof APIServiceConditionSchema>;

/** Schema of APIServiceStatus. */
export const APIServiceStatusSchema = struct(`${APIREGISTRATION}.APIServiceStatus`, 'APIServiceStatus contains derived information about an API server', {
  conditions: field(1, Type.Array(APIServiceConditionSchema), 'Current service state of apiService.', {
    listType: 'map',
    listMapKeys: ['type'],
    patchStrategy: 'merge',
    patchMergeKey: 'type',
  }),
});
/** apiregistration/v1 APIServiceStatus. */
export type APIServiceStatus = Static<typeof APIServiceStatusSchema>;

/** Schema of APIService. */
export const APIServiceSchema = kindStruct(
  `${APIREGISTRATION}.APIService`,
  { ...APIREGISTRATION_V1, kind: 'APIService' },
  'APIService represents a server for a particular GroupVersion. Name must be "version.group".',
  {
    metadata: field(1, ObjectMetaSchema, "Standard object's metadata."),
    spec: field(2, APIServiceSpecSchema, 'Spec contains information for locating and communicating with a server'),
    status: field(3, APIServiceStatusSchema, 'Status contains derived information about an API server'),
  },
);
/** apiregistration/v1 APIService. */
export type APIService = Static<typeof APIServiceSchema>;

/** Schema of APIServiceList. */
export const APIServiceListSchema = kindStruct(`${APIREGISTRATION}.APIServiceList`, { ...APIREGISTRATION_V1, kind: 'APIServiceList' }, 'APIServiceList is a list of APIService objects.', {
  metadata: field(1, ListMetaSchema, "Standard list metadata More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  items: requiredField(2, Type.Array(APIServiceSchema), 'Items is the list of APIService'),
});
/** apiregistration/v1 APIServiceList. */
export type APIServiceList = Static<typeof APIServiceListSchema>;
