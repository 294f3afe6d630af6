/**
 * wardle.example.com/v1alpha1 (k8s.io/sample-apiserver's API): Flunder, namespaced, which may reference another
 * flunder or a fischer; Fischer, cluster-scoped, listing flunder names that may not be created.
 */
import { addMetaKinds, addMetaToGroupVersion, kindStruct, ListMetaSchema, ObjectMetaSchema, optionalField, requiredField, Scheme, struct } from '@apiserver/runtime';
import { Type } from 'typebox';

const PKG = 'io.k8s.sample-apiserver.pkg.apis.wardle.v1alpha1';

/** The group-version. */
export const WARDLE_V1ALPHA1 = { group: 'wardle.example.com', version: 'v1alpha1' } as const;

const FlunderSpec = struct(`${PKG}.FlunderSpec`, 'FlunderSpec is the specification of a Flunder.', {
  reference: optionalField(1, Type.String(), 'A name of another flunder or fischer, depending on the reference type.'),
  referenceType: optionalField(2, Type.String(), 'The type of the reference: Flunder or Fischer.'),
});

const Flunder = kindStruct(`${PKG}.Flunder`, { ...WARDLE_V1ALPHA1, kind: 'Flunder' }, 'A flunder.', {
  metadata: optionalField(1, ObjectMetaSchema, 'Standard object metadata.'),
  spec: optionalField(2, FlunderSpec, 'The spec.'),
  status: optionalField(3, struct(`${PKG}.FlunderStatus`, 'The status.', {}), 'The status.'),
});

const FlunderList = kindStruct(`${PKG}.FlunderList`, { ...WARDLE_V1ALPHA1, kind: 'FlunderList' }, 'A list of flunders.', {
  metadata: optionalField(1, ListMetaSchema, 'Standard list metadata.'),
  items: requiredField(2, Type.Array(Flunder), 'The flunders.'),
});

const Fischer = kindStruct(`${PKG}.Fischer`, { ...WARDLE_V1ALPHA1, kind: 'Fischer' }, 'A fischer.', {
  metadata: optionalField(1, ObjectMetaSchema, 'Standard object metadata.'),
  disallowedFlunders: optionalField(2, Type.Array(Type.String()), 'Names of flunders that may not be created.'),
});

const FischerList = kindStruct(`${PKG}.FischerList`, { ...WARDLE_V1ALPHA1, kind: 'FischerList' }, 'A list of fischers.', {
  metadata: optionalField(1, ListMetaSchema, 'Standard list metadata.'),
  items: requiredField(2, Type.Array(Fischer), 'The fischers.'),
});

/** A scheme with the meta kinds and the wardle kinds. */
export function newWardleScheme(): Scheme {
  const scheme = addMetaKinds(new Scheme('sample-apiserver'));
  addMetaToGroupVersion(scheme, WARDLE_V1ALPHA1);
  return scheme.addKnownTypes(Flunder, FlunderList, Fischer, FischerList);
}
