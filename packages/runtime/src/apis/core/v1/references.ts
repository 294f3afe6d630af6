/** core/v1 ObjectReference and LocalObjectReference. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { LocalObjectReferenceSchema, ObjectReferenceSchema } from '../../generated/core/v1/types.js';

export { LocalObjectReferenceSchema, ObjectReferenceSchema };

/** core/v1 ObjectReference. */
export type ObjectReference = Static<typeof ObjectReferenceSchema>;

/** core/v1 LocalObjectReference. */
export type LocalObjectReference = Static<typeof LocalObjectReferenceSchema>;
