/**
 * OpenAPI v3 component schemas derived from our schemas, in kube-openapi's style: one component per named
 * type, properties referring to others with `allOf: [{$ref}]`, maps as `additionalProperties`, the
 * `x-kubernetes-*` keywords kept and this package's own extension keywords stripped; a schema carrying its
 * OpenAPI form (`x-k8s-openapi`) is that form. Components collected for a Swagger 2.0 document take a named type's
 * Swagger 2.0 variant (`x-k8s-swagger2`) where it has one; the v2 builder rewrites them to Swagger 2.0 after.
 */
import type { TSchema } from 'typebox';
import type { GroupVersionKind } from '../runtime/group-version.js';
import type { Scheme } from '../runtime/scheme.js';
import {
  codecOf,
  goOmitOf,
  itemsOf,
  mapValueOf,
  node,
  propertiesOf,
  swagger2VariantOf,
  typeDescriptionOf,
  typeNameOf,
  verbatimOpenAPIOf,
  type WireCodec,
} from '../schema/extensions.js';

/** A JSON object (an OpenAPI schema). */
export type OpenAPISchema = Record<string, unknown>;

const OURS = /^x-(protobuf|go|k8s)-/;
const KEPT = /^(description|format|x-kubernetes-.*)$/;

function specialBody(codec: WireCodec, description: unknown): OpenAPISchema {
  const d = typeof description === 'string' ? { description } : {};
  switch (codec) {
    case 'time':
    case 'microtime':
      return { ...d, type: 'string', format: 'date-time' };
    case 'int-or-string':
      return { ...d, type: 'string', format: 'int-or-string', 'x-kubernetes-int-or-string': true };
    case 'quantity':
      return { ...d, type: 'string' };
    case 'fields-v1':
    case 'raw-extension':
      return { ...d, type: 'object' };
    case 'bytes':
      return { type: 'string', format: 'byte' };
    case 'wrapped-list':
      return { type: 'array', items: { type: 'string', default: '' } };
  }
}

function keptKeywords(schema: TSchema): OpenAPISchema {
  const out: OpenAPISchema = {};
  for (const [k, v] of Object.entries(node(schema))) if (KEPT.test(k) && !OURS.test(k)) out[k] = v;
  return out;
}

/** What the component schemas are collected for. */
export interface ComponentSchemaOptions {
  /** For a Swagger 2.0 document: named types with a Swagger 2.0 variant (`x-k8s-swagger2`) are that variant. */
  readonly swagger2?: boolean;
}

/** Collects OpenAPI component schemas while walking a schema graph. */
class ComponentCollector {
  readonly components: Record<string, OpenAPISchema> = {};
  readonly #swagger2: boolean;

  constructor(options: ComponentSchemaOptions) {
    this.#swagger2 = options.swagger2 === true;
  }

  /** Registers a named type and returns a `$ref` to it. */
  ref(named: TSchema): string {
    const name = typeNameOf(named) ?? '';
    if (!(name in this.components)) {
      this.components[name] = {};
      const schema = (this.#swagger2 ? swagger2VariantOf(named) : undefined) ?? named;
      const codec = codecOf(schema);
      this.components[name] =
        codec !== undefined ? specialBody(codec, typeDescriptionOf(schema)) : this.objectBody(schema);
    }
    return `#/components/schemas/${name}`;
  }

  /** An object type's body; `properties` only when the schema declares them (an object of any fields has none). */
  objectBody(schema: TSchema): OpenAPISchema {
    const props = propertiesOf(schema);
    const properties: Record<string, OpenAPISchema> = {};
    for (const [key, fs] of Object.entries(props ?? {})) properties[key] = this.property(fs);
    const required = node(schema).required;
    const doc = typeDescriptionOf(schema);
    return {
      ...keptKeywords(schema),
      ...(doc === undefined ? {} : { description: doc }),
      type: 'object',
      ...(Array.isArray(required) && required.length > 0 ? { required: [...required] } : {}),
      ...(props === undefined ? {} : { properties }),
    };
  }

  /** The schema of a property or nested value. */
  property(schema: TSchema): OpenAPISchema {
    const verbatim = verbatimOpenAPIOf(schema);
    if (verbatim !== undefined) return structuredClone(verbatim) as OpenAPISchema;
    const kept = keptKeywords(schema);
    const codec = codecOf(schema);
    if (codec === 'bytes' || codec === 'wrapped-list') return { ...kept, ...specialBody(codec, kept.description) };
    if (typeNameOf(schema) !== undefined) {
      const struct = propertiesOf(schema) !== undefined && goOmitOf(schema) !== 'nil' && goOmitOf(schema) !== 'null';
      const { format: _f, ...rest } = kept;
      return { ...rest, allOf: [{ $ref: this.ref(schema) }], ...(struct ? { default: {} } : {}) };
    }
    const items = itemsOf(schema);
    if (items !== undefined) return { ...kept, type: 'array', items: this.element(items) };
    const value = mapValueOf(schema);
    if (value !== undefined) return { ...kept, type: 'object', additionalProperties: this.element(value) };
    const type = node(schema).type;
    return typeof type === 'string' ? { ...kept, type } : { ...kept };
  }

  element(schema: TSchema): OpenAPISchema {
    const verbatim = verbatimOpenAPIOf(schema);
    if (verbatim !== undefined) return structuredClone(verbatim) as OpenAPISchema;
    if (typeNameOf(schema) !== undefined) {
      const struct = propertiesOf(schema) !== undefined;
      return { allOf: [{ $ref: this.ref(schema) }], ...(struct ? { default: {} } : {}) };
    }
    const p = this.property(schema);
    const type = p.type;
    if (type === 'string' && codecOf(schema) !== 'bytes') return { ...p, default: '' };
    return p;
  }
}

/**
 * All OpenAPI v3 component schemas reachable from a named schema, keyed by definition name; with `swagger2`, the ones
 * a Swagger 2.0 document is built from.
 */
export function openAPIComponentSchemas(schema: TSchema, options: ComponentSchemaOptions = {}): Record<string, OpenAPISchema> {
  const c = new ComponentCollector(options);
  c.ref(schema);
  return c.components;
}

/** The component name and schemas for a registered kind (the kind's own component is under `name`). */
export function openAPIComponentsForKind(
  scheme: Scheme,
  gvk: GroupVersionKind,
): { name: string; components: Record<string, OpenAPISchema> } {
  const schema = scheme.schemaFor(gvk);
  const name = typeNameOf(schema) ?? gvk.kind;
  const components = openAPIComponentSchemas(schema);
  const own = components[name];
  if (own !== undefined) {
    // kube-openapi lists every group/version a type is served in (e.g. DeleteOptions in each group).
    const gvks = scheme.kindsOf(schema).map((k) => ({ group: k.group, kind: k.kind, version: k.version }));
    components[name] = { ...own, 'x-kubernetes-group-version-kind': gvks };
  }
  return { name, components };
}
