/** Registration of the meta kinds (and autoscaling/v1 Scale) in a Scheme. */
import type { GroupVersion } from '../../../runtime/group-version.js';
import { declaredKindOf, type Scheme } from '../../../runtime/scheme.js';
import { ScaleSchema } from '../../autoscaling/v1/scale.js';
import { APIGroupListSchema, APIGroupSchema, APIResourceListSchema, APIVersionsSchema } from './discovery.js';
import { APIGroupDiscoveryListSchema, APIGroupDiscoverySchema } from './discovery-v2.js';
import {
  CreateOptionsSchema,
  DeleteOptionsSchema,
  GetOptionsSchema,
  ListOptionsSchema,
  PatchOptionsSchema,
  UpdateOptionsSchema,
} from './options.js';
import { StatusSchema } from './status.js';
import { PartialObjectMetadataListSchema, PartialObjectMetadataSchema, TableSchema } from './table.js';
import { ListSchema, WatchEventSchema } from './watch-event.js';

/** Registers Status, discovery, Table, PartialObjectMetadata(List), WatchEvent, the options kinds and Scale. */
export function addMetaKinds(scheme: Scheme): Scheme {
  // Table and PartialObjectMetadata(List) are also served as meta.k8s.io/v1beta1, aggregated discovery as v2beta1.
  for (const schema of [TableSchema, PartialObjectMetadataSchema, PartialObjectMetadataListSchema]) {
    scheme.addKnownType(schema, { group: 'meta.k8s.io', version: 'v1beta1', kind: declaredKindOf(schema)?.kind ?? '' });
  }
  for (const schema of [APIGroupDiscoverySchema, APIGroupDiscoveryListSchema]) {
    const kind = declaredKindOf(schema)?.kind ?? '';
    scheme.addKnownType(schema, { group: 'apidiscovery.k8s.io', version: 'v2beta1', kind });
  }
  return scheme.addKnownTypes(
    StatusSchema,
    ListSchema,
    APIVersionsSchema,
    APIGroupListSchema,
    APIGroupSchema,
    APIResourceListSchema,
    TableSchema,
    PartialObjectMetadataSchema,
    PartialObjectMetadataListSchema,
    WatchEventSchema,
    ListOptionsSchema,
    GetOptionsSchema,
    CreateOptionsSchema,
    UpdateOptionsSchema,
    PatchOptionsSchema,
    DeleteOptionsSchema,
    APIGroupDiscoverySchema,
    APIGroupDiscoveryListSchema,
    ScaleSchema,
  );
}

/**
 * Registers WatchEvent and the options kinds under another group/version, as Go's
 * `metav1.AddToGroupVersion` does, so bodies like `{"kind":"DeleteOptions","apiVersion":"apps/v1"}` resolve.
 */
export function addMetaToGroupVersion(scheme: Scheme, gv: GroupVersion): Scheme {
  const kinds = [
    WatchEventSchema,
    ListOptionsSchema,
    GetOptionsSchema,
    CreateOptionsSchema,
    UpdateOptionsSchema,
    PatchOptionsSchema,
    DeleteOptionsSchema,
  ];
  for (const schema of kinds) {
    const kind = declaredKindOf(schema)?.kind ?? '';
    scheme.addKnownType(schema, { group: gv.group, version: gv.version, kind });
  }
  return scheme;
}
