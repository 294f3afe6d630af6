/**
 * wardle.example.com/v1alpha1 (k8s.io/sample-apiserver's API): Flunder, namespaced, which may reference another
 * flunder or a fischer; Fischer, cluster-scoped, listing flunder names that may not be created.
 */
import { addMetaKinds, addMetaToGroupVersion, kindStruct, ListMetaSchema, ObjectMetaSchema, optionalField, requiredField, Scheme, struct } from '@apiserver/runtime';
import { Type } from 'typebox';

const PKG = 'io.k8s.sample-apiserver.pkg.apis.wardle.v1alpha1';

/** The group-version. */
export const WARDLE_V1ALPHA1 = { group: 'wardle.example.com', version: 'v1alpha1' } as const;

/** `referenceType` of a flunder naming another flunder (the default when `reference` is set). */
export const FLUNDER_REFERENCE = 'Flunder';
/** `referenceType` of a flunder naming a fischer. */
export const FISCHER_REFERENCE = 'Fischer';

/** A flunder's spec as stored. */
export interface FlunderSpec {
  /** A flunder's or a fischer's name. */
  reference?: string;
  /** What `reference` names: `Flunder` or `Fischer`. */
  referenceType?: string;
}

const FlunderSpec = struct(`${PKG}.FlunderSpec`, 'FlunderSpec is the specification of a Flunder.', {
  reference: optionalField(1, Type.String(), 'A name of another flunder or fischer, depending on the reference type.'),
  referenceType: optionalField(2, Type.String(), 'The reference type, defaults to "Flunder" if reference is set.'),
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

/** `SetDefaults_FlunderSpec`: a reference without a type names a flunder. */
export function defaultFlunderSpec(spec: FlunderSpec): void {
  if ((spec.referenceType ?? '') === '' && (spec.reference ?? '') !== '') spec.referenceType = FLUNDER_REFERENCE;
}

/**
 * What upstream's trip through the internal version does to a v1alpha1 spec (`Convert_v1alpha1_FlunderSpec_To_wardle_FlunderSpec`
 * and back): a type other than Flunder or Fischer keeps neither the type nor the reference.
 */
export function dropUnknownReferenceType(spec: FlunderSpec): void {
  if (spec.referenceType === FLUNDER_REFERENCE || spec.referenceType === FISCHER_REFERENCE) return;
  delete spec.reference;
  delete spec.referenceType;
}

/**
 * Defaults a flunder as upstream's decoding does (defaults, then the conversion to the internal version). The
 * scheme holds it; the packages' handlers do not run scheme defaulting, so the flunder strategy calls it.
 */
export function defaultFlunder(obj: Readonly<Record<string, unknown>>): void {
  if (typeof obj.spec !== 'object' || obj.spec === null) return;
  const spec = obj.spec as FlunderSpec;
  defaultFlunderSpec(spec);
  dropUnknownReferenceType(spec);
}

/** A scheme with the meta kinds and the wardle kinds, flunders defaulted as upstream decodes them. */
export function newWardleScheme(): Scheme {
  const scheme = addMetaKinds(new Scheme('sample-apiserver'));
  addMetaToGroupVersion(scheme, WARDLE_V1ALPHA1);
  scheme.addKnownTypes(Flunder, FlunderList, Fischer, FischerList);
  return scheme.addDefaultingFunc({ ...WARDLE_V1ALPHA1, kind: 'Flunder' }, defaultFlunder);
}
