/**
 * Builds protobufjs reflection types from our schemas, using the Kubernetes field numbers carried in
 * `x-protobuf-field`. Message names follow Kubernetes' proto packages (`k8s.io.api.core.v1.ConfigMap`).
 */
import protobuf from 'protobufjs';
import type { TSchema } from 'typebox';
import {
  codecOf,
  embeddedIn,
  itemsOf,
  mapValueOf,
  node,
  propertiesOf,
  protobufFieldOf,
  typeNameOf,
  type WireCodec,
} from '../../schema/extensions.js';

const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';

/** Proto message names of the special types (their layouts are fixed by Kubernetes). */
const SPECIAL_MESSAGES: Readonly<Partial<Record<WireCodec, { name: string; fields: [string, number, string, string?][] }>>> = {
  time: { name: `${META}.Time`, fields: [['seconds', 1, 'int64'], ['nanos', 2, 'int32']] },
  microtime: { name: `${META}.MicroTime`, fields: [['seconds', 1, 'int64'], ['nanos', 2, 'int32']] },
  'int-or-string': {
    name: 'k8s.io.apimachinery.pkg.util.intstr.IntOrString',
    fields: [['type', 1, 'int64'], ['intVal', 2, 'int32'], ['strVal', 3, 'string']],
  },
  quantity: { name: 'k8s.io.apimachinery.pkg.api.resource.Quantity', fields: [['string', 1, 'string']] },
  'fields-v1': { name: `${META}.FieldsV1`, fields: [['Raw', 1, 'bytes']] },
  'raw-extension': { name: 'k8s.io.apimachinery.pkg.runtime.RawExtension', fields: [['raw', 1, 'bytes']] },
  'wrapped-list': { name: `${META}.Verbs`, fields: [['items', 1, 'string', 'repeated']] },
};

/** Thrown when a schema cannot be expressed as a protobuf message (e.g. a field without a number). */
export class ProtobufSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtobufSchemaError';
  }
}

/** Maps an OpenAPI definition name to Kubernetes' proto package name (`io.k8s.x` → `k8s.io.x`). */
export function protoNameOf(typeName: string): string {
  return typeName.startsWith('io.k8s.') ? `k8s.io.${typeName.slice('io.k8s.'.length)}` : typeName;
}

function scalarTypeOf(schema: TSchema): string | undefined {
  const n = node(schema);
  if (codecOf(schema) === 'bytes') return 'bytes';
  switch (n.type) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'integer':
      return n.format === 'int64' ? 'int64' : 'int32';
    case 'number':
      return 'double';
    default:
      return undefined;
  }
}

/** Protobuf message types for schemas, built on first use and cached. */
export class ProtobufDescriptors {
  readonly #root = new protobuf.Root();
  readonly #byName = new Map<string, protobuf.Type>();

  /** The protobufjs Root holding every message built so far (a descriptor source). */
  get root(): protobuf.Root {
    return this.#root;
  }

  /** The message type of an object (or special-type) schema. */
  typeFor(schema: TSchema): protobuf.Type {
    const codec = codecOf(schema);
    const special = codec === undefined ? undefined : SPECIAL_MESSAGES[codec];
    if (special !== undefined) return this.#special(special.name, special.fields);
    const typeName = typeNameOf(schema);
    const props = propertiesOf(schema);
    if (typeName === undefined || props === undefined) {
      throw new ProtobufSchemaError('only named object schemas have a protobuf message');
    }
    const name = protoNameOf(typeName);
    const cached = this.#byName.get(name);
    if (cached !== undefined) return cached;
    const entries = Object.entries(props);
    if (entries.length > 0 && entries.every(([, fs]) => protobufFieldOf(fs) === undefined)) {
      throw new ProtobufSchemaError(`${typeName} has no protobuf form (no field carries x-protobuf-field)`);
    }
    const type = new protobuf.Type(name.slice(name.lastIndexOf('.') + 1));
    this.#register(name, type);
    const embeds = new Set<string>();
    for (const [key, fs] of entries) {
      const embed = embeddedIn(fs);
      if (embed !== undefined) {
        if (!embeds.has(embed.name)) type.add(new protobuf.Field(embed.name, embed.field, this.#elementType(embed.schema, key)));
        embeds.add(embed.name);
        continue;
      }
      const n = protobufFieldOf(fs);
      if (n !== undefined) type.add(this.#fieldFor(key, n, fs));
    }
    return type;
  }

  #register(fullName: string, type: protobuf.Type): void {
    this.#byName.set(fullName, type);
    this.#root.define(fullName.slice(0, fullName.lastIndexOf('.'))).add(type);
  }

  #special(name: string, fields: [string, number, string, string?][]): protobuf.Type {
    const cached = this.#byName.get(name);
    if (cached !== undefined) return cached;
    const type = new protobuf.Type(name.slice(name.lastIndexOf('.') + 1));
    for (const [f, n, t, rule] of fields) type.add(new protobuf.Field(f, n, t, rule));
    this.#register(name, type);
    return type;
  }

  #elementType(schema: TSchema, where: string): string {
    const scalar = scalarTypeOf(schema);
    if (scalar !== undefined && codecOf(schema) !== 'quantity') return scalar;
    const t = this.typeFor(schema);
    if (t.fullName === '') throw new ProtobufSchemaError(`unresolved message for ${where}`);
    return t.fullName.slice(1);
  }

  #fieldFor(key: string, n: number, schema: TSchema): protobuf.FieldBase {
    const codec = codecOf(schema);
    if (codec === undefined || codec === 'bytes') {
      const items = itemsOf(schema);
      if (items !== undefined) return new protobuf.Field(key, n, this.#elementType(items, key), 'repeated');
      const value = mapValueOf(schema);
      if (value !== undefined) return new protobuf.MapField(key, n, 'string', this.#elementType(value, key));
    }
    return new protobuf.Field(key, n, this.#elementType(schema, key));
  }
}
