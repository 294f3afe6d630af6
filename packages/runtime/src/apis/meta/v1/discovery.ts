/** Legacy discovery types: APIVersions, APIGroup(List), APIResource(List). */
import { type Static, Type } from 'typebox';
import { field, kindStruct, requiredField, stringList, struct } from '../../../schema/define.js';
import { X_K8S_CODEC } from '../../../schema/extensions.js';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const V1 = { group: '', version: 'v1' };

/** Schema of metav1.GroupVersionForDiscovery. */
export const GroupVersionForDiscoverySchema = struct(
  `${META}.GroupVersionForDiscovery`,
  'A group/version pair offered by the server.',
  {
    groupVersion: requiredField(1, Type.String(), 'The group/version string, e.g. apps/v1.'),
    version: requiredField(2, Type.String(), 'The version alone, e.g. v1.'),
  },
);
/** metav1.GroupVersionForDiscovery. */
export type GroupVersionForDiscovery = Static<typeof GroupVersionForDiscoverySchema>;

/** Schema of metav1.ServerAddressByClientCIDR. */
export const ServerAddressByClientCIDRSchema = struct(
  `${META}.ServerAddressByClientCIDR`,
  'The server address a client in a CIDR should use.',
  {
    clientCIDR: requiredField(1, Type.String(), 'The CIDR the client address must match.'),
    serverAddress: requiredField(2, Type.String(), 'host:port the client should use.'),
  },
);
/** metav1.ServerAddressByClientCIDR. */
export type ServerAddressByClientCIDR = Static<typeof ServerAddressByClientCIDRSchema>;

/** Schema of metav1.APIResource. */
export const APIResourceSchema = struct(`${META}.APIResource`, 'One resource served in a group/version.', {
  name: requiredField(1, Type.String(), 'Plural resource name, with /subresource for subresources.'),
  singularName: requiredField(6, Type.String(), 'Singular resource name.'),
  namespaced: requiredField(2, Type.Boolean(), 'Whether the resource is namespaced.'),
  group: field(8, Type.String(), 'Group of the resource when it differs from the list group.'),
  version: field(9, Type.String(), 'Version of the resource when it differs from the list version.'),
  kind: requiredField(3, Type.String(), 'Kind of the resource.'),
  verbs: requiredField(4, Type.Array(Type.String(), { [X_K8S_CODEC]: 'wrapped-list' }), 'Supported verbs.'),
  shortNames: field(5, stringList(), 'Short aliases, e.g. cm.'),
  categories: field(7, stringList(), 'Categories the resource belongs to, e.g. all.'),
  storageVersionHash: field(10, Type.String(), 'Hash of the storage version.'),
});
/** metav1.APIResource. */
export type APIResource = Static<typeof APIResourceSchema>;

/** Schema of metav1.APIResourceList. */
export const APIResourceListSchema = kindStruct(
  `${META}.APIResourceList`,
  { ...V1, kind: 'APIResourceList' },
  'The resources served in one group/version.',
  {
    groupVersion: requiredField(1, Type.String(), 'The group/version of these resources.'),
    resources: requiredField(2, Type.Array(APIResourceSchema), 'The resources.', { listType: 'atomic' }),
  },
);
/** metav1.APIResourceList. */
export type APIResourceList = Static<typeof APIResourceListSchema>;

/** Schema of metav1.APIGroup. */
export const APIGroupSchema = kindStruct(`${META}.APIGroup`, { ...V1, kind: 'APIGroup' }, 'One API group.', {
  name: requiredField(1, Type.String(), 'Name of the group.'),
  versions: requiredField(2, Type.Array(GroupVersionForDiscoverySchema), 'Versions served.', { listType: 'atomic' }),
  preferredVersion: field(3, GroupVersionForDiscoverySchema, 'The version clients should prefer.'),
  serverAddressByClientCIDRs: field(4, Type.Array(ServerAddressByClientCIDRSchema), 'Addresses per client CIDR.', {
    listType: 'atomic',
  }),
});
/** metav1.APIGroup. */
export type APIGroup = Static<typeof APIGroupSchema>;

/** Schema of metav1.APIGroupList. */
export const APIGroupListSchema = kindStruct(
  `${META}.APIGroupList`,
  { ...V1, kind: 'APIGroupList' },
  'The groups served under /apis.',
  {
    groups: requiredField(1, Type.Array(APIGroupSchema), 'The groups.', { listType: 'atomic' }),
  },
);
/** metav1.APIGroupList. */
export type APIGroupList = Static<typeof APIGroupListSchema>;

/** Schema of metav1.APIVersions. */
export const APIVersionsSchema = kindStruct(
  `${META}.APIVersions`,
  { ...V1, kind: 'APIVersions' },
  'The versions of the legacy core API served under /api.',
  {
    versions: requiredField(1, stringList(), 'Versions served, e.g. v1.', { listType: 'atomic' }),
    serverAddressByClientCIDRs: requiredField(
      2,
      Type.Array(ServerAddressByClientCIDRSchema),
      'Addresses per client CIDR.',
      { listType: 'atomic' },
    ),
  },
);
/** metav1.APIVersions. */
export type APIVersions = Static<typeof APIVersionsSchema>;

/** Schema of metav1.GroupVersionKind (used by aggregated discovery). */
export const GroupVersionKindSchema = struct(`${META}.GroupVersionKind`, 'A group, version and kind.', {
  group: requiredField(1, Type.String(), 'The group.'),
  version: requiredField(2, Type.String(), 'The version.'),
  kind: requiredField(3, Type.String(), 'The kind.'),
});
