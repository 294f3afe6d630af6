/**
 * The items of a typed list as kube-apiserver serves them: without `kind` and `apiVersion`. A list of a built-in
 * kind reaches its serializer converted from the internal version, and the conversion of each item leaves its
 * TypeMeta empty, so every item's `kind` and `apiVersion` are omitted (kubernetes/kubernetes#3030); a GET and a watch
 * event set them on the one object they write. Lists the scheme does not know (custom resources, unstructured) keep
 * their items as they are, and so do meta.k8s.io's lists (`PartialObjectMetadataList`), whose handler sets each
 * item's kind.
 * @module
 */
import type { TSchema } from 'typebox';
import type { KubeObject } from '../runtime/scheme.js';
import { isRecord, shapeOf } from './go-json.js';
import { listItemSchema } from './list-items.js';

/** The apiVersion prefix of the lists whose handler sets their items' TypeMeta (meta.k8s.io). */
const META_GROUP_PREFIX = 'meta.k8s.io/';

/** Per item schema: whether it has the inline TypeMeta of a kind (`kind` and `apiVersion` fields). */
const typeMetaOf = new WeakMap<TSchema, boolean>();

function hasTypeMeta(schema: TSchema): boolean {
  let known = typeMetaOf.get(schema);
  if (known === undefined) {
    const shape = shapeOf(schema);
    known = shape.kind === 'struct' && shape.fields.some((f) => f.key === 'kind') && shape.fields.some((f) => f.key === 'apiVersion');
    typeMetaOf.set(schema, known);
  }
  return known;
}

/**
 * Whether `list`, a list whose items have the registered schema `itemSchema` (see `listItemSchema`), writes its
 * items without TypeMeta.
 */
export function writesUntypedItems(list: KubeObject, itemSchema: TSchema): boolean {
  return typeof list.apiVersion === 'string' && !list.apiVersion.startsWith(META_GROUP_PREFIX) && hasTypeMeta(itemSchema);
}

/** An item without its `kind` and `apiVersion` (the item itself when it has neither). */
function untypedItem(item: unknown): unknown {
  if (!isRecord(item) || (!Object.hasOwn(item, 'kind') && !Object.hasOwn(item, 'apiVersion'))) return item;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(item)) {
    if (key !== 'kind' && key !== 'apiVersion') Object.defineProperty(copy, key, { value: item[key], enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/**
 * The list as it is served when `listSchema` (its registered schema, if any) makes its items untyped: a copy whose
 * items have no `kind` and `apiVersion`; otherwise the list itself.
 */
export function servedList(list: KubeObject, listSchema: TSchema | undefined): KubeObject {
  if (listSchema === undefined || !Array.isArray(list.items)) return list;
  const itemSchema = listItemSchema(listSchema);
  if (itemSchema === undefined || !writesUntypedItems(list, itemSchema)) return list;
  return { ...list, items: list.items.map(untypedItem) };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;
const KIND_MEMBER = Buffer.from('"kind":');
const API_VERSION_MEMBER = Buffer.from('"apiVersion":');

/** Whether `bytes` holds `member` at `at`. */
function startsWithAt(bytes: Uint8Array, member: Uint8Array, at: number): boolean {
  if (at + member.length > bytes.length) return false;
  for (let i = 0; i < member.length; i++) if (bytes[at + i] !== member[i]) return false;
  return true;
}

/** Where the JSON string starting at `at` ends (just past its closing quote), or -1 when none starts there. */
function stringEnd(bytes: Uint8Array, at: number): number {
  if (bytes[at] !== QUOTE) return -1;
  for (let i = at + 1; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === BACKSLASH) i++;
    else if (b === QUOTE) return i + 1;
  }
  return -1;
}

/** Past a leading string member `member` at `at` (`at` when there is none there). */
function skipStringMember(bytes: Uint8Array, member: Uint8Array, at: number): number {
  if (!startsWithAt(bytes, member, at)) return at;
  const end = stringEnd(bytes, at + member.length);
  return end === -1 ? at : end;
}

/**
 * Where the members after an object's leading `kind` and `apiVersion` begin in its compact JSON (Go writes TypeMeta
 * first): the index of the first byte after them and their comma, or of the closing brace when they are the only
 * members; 1 when the object does not start with them.
 */
export function typeMetaEnd(json: Uint8Array): number {
  let at = skipStringMember(json, KIND_MEMBER, 1);
  if (at !== 1) {
    if (json[at] !== COMMA) return json[at] === CLOSE_BRACE ? at : 1;
    const next = skipStringMember(json, API_VERSION_MEMBER, at + 1);
    at = next === at + 1 ? at : next;
  } else {
    at = skipStringMember(json, API_VERSION_MEMBER, 1);
    if (at === 1) return 1;
  }
  if (json[at] === COMMA) return at + 1;
  return json[at] === CLOSE_BRACE ? at : 1;
}
