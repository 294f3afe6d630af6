/**
 * OpenAPI models of custom resources (`pkg/controller/openapi/builder`): the version's
 * `openAPIV3Schema` as named schema objects the server's OpenAPI builder publishes, with
 * `x-kubernetes-group-version-kind`, `metadata` as ObjectMeta and the list kind around it. Nested
 * objects with properties become named components (`<Kind>.spec`), which kube-openapi inlines.
 *
 * @module
 */
import { ListMetaSchema, ObjectMetaSchema, X_GO_OMIT, X_K8S_TYPE } from '@apiserver/runtime';

/** The description of a named type (runtime's `x-k8s-doc` keyword). */
const X_K8S_DOC = 'x-k8s-doc';
import type { TSchema } from 'typebox';
import type { JSONSchemaProps } from '../structural-schema.js';

/** The object and list models of one served version. */
export interface CustomResourceModels {
  /** The kind's model. */
  readonly object: TSchema;
  /** The list kind's model. */
  readonly list: TSchema;
}

const KEPT = ['description', 'format', 'enum', 'nullable', 'minimum', 'maximum', 'pattern', 'minLength', 'maxLength', 'minItems', 'maxItems'];

function convert(props: JSONSchemaProps, name: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (props.type !== undefined) out.type = props.type;
  for (const k of KEPT) if ((props as Record<string, unknown>)[k] !== undefined) out[k] = (props as Record<string, unknown>)[k];
  for (const [k, v] of Object.entries(props)) if (k.startsWith('x-kubernetes-')) out[k] = v;
  if (props.default !== undefined) out.default = props.default;
  if (props.properties !== undefined) {
    out.type = 'object';
    out.properties = Object.fromEntries(Object.entries(props.properties).map(([k, v]) => [k, convert(v, `${name}.${k}`)]));
    if (props.required !== undefined && props.required.length > 0) out.required = [...props.required];
    out[X_K8S_TYPE] = name;
    out[X_GO_OMIT] = 'nil';
    if (props.description !== undefined) out[X_K8S_DOC] = props.description;
  } else if (typeof props.additionalProperties === 'object') {
    out.type = 'object';
    out.patternProperties = { '^(.*)$': convert(props.additionalProperties, name) };
  }
  if (props.items !== undefined && !Array.isArray(props.items)) out.items = convert(props.items as JSONSchemaProps, `${name}.items`);
  return out;
}

/** Builds the models of kind `kind` in `<group>/<version>` from the version's schema (`typePrefix` e.g. `com.example.stable.v1`). */
export function customResourceModels(
  schema: JSONSchemaProps | undefined,
  gvk: { group: string; version: string; kind: string },
  listKind: string,
): CustomResourceModels {
  const prefix = `${gvk.group.split('.').reverse().join('.')}.${gvk.version}`;
  const name = `${prefix}.${gvk.kind}`;
  const root = convert(schema ?? { type: 'object' }, name);
  const properties = (root.properties ?? {}) as Record<string, unknown>;
  const object = {
    ...root,
    type: 'object',
    properties: {
      apiVersion: { type: 'string', description: 'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources' },
      kind: { type: 'string', description: 'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds' },
      ...properties,
      metadata: { ...ObjectMetaSchema, description: 'Standard object\'s metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata' },
    },
    [X_K8S_TYPE]: name,
    'x-kubernetes-group-version-kind': [{ group: gvk.group, kind: gvk.kind, version: gvk.version }],
  };
  const list = {
    type: 'object',
    description: `${gvk.kind}List is a list of ${gvk.kind}`,
    required: ['items'],
    properties: {
      apiVersion: object.properties.apiVersion,
      items: { type: 'array', description: `List of ${gvk.kind.toLowerCase()}s. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md`, items: object },
      kind: object.properties.kind,
      metadata: { ...ListMetaSchema, description: 'Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds' },
    },
    [X_K8S_TYPE]: `${prefix}.${listKind}`,
    'x-kubernetes-group-version-kind': [{ group: gvk.group, kind: listKind, version: gvk.version }],
  };
  return { object: object as unknown as TSchema, list: list as unknown as TSchema };
}
