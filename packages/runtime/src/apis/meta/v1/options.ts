/** Request option kinds of meta.k8s.io/v1: List/Get/Create/Update/Patch/DeleteOptions and Preconditions. */
import { type Static, Type } from 'typebox';
import { field, int64, kindStruct, stringList, struct } from '../../../schema/define.js';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const GV = { group: 'meta.k8s.io', version: 'v1' };

/** Schema of metav1.ListOptions. */
export const ListOptionsSchema = kindStruct(
  `${META}.ListOptions`,
  { ...GV, kind: 'ListOptions' },
  'Query options of list and watch calls.',
  {
    labelSelector: field(1, Type.String(), 'Restricts results by their labels.'),
    fieldSelector: field(2, Type.String(), 'Restricts results by their fields.'),
    watch: field(3, Type.Boolean(), 'Watch for changes instead of listing.'),
    allowWatchBookmarks: field(9, Type.Boolean(), 'Ask for BOOKMARK events.'),
    resourceVersion: field(4, Type.String(), 'Resource version constraint of the request.'),
    resourceVersionMatch: field(10, Type.String(), 'How resourceVersion is applied: Exact or NotOlderThan.'),
    timeoutSeconds: field(5, int64(), 'Timeout of the call regardless of activity.', { omit: 'nil' }),
    limit: field(7, int64(), 'Maximum number of items to return.'),
    continue: field(8, Type.String(), 'Continue token from a previous limited list.'),
    sendInitialEvents: field(11, Type.Boolean(), 'Send the current state as synthetic events first.', {
      omit: 'nil',
    }),
  },
);
/** metav1.ListOptions. */
export type ListOptions = Static<typeof ListOptionsSchema>;

/** Schema of metav1.GetOptions. */
export const GetOptionsSchema = kindStruct(`${META}.GetOptions`, { ...GV, kind: 'GetOptions' }, 'Options of get.', {
  resourceVersion: field(1, Type.String(), 'Resource version constraint of the request.'),
});
/** metav1.GetOptions. */
export type GetOptions = Static<typeof GetOptionsSchema>;

/** Schema of metav1.Preconditions. */
export const PreconditionsSchema = struct(`${META}.Preconditions`, 'Conditions that must hold before a delete.', {
  uid: field(1, Type.String(), 'Target UID.', { omit: 'nil' }),
  resourceVersion: field(2, Type.String(), 'Target resource version.', { omit: 'nil' }),
});
/** metav1.Preconditions. */
export type Preconditions = Static<typeof PreconditionsSchema>;

/** Schema of metav1.DeleteOptions. */
export const DeleteOptionsSchema = kindStruct(
  `${META}.DeleteOptions`,
  { ...GV, kind: 'DeleteOptions' },
  'Options of delete calls.',
  {
    gracePeriodSeconds: field(1, int64(), 'Seconds before the object is deleted; 0 means immediately.', {
      omit: 'nil',
    }),
    preconditions: field(2, PreconditionsSchema, 'Must be fulfilled before deletion.', { omit: 'nil' }),
    orphanDependents: field(3, Type.Boolean(), 'Deprecated: use propagationPolicy.', { omit: 'nil' }),
    propagationPolicy: field(4, Type.String(), 'Orphan, Background or Foreground.', { omit: 'nil' }),
    dryRun: field(5, stringList(), 'When present, do not persist; the only value is All.', { listType: 'atomic' }),
    ignoreStoreReadErrorWithClusterBreakingPotential: field(
      6,
      Type.Boolean(),
      'Delete an object whose stored form cannot be read.',
      { omit: 'nil' },
    ),
  },
);
/** metav1.DeleteOptions. */
export type DeleteOptions = Static<typeof DeleteOptionsSchema>;

/** Schema of metav1.CreateOptions. */
export const CreateOptionsSchema = kindStruct(
  `${META}.CreateOptions`,
  { ...GV, kind: 'CreateOptions' },
  'Options of create calls.',
  {
    dryRun: field(1, stringList(), 'When present, do not persist; the only value is All.', { listType: 'atomic' }),
    fieldManager: field(3, Type.String(), 'Name of the actor making the change.'),
    fieldValidation: field(4, Type.String(), 'Ignore, Warn or Strict handling of unknown fields.'),
  },
);
/** metav1.CreateOptions. */
export type CreateOptions = Static<typeof CreateOptionsSchema>;

/** Schema of metav1.UpdateOptions. */
export const UpdateOptionsSchema = kindStruct(
  `${META}.UpdateOptions`,
  { ...GV, kind: 'UpdateOptions' },
  'Options of update calls.',
  {
    dryRun: field(1, stringList(), 'When present, do not persist; the only value is All.', { listType: 'atomic' }),
    fieldManager: field(2, Type.String(), 'Name of the actor making the change.'),
    fieldValidation: field(3, Type.String(), 'Ignore, Warn or Strict handling of unknown fields.'),
  },
);
/** metav1.UpdateOptions. */
export type UpdateOptions = Static<typeof UpdateOptionsSchema>;

/** Schema of metav1.PatchOptions. */
export const PatchOptionsSchema = kindStruct(
  `${META}.PatchOptions`,
  { ...GV, kind: 'PatchOptions' },
  'Options of patch calls.',
  {
    dryRun: field(1, stringList(), 'When present, do not persist; the only value is All.', { listType: 'atomic' }),
    force: field(2, Type.Boolean(), 'Force apply requests to take conflicting fields.', { omit: 'nil' }),
    fieldManager: field(3, Type.String(), 'Name of the actor making the change.'),
    fieldValidation: field(4, Type.String(), 'Ignore, Warn or Strict handling of unknown fields.'),
  },
);
/** metav1.PatchOptions. */
export type PatchOptions = Static<typeof PatchOptionsSchema>;
