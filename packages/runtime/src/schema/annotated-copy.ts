/**
 * The copy of a schema that field declarations make (define.ts): the schema's own properties, then typebox's
 * hidden `~optional` marker for an optional field, then the field's enumerable annotations (description,
 * protobuf number, list and patch facts). Every optional field of every API type is declared at module load,
 * so kube-lite's start-up makes thousands of these copies before it serves: this one copies the schema's
 * properties with two builtin calls instead of typebox's `Memory.Update`, which defines them one at a time
 * through a loop of JavaScript that start-up runs cold.
 */
import type { TSchema } from 'typebox';
import { Memory, Settings } from 'typebox/system';

/** Keys typebox never copies onto a schema (prototype pollution). */
const UNSAFE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** typebox's hidden marker of an optional property schema. */
const OPTIONAL = '~optional';

/**
 * What `Memory.Update(schema, optional ? { '~optional': true } : {}, annotations)` returns — the same own
 * properties with the same attributes in the same order: the schema's own (those named by `annotations` or the
 * marker left out), then the non-enumerable marker, then `annotations` as plain data properties. The typebox
 * settings that change that result (immutable or enumerable-hidden types) take typebox's own path.
 */
export function annotatedCopy<T extends TSchema>(schema: T, optional: boolean, annotations: Readonly<Record<string, unknown>>): T {
  const settings = Settings.Get();
  if (settings.immutableTypes || settings.enumerableKind) return Memory.Update(schema, optional ? { [OPTIONAL]: true } : {}, annotations) as T;
  const copy: Record<PropertyKey, unknown> = {};
  for (const key of Reflect.ownKeys(schema)) {
    if (typeof key === 'string' && (UNSAFE_KEYS.includes(key) || isEnumerableOwn(annotations, key) || (optional && key === OPTIONAL))) continue;
    copyProperty(copy, schema, key);
  }
  if (optional) Object.defineProperty(copy, OPTIONAL, { configurable: true, writable: true, enumerable: false, value: true });
  for (const key of Object.keys(annotations)) if (!UNSAFE_KEYS.includes(key)) copy[key] = annotations[key];
  return copy as T;
}

/** Whether `key` is one of `Object.keys(value)`. */
function isEnumerableOwn(value: object, key: string): boolean {
  return Object.prototype.propertyIsEnumerable.call(value, key);
}

/**
 * Copies `source`'s own property `key` onto `target` with its attributes. A plain data property (the common
 * case) is assigned, which gives the same attributes and position as defining it, without a descriptor object
 * per property; any other (hidden, read-only, accessor, symbol-keyed) is defined from its descriptor.
 */
function copyProperty(target: Record<PropertyKey, unknown>, source: object, key: string | symbol): void {
  const descriptor = Object.getOwnPropertyDescriptor(source, key) as PropertyDescriptor;
  if (typeof key === 'string' && descriptor.enumerable === true && descriptor.writable === true && descriptor.configurable === true) {
    target[key] = descriptor.value;
  } else {
    Object.defineProperty(target, key, descriptor);
  }
}
