/**
 * wardle.example.com/v1alpha1 Flunder (k8s.io/sample-apiserver): a namespaced kind with a spec and status,
 * declared as schemas and registered in a Scheme.
 * @module
 */
import { addMetaKinds, addMetaToGroupVersion, kindStruct, ListMetaSchema, ObjectMetaSchema, optionalField as field, requiredField, Scheme, struct } from '@apiserver/runtime';
import { Type } from 'typebox';

const WARDLE = 'io.k8s.sample-apiserver.pkg.apis.wardle.v1alpha1';
/** The sample group-version. */
export const WARDLE_V1ALPHA1 = { group: 'wardle.example.com', version: 'v1alpha1' } as const;

const FlunderSpecSchema = struct(`${WARDLE}.FlunderSpec`, 'FlunderSpec is the specification of a Flunder.', {
  reference: field(1, Type.String(), 'A name of another flunder or fischer, depending on the reference type.'),
  referenceType: field(2, Type.String(), 'The type of the reference: Flunder or Fischer.'),
});

const FlunderSchema = kindStruct(`${WARDLE}.Flunder`, { ...WARDLE_V1ALPHA1, kind: 'Flunder' }, 'A flunder.', {
  metadata: field(1, ObjectMetaSchema, 'Standard object metadata.'),
  spec: field(2, FlunderSpecSchema, 'The spec.'),
  status: field(3, struct(`${WARDLE}.FlunderStatus`, 'The status.', {}), 'The status.'),
});

const FlunderListSchema = kindStruct(`${WARDLE}.FlunderList`, { ...WARDLE_V1ALPHA1, kind: 'FlunderList' }, 'A list of flunders.', {
  metadata: field(1, ListMetaSchema, 'Standard list metadata.'),
  items: requiredField(2, Type.Array(FlunderSchema), 'The flunders.'),
});

/** A scheme with the meta kinds and wardle.example.com/v1alpha1. */
export function newWardleScheme(): Scheme {
  const scheme = addMetaKinds(new Scheme('sample-apiserver'));
  addMetaToGroupVersion(scheme, WARDLE_V1ALPHA1);
  return scheme.addKnownTypes(FlunderSchema, FlunderListSchema);
}
