/**
 * Finds protobuf fields a message type does not declare. Go's generated code skips them silently; this
 * package declares only part of some Kubernetes types, so skipping would silently lose data instead.
 */
import protobuf from 'protobufjs';

const MAX_DEPTH = 64;

function scanMapEntry(field: protobuf.Field, entry: Uint8Array, path: string, depth: number): string | undefined {
  const value = field.resolve().resolvedType;
  if (!(value instanceof protobuf.Type)) return undefined;
  const reader = protobuf.Reader.create(entry);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 2 && (tag & 7) === 2) {
      const found = scan(value, reader.bytes(), `${path}[]`, depth + 1);
      if (found !== undefined) return found;
    } else reader.skipType(tag & 7);
  }
  return undefined;
}

function scan(type: protobuf.Type, bytes: Uint8Array, path: string, depth: number): string | undefined {
  if (depth > MAX_DEPTH) return `${path}: nesting deeper than ${MAX_DEPTH}`;
  const reader = protobuf.Reader.create(bytes);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const id = tag >>> 3;
    const wire = tag & 7;
    const field = type.fieldsById[id];
    if (field === undefined) return `${path}: field number ${id}`;
    if (wire !== 2) {
      reader.skipType(wire);
      continue;
    }
    const sub = reader.bytes();
    const resolved = field.resolve().resolvedType;
    const where = `${path}.${field.name}`;
    const found = field.map
      ? scanMapEntry(field, sub, where, depth)
      : resolved instanceof protobuf.Type
        ? scan(resolved, sub, where, depth + 1)
        : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Returns `Type.path: field number N` for the first undeclared field in a message, or undefined. */
export function findUnknownField(type: protobuf.Type, bytes: Uint8Array): string | undefined {
  return scan(type, bytes, type.name, 0);
}
