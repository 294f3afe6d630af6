/** Aggregated discovery, apidiscovery.k8s.io/v2. */
import { type Static, Type } from 'typebox';
import { field, kindStruct, requiredField, stringList, struct } from '../../../schema/define.js';
import { GroupVersionKindSchema } from './discovery.js';
import { ListMetaSchema, ObjectMetaSchema } from './object-meta.js';

const V2 = 'io.k8s.api.apidiscovery.v2';
const GV = { group: 'apidiscovery.k8s.io', version: 'v2' };

/** Schema of apidiscovery/v2 APISubresourceDiscovery. */
export const APISubresourceDiscoverySchema = struct(`${V2}.APISubresourceDiscovery`, 'One subresource.', {
  subresource: requiredField(1, Type.String(), 'Name of the subresource, e.g. status.'),
  responseKind: field(2, GroupVersionKindSchema, 'Kind returned by the subresource.', { omit: 'nil' }),
  acceptedTypes: field(3, Type.Array(GroupVersionKindSchema), 'Kinds accepted in request bodies.', {
    listType: 'map',
    listMapKeys: ['group', 'version', 'kind'],
  }),
  verbs: requiredField(4, stringList(), 'Supported verbs.', { listType: 'set' }),
});

/** Schema of apidiscovery/v2 APIResourceDiscovery. */
export const APIResourceDiscoverySchema = struct(`${V2}.APIResourceDiscovery`, 'One resource of a version.', {
  resource: requiredField(1, Type.String(), 'Plural resource name.'),
  responseKind: field(2, GroupVersionKindSchema, 'Kind returned by the resource.', { omit: 'nil' }),
  scope: requiredField(3, Type.String(), 'Cluster or Namespaced.'),
  singularResource: requiredField(4, Type.String(), 'Singular resource name.'),
  verbs: requiredField(5, stringList(), 'Supported verbs.', { listType: 'set' }),
  shortNames: field(6, stringList(), 'Short aliases.', { listType: 'set' }),
  categories: field(7, stringList(), 'Categories, e.g. all.', { listType: 'set' }),
  subresources: field(8, Type.Array(APISubresourceDiscoverySchema), 'Subresources.', {
    listType: 'map',
    listMapKeys: ['subresource'],
  }),
});
/** apidiscovery/v2 APIResourceDiscovery. */
export type APIResourceDiscovery = Static<typeof APIResourceDiscoverySchema>;

/** Schema of apidiscovery/v2 APIVersionDiscovery. */
export const APIVersionDiscoverySchema = struct(`${V2}.APIVersionDiscovery`, 'The resources of one version.', {
  version: requiredField(1, Type.String(), 'The version, e.g. v1.'),
  resources: field(2, Type.Array(APIResourceDiscoverySchema), 'Resources served.', {
    listType: 'map',
    listMapKeys: ['resource'],
  }),
  freshness: field(3, Type.String(), 'Current or Stale.'),
});
/** apidiscovery/v2 APIVersionDiscovery. */
export type APIVersionDiscovery = Static<typeof APIVersionDiscoverySchema>;

/** Schema of apidiscovery/v2 APIGroupDiscovery. */
export const APIGroupDiscoverySchema = kindStruct(
  `${V2}.APIGroupDiscovery`,
  { ...GV, kind: 'APIGroupDiscovery' },
  'One group with all its versions and resources.',
  {
    metadata: field(1, ObjectMetaSchema, 'Only name is used: the group name.'),
    versions: field(2, Type.Array(APIVersionDiscoverySchema), 'Versions, preferred first.', {
      listType: 'map',
      listMapKeys: ['version'],
    }),
  },
);
/** apidiscovery/v2 APIGroupDiscovery. */
export type APIGroupDiscovery = Static<typeof APIGroupDiscoverySchema>;

/** Schema of apidiscovery/v2 APIGroupDiscoveryList. */
export const APIGroupDiscoveryListSchema = kindStruct(
  `${V2}.APIGroupDiscoveryList`,
  { ...GV, kind: 'APIGroupDiscoveryList' },
  'All groups served at /api or /apis in one document.',
  {
    metadata: field(1, ListMetaSchema, 'Standard list metadata.'),
    items: requiredField(2, Type.Array(APIGroupDiscoverySchema), 'The groups, in priority order.'),
  },
);
/** apidiscovery/v2 APIGroupDiscoveryList. */
export type APIGroupDiscoveryList = Static<typeof APIGroupDiscoveryListSchema>;
