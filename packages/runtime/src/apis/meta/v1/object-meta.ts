/** metav1.ObjectMeta, ListMeta, OwnerReference and ManagedFieldsEntry. */
import { type Static, Type } from 'typebox';
import { field, int64, stringList, stringMap, struct } from '../../../schema/define.js';
import { X_GO_TYPE } from '../../../schema/extensions.js';
import { FieldsV1Schema, TimeSchema } from '../../../schema/special-types.js';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';

/** Schema of metav1.OwnerReference. */
export const OwnerReferenceSchema = struct(
  `${META}.OwnerReference`,
  'OwnerReference identifies an owning object; the owner must be in the same namespace or cluster-scoped.',
  {
    apiVersion: field(5, Type.String(), 'API version of the owner.', { omit: 'never' }),
    kind: field(1, Type.String(), 'Kind of the owner.', { omit: 'never' }),
    name: field(3, Type.String(), 'Name of the owner.', { omit: 'never' }),
    uid: field(4, Type.String({ [X_GO_TYPE]: 'types.UID' }), 'UID of the owner.', { omit: 'never' }),
    controller: field(6, Type.Boolean(), 'True when this reference points to the managing controller.', {
      omit: 'nil',
    }),
    blockOwnerDeletion: field(7, Type.Boolean(), 'True when the owner cannot be deleted before this object.', {
      omit: 'nil',
    }),
  },
  { structType: 'atomic' },
);
/** metav1.OwnerReference. */
export type OwnerReference = Static<typeof OwnerReferenceSchema>;

/** Schema of metav1.ManagedFieldsEntry. */
export const ManagedFieldsEntrySchema = struct(
  `${META}.ManagedFieldsEntry`,
  'ManagedFieldsEntry records which manager owns which fields, for server-side apply.',
  {
    manager: field(1, Type.String(), 'Name of the workflow managing these fields.'),
    operation: field(2, Type.String(), 'Operation that led to this entry: Apply or Update.'),
    apiVersion: field(3, Type.String(), 'API version of the field set.'),
    time: field(4, TimeSchema, 'When the fields were last changed by this manager.', { omit: 'nil' }),
    fieldsType: field(6, Type.String(), 'Format of the field set; only FieldsV1 is defined.'),
    fieldsV1: field(7, FieldsV1Schema, 'The field set in FieldsV1 format.', { omit: 'nil' }),
    subresource: field(8, Type.String(), 'Subresource used to update the object, empty for the main resource.'),
  },
);
/** metav1.ManagedFieldsEntry. */
export type ManagedFieldsEntry = Static<typeof ManagedFieldsEntrySchema>;

/** Schema of metav1.ObjectMeta. */
export const ObjectMetaSchema = struct(
  `${META}.ObjectMeta`,
  'ObjectMeta is the metadata every persisted resource carries: identity, versioning, labels and ownership.',
  {
    name: field(1, Type.String(), 'Name must be unique within a namespace; it cannot be updated.'),
    generateName: field(2, Type.String(), 'Prefix the server uses to generate a unique name when name is empty.'),
    namespace: field(3, Type.String(), 'Namespace of the object; empty for cluster-scoped objects.'),
    selfLink: field(4, Type.String(), 'Deprecated; the server does not fill it.'),
    uid: field(5, Type.String({ [X_GO_TYPE]: 'types.UID' }), 'Unique identifier of this object in time and space, set by the server.'),
    resourceVersion: field(6, Type.String(), 'Opaque version of this object, used for concurrency control.'),
    generation: field(7, int64(), 'Sequence number of the desired state, incremented on spec changes.'),
    creationTimestamp: field(8, TimeSchema, 'Server time when this object was created.', { omit: 'never' }),
    deletionTimestamp: field(9, TimeSchema, 'Time after which this object will be deleted.', { omit: 'nil' }),
    deletionGracePeriodSeconds: field(10, int64(), 'Seconds allowed for graceful termination.', { omit: 'nil' }),
    labels: field(11, stringMap(), 'Key/value pairs used to organize and select objects.'),
    annotations: field(12, stringMap(), 'Unstructured key/value data stored by tools and controllers.'),
    ownerReferences: field(13, Type.Array(OwnerReferenceSchema), 'Objects this object depends on.', {
      listType: 'map',
      listMapKeys: ['uid'],
      patchStrategy: 'merge',
      patchMergeKey: 'uid',
    }),
    finalizers: field(14, stringList(), 'Names of finalizers that must run before the object is deleted.', {
      listType: 'set',
      patchStrategy: 'merge',
    }),
    managedFields: field(17, Type.Array(ManagedFieldsEntrySchema), 'Field ownership for server-side apply.', {
      listType: 'atomic',
    }),
  },
);
/** metav1.ObjectMeta. */
export type ObjectMeta = Static<typeof ObjectMetaSchema>;

/** Schema of metav1.ListMeta. */
export const ListMetaSchema = struct(`${META}.ListMeta`, 'ListMeta describes a list: its version and paging token.', {
  selfLink: field(1, Type.String(), 'Deprecated; the server does not fill it.'),
  resourceVersion: field(2, Type.String(), 'Version of the list, usable to start a watch.'),
  continue: field(3, Type.String(), 'Token to fetch the next page when the list was limited.'),
  remainingItemCount: field(4, int64(), 'Number of items left after this page, when known.', { omit: 'nil' }),
});
/** metav1.ListMeta. */
export type ListMeta = Static<typeof ListMetaSchema>;

/** Schema of metav1.TypeMeta (used standalone, e.g. for partial decoding). */
export const TypeMetaSchema = struct(`${META}.TypeMeta`, 'TypeMeta names the kind and API version of an object.', {
  kind: Type.Optional(Type.String({ description: 'Kind of the object.' })),
  apiVersion: Type.Optional(Type.String({ description: 'API version of the object.' })),
});
/** metav1.TypeMeta. */
export type TypeMeta = Static<typeof TypeMetaSchema>;

/** Schema of metav1.Condition. */
export const ConditionSchema = struct(`${META}.Condition`, 'Condition describes one aspect of an object state.', {
  type: field(1, Type.String(), 'Type of condition in CamelCase.', { omit: 'never' }),
  status: field(2, Type.String(), 'Status of the condition: True, False or Unknown.', { omit: 'never' }),
  observedGeneration: field(3, int64(), 'Generation the condition was set for.'),
  lastTransitionTime: field(4, TimeSchema, 'Last time the condition changed status.', { omit: 'never' }),
  reason: field(5, Type.String(), 'Programmatic identifier of the reason for the last transition.', { omit: 'never' }),
  message: field(6, Type.String(), 'Human readable message about the transition.', { omit: 'never' }),
});
/** metav1.Condition. */
export type Condition = Static<typeof ConditionSchema>;

