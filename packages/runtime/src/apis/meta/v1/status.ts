/** metav1.Status, StatusDetails and StatusCause: the body of every API error. */
import { type Static, Type } from 'typebox';
import { field, int32, kindStruct, struct } from '../../../schema/define.js';
import { ListMetaSchema } from './object-meta.js';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';

/** Schema of metav1.StatusCause. */
export const StatusCauseSchema = struct(`${META}.StatusCause`, 'StatusCause gives one reason an operation failed.', {
  reason: field(1, Type.String(), 'Machine-readable cause, e.g. FieldValueRequired.'),
  message: field(2, Type.String(), 'Human-readable description of the cause.'),
  field: field(3, Type.String(), 'Path of the field that caused the error, e.g. spec.containers[0].name.'),
});
/** metav1.StatusCause. */
export type StatusCauseObject = Static<typeof StatusCauseSchema>;

/** Schema of metav1.StatusDetails. */
export const StatusDetailsSchema = struct(
  `${META}.StatusDetails`,
  'StatusDetails carries the name, group and kind of the object an error is about, and its causes.',
  {
    name: field(1, Type.String(), 'Name of the object the status is about.'),
    group: field(2, Type.String(), 'API group of the object.'),
    kind: field(3, Type.String(), 'Kind (or resource, for some reasons) of the object.'),
    uid: field(6, Type.String(), 'UID of the object.'),
    causes: field(4, Type.Array(StatusCauseSchema), 'Detailed causes of the failure.', { listType: 'atomic' }),
    retryAfterSeconds: field(5, int32(), 'Seconds the client should wait before retrying.'),
  },
);
/** metav1.StatusDetails. */
export type StatusDetailsObject = Static<typeof StatusDetailsSchema>;

/** Schema of metav1.Status. */
export const StatusSchema = kindStruct(
  `${META}.Status`,
  { group: '', version: 'v1', kind: 'Status' },
  'Status is the result of an operation that does not return an object, and the body of every error.',
  {
    metadata: field(1, ListMetaSchema, 'Standard list metadata.'),
    status: field(2, Type.Unsafe<'Success' | 'Failure'>(Type.String({ enum: ['Success', 'Failure'] })), 'Success or Failure.'),
    message: field(3, Type.String(), 'Human-readable description of the status.'),
    reason: field(4, Type.String(), 'Machine-readable reason, e.g. NotFound; empty when unknown.'),
    details: field(5, StatusDetailsSchema, 'Extended data about the reason.', { omit: 'nil' }),
    code: field(6, int32(), 'Suggested HTTP status code; 0 when not set.'),
  },
);
/** metav1.Status as a plain object. */
export type StatusObject = Static<typeof StatusSchema>;
