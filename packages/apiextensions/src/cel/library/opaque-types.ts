/**
 * The opaque CEL types of Kubernetes' libraries (`net.IP`, `net.CIDR`, `kubernetes.URL`), declared
 * as one-field protobuf messages so that `@bufbuild/cel` can carry, compare and name them
 * (`type(ip('::1')) == net.IP`). Each holds the canonical text of its value, so equality is by value.
 *
 * @module
 */
import { type CelObjectType, objectType } from '@bufbuild/cel';
import { create, createFileRegistry, createRegistry, type DescMessage, type FileRegistry, type Message, type Registry } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';

const TYPE_STRING = 9;
const LABEL_OPTIONAL = 1;

function file(pkg: string, names: readonly string[]) {
  const field = [{ name: 'value', jsonName: 'value', number: 1, type: TYPE_STRING, label: LABEL_OPTIONAL }];
  return create(FileDescriptorProtoSchema, {
    name: `apiserver-ts/${pkg}.proto`,
    package: pkg,
    syntax: 'proto3',
    messageType: names.map((name) => ({ name, field })),
  });
}

const net = createFileRegistry(file('net', ['IP', 'CIDR']), () => undefined);
const kubernetes = createFileRegistry(file('kubernetes', ['URL']), () => undefined);

function message(registry: FileRegistry, typeName: string): DescMessage {
  const desc = registry.getMessage(typeName);
  if (desc === undefined) throw new Error(`missing ${typeName}`);
  return desc;
}

/** An opaque type: its descriptor, its CEL type and a constructor from canonical text. */
export interface OpaqueType {
  readonly desc: DescMessage;
  readonly celType: CelObjectType;
  of(value: string): Message;
}

function opaque(desc: DescMessage): OpaqueType {
  return { desc, celType: objectType(desc), of: (value) => create(desc, { value } as never) };
}

/** `net.IP`. */
export const IP_TYPE: OpaqueType = opaque(message(net, 'net.IP'));
/** `net.CIDR`. */
export const CIDR_TYPE: OpaqueType = opaque(message(net, 'net.CIDR'));
/** `kubernetes.URL`. */
export const URL_TYPE: OpaqueType = opaque(message(kubernetes, 'kubernetes.URL'));

/** The registry to hand to the CEL environment. */
export const opaqueTypeRegistry: Registry = createRegistry(net, kubernetes);

/** The canonical text an opaque value holds (`this` of a method on it). */
export function opaqueText(v: { readonly message: unknown }): string {
  return (v.message as { value: string }).value;
}
