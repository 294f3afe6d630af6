/**
 * OpenAPI models of custom resources (`pkg/controller/openapi/builder`): the version's structural schema as the
 * server's OpenAPI builder publishes it, with `x-kubernetes-group-version-kind`, `metadata` as ObjectMeta and the
 * list kind around it. The kind is a named component; the fields below it are inline, with their value validations
 * (`structural-openapi.ts`), as kube-openapi publishes a CRD; Swagger 2.0 documents take the kind's Swagger 2.0
 * variant (`x-k8s-swagger2`, `structural-openapi-v2.ts`).
 *
 * @module
 */
import { ListMetaSchema, ObjectMetaSchema, X_K8S_OPENAPI, X_K8S_SWAGGER2, X_K8S_TYPE } from '@apiserver/runtime';
import type { TSchema } from 'typebox';
import { type JSONSchemaProps, type Structural, tryNewStructural } from '../structural-schema.js';
import { unfold } from '../structural-unfold.js';
import { METADATA_DESCRIPTION, type StructuralOpenAPIOptions, structuralOpenAPI } from './structural-openapi.js';
import { toStructuralOpenAPIV2 } from './structural-openapi-v2.js';

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

/** The kind's own keywords and its fields as published. */
interface Root {
  /** The root's description, `required` and `x-kubernetes-*` extensions. */
  readonly keywords: Record<string, unknown>;
  /** Each field's OpenAPI form, carried verbatim (`x-k8s-openapi`). */
  readonly fields: Record<string, unknown>;
}

function rootOf(structural: Structural, options: StructuralOpenAPIOptions): Root {
  const { properties, description, ...rest } = structuralOpenAPI({ ...structural, extensions: { ...structural.extensions, xEmbeddedResource: false } }, options);
  const keywords: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([k]) => k === 'required' || k.startsWith('x-kubernetes-')));
  if (typeof description === 'string') keywords[X_K8S_DOC] = description;
  const fields = Object.fromEntries(Object.entries((properties ?? {}) as Record<string, unknown>).map(([k, v]) => [k, { [X_K8S_OPENAPI]: v }]));
  return { keywords, fields };
}

function sortedByName(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The kind's model: its root keywords, its fields, `apiVersion`, `kind` and `metadata`. */
function objectModel(root: Root, name: string, gvk: Record<string, unknown>): Record<string, unknown> {
  const properties = { ...root.fields, apiVersion: API_VERSION, kind: KIND, metadata: { ...ObjectMetaSchema, description: METADATA_DESCRIPTION } };
  return { ...root.keywords, type: 'object', properties: sortedByName(properties), [X_K8S_TYPE]: name, 'x-kubernetes-group-version-kind': [gvk] };
}

/** The model of a kind whose fields are not published: only `type: object`. */
function opaqueModel(name: string, gvk: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', [X_K8S_TYPE]: name, 'x-kubernetes-group-version-kind': [gvk] };
}

/**
 * The kind's model in Swagger 2.0 documents (the CRD builder's `buildKubeNative` with `V2`): the schema rewritten by
 * `ToStructuralOpenAPIV2`; only `type: object` when the root preserves unknown fields (kubectl 1.x would refuse
 * every field but the listed ones, even apiVersion, kind and metadata).
 */
function swagger2Model(structural: Structural, name: string, gvk: Record<string, unknown>): Record<string, unknown> {
  if (structural.extensions.xPreserveUnknownFields) return opaqueModel(name, gvk);
  return objectModel(rootOf(toStructuralOpenAPIV2(structural), { swagger2: true }), name, gvk);
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
  const tried = schema === undefined ? undefined : tryNewStructural(schema);
  const structural = tried === undefined ? undefined : unfold(tried);
  const kind = { group: gvk.group, kind: gvk.kind, version: gvk.version };
  // A version without a structural schema is `type: object` in both documents, as upstream's builder makes it.
  const object =
    structural === undefined
      ? opaqueModel(name, kind)
      : { ...objectModel(rootOf(structural, {}), name, kind), [X_K8S_SWAGGER2]: swagger2Model(structural, name, kind) };
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
