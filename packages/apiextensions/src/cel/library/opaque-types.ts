/**
 * The opaque CEL types of Kubernetes' libraries (`net.IP`, `net.CIDR`, `kubernetes.URL`,
 * `kubernetes.Quantity`, `kubernetes.NamedFormat`, the `kubernetes.authorization` check types) and CEL's
 * `optional_type`, declared as one-field
 * protobuf messages so that `@bufbuild/cel` can carry, compare and name them
 * (`type(ip('::1')) == net.IP`). Each holds a canonical text of its value, so equality is by value;
 * a value that needs more than its text (a quantity's Go representation, an optional's content)
 * carries it as a payload kept beside the message object.
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
const kubernetes = createFileRegistry(file('kubernetes', ['URL', 'Quantity', 'NamedFormat']), () => undefined);
const optional = createFileRegistry(file('', ['optional_type']), () => undefined);
const authorization = createFileRegistry(file('kubernetes.authorization', ['Authorizer', 'PathCheck', 'GroupCheck', 'ResourceCheck', 'Decision']), () => undefined);

function message(registry: FileRegistry, typeName: string): DescMessage {
  const desc = registry.getMessage(typeName);
  if (desc === undefined) throw new Error(`missing ${typeName}`);
  return desc;
}

const payloads = new WeakMap<object, unknown>();

/** An opaque type: its descriptor, its CEL type and a constructor from canonical text (and a payload). */
export interface OpaqueType {
  readonly desc: DescMessage;
  readonly celType: CelObjectType;
  of(value: string, payload?: unknown): Message;
}

function opaque(desc: DescMessage): OpaqueType {
  return {
    desc,
    celType: objectType(desc),
    of: (value, payload) => {
      const msg = create(desc, { value } as never);
      if (payload !== undefined) payloads.set(msg, payload);
      return msg;
    },
  };
}

/** `net.IP`. */
export const IP_TYPE: OpaqueType = opaque(message(net, 'net.IP'));
/** `net.CIDR`. */
export const CIDR_TYPE: OpaqueType = opaque(message(net, 'net.CIDR'));
/** `kubernetes.URL`. */
export const URL_TYPE: OpaqueType = opaque(message(kubernetes, 'kubernetes.URL'));

/** `kubernetes.Quantity`. */
export const QUANTITY_TYPE: OpaqueType = opaque(message(kubernetes, 'kubernetes.Quantity'));
/** `kubernetes.NamedFormat`. */
export const FORMAT_TYPE: OpaqueType = opaque(message(kubernetes, 'kubernetes.NamedFormat'));
/** `optional_type`. */
export const OPTIONAL_TYPE: OpaqueType = opaque(message(optional, 'optional_type'));

/** `kubernetes.authorization.Authorizer`. */
export const AUTHORIZER_TYPE: OpaqueType = opaque(message(authorization, 'kubernetes.authorization.Authorizer'));
/** `kubernetes.authorization.PathCheck`. */
export const PATH_CHECK_TYPE: OpaqueType = opaque(message(authorization, 'kubernetes.authorization.PathCheck'));
/** `kubernetes.authorization.GroupCheck`. */
export const GROUP_CHECK_TYPE: OpaqueType = opaque(message(authorization, 'kubernetes.authorization.GroupCheck'));
/** `kubernetes.authorization.ResourceCheck`. */
export const RESOURCE_CHECK_TYPE: OpaqueType = opaque(message(authorization, 'kubernetes.authorization.ResourceCheck'));
/** `kubernetes.authorization.Decision`. */
export const DECISION_TYPE: OpaqueType = opaque(message(authorization, 'kubernetes.authorization.Decision'));

/** The registry to hand to the CEL environment. */
export const opaqueTypeRegistry: Registry = createRegistry(net, kubernetes, optional, authorization);

/** The canonical text an opaque value holds (`this` of a method on it). */
export function opaqueText(v: { readonly message: unknown }): string {
  return (v.message as { value: string }).value;
}

/** The payload an opaque value was made with (`undefined` when it has none). */
export function opaquePayload(v: { readonly message: unknown }): unknown {
  return payloads.get(v.message as object);
}
