/** core/v1 ObjectReference and LocalObjectReference. */
import { type Static, Type } from 'typebox';
import { field, struct } from '../../../schema/define.js';

const CORE = 'io.k8s.api.core.v1';

/** Schema of core/v1 ObjectReference. */
export const ObjectReferenceSchema = struct(`${CORE}.ObjectReference`, 'A reference to an object.', {
  kind: field(1, Type.String(), 'Kind of the referent.'),
  namespace: field(2, Type.String(), 'Namespace of the referent.'),
  name: field(3, Type.String(), 'Name of the referent.'),
  uid: field(4, Type.String(), 'UID of the referent.'),
  apiVersion: field(5, Type.String(), 'API version of the referent.'),
  resourceVersion: field(6, Type.String(), 'Specific resource version referred to.'),
  fieldPath: field(7, Type.String(), 'Field of the referent, e.g. spec.containers{name}.'),
}, { structType: 'atomic' });
/** core/v1 ObjectReference. */
export type ObjectReference = Static<typeof ObjectReferenceSchema>;

/** Schema of core/v1 LocalObjectReference. */
export const LocalObjectReferenceSchema = struct(
  `${CORE}.LocalObjectReference`,
  'A reference to an object in the same namespace.',
  { name: field(1, Type.String(), 'Name of the referent.') }, { structType: 'atomic' });
/** core/v1 LocalObjectReference. */
export type LocalObjectReference = Static<typeof LocalObjectReferenceSchema>;
