/**
 * OpenAPI models of custom resources (`pkg/controller/openapi/builder`): the version's structural schema as the
 * server's OpenAPI builder publishes it, with `x-kubernetes-group-version-kind`, `metadata` as ObjectMeta and the
 * list kind around it. The kind is a named component; the fields below it are inline, with their value validations
 * (`structural-openapi.ts`), as kube-openapi publishes a CRD.
 *
 * @module
 */
import { ListMetaSchema, ObjectMetaSchema, X_K8S_OPENAPI, X_K8S_TYPE } from '@apiserver/runtime';
import type { TSchema } from 'typebox';
import { type JSONSchemaProps, tryNewStructural } from '../structural-schema.js';
import { METADATA_DESCRIPTION, structuralOpenAPI } from './structural-openapi.js';

/** The description of a named type (runtime's `x-k8s-doc` keyword). */
const X_K8S_DOC = 'x-k8s-doc';

/** The object and list models of one served version. */
export interface CustomResourceModels {
  /** The kind's model. */
  readonly object: TSchema;
  /** The list kind's model. */
  readonly list: TSchema;
}

const API_VERSION = {
  type: 'string',
  description:
    'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources',
};
const KIND = {
  type: 'string',
  description:
    'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds',
};

/**
 * The kind's own keywords and its fields as published: the root's description, `required` and `x-kubernetes-*`
 * extensions, and each field's OpenAPI form carried verbatim (`x-k8s-openapi`).
 */
function rootOf(schema: JSONSchemaProps | undefined): { keywords: Record<string, unknown>; fields: Record<string, unknown> } {
  const structural = schema === undefined ? undefined : tryNewStructural(schema);
  if (structural === undefined) return { keywords: {}, fields: {} };
  const { properties, description, ...rest } = structuralOpenAPI({ ...structural, extensions: { ...structural.extensions, xEmbeddedResource: false } });
  const keywords: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([k]) => k === 'required' || k.startsWith('x-kubernetes-')));
  if (typeof description === 'string') keywords[X_K8S_DOC] = description;
  const fields = Object.fromEntries(Object.entries((properties ?? {}) as Record<string, unknown>).map(([k, v]) => [k, { [X_K8S_OPENAPI]: v }]));
  return { keywords, fields };
}

/**
 * Builds the models of kind `gvk.kind` (plural `plural`, list kind `listKind`) in `<group>/<version>` from the
 * version's schema; the components are named `<reversed group>.<version>.<Kind>`, e.g. `com.example.stable.v1.CronTab`.
 */
export function customResourceModels(
  schema: JSONSchemaProps | undefined,
  gvk: { group: string; version: string; kind: string },
  names: { plural: string; listKind: string },
): CustomResourceModels {
  const prefix = `${gvk.group.split('.').reverse().join('.')}.${gvk.version}`;
  const name = `${prefix}.${gvk.kind}`;
  const { keywords, fields } = rootOf(schema);
  const properties: Record<string, unknown> = { ...fields, apiVersion: API_VERSION, kind: KIND, metadata: { ...ObjectMetaSchema, description: METADATA_DESCRIPTION } };
  const object = {
    ...keywords,
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    [X_K8S_TYPE]: name,
    'x-kubernetes-group-version-kind': [{ group: gvk.group, kind: gvk.kind, version: gvk.version }],
  };
  const list = {
    type: 'object',
    description: `${gvk.kind}List is a list of ${gvk.kind}`,
    required: ['items'],
    properties: {
      apiVersion: API_VERSION,
      items: { type: 'array', description: `List of ${names.plural}. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md`, items: object },
      kind: KIND,
      metadata: { ...ListMetaSchema, description: 'Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds' },
    },
    [X_K8S_TYPE]: `${prefix}.${names.listKind}`,
    'x-kubernetes-group-version-kind': [{ group: gvk.group, kind: names.listKind, version: gvk.version }],
  };
  return { object: object as unknown as TSchema, list: list as unknown as TSchema };
}
