/**
 * Attributes in the version a webhook asked for (upstream `VersionedAttributes` and the equivalent resource
 * mapper): under `matchPolicy: Equivalent` a webhook registered for another version (or group) of the same
 * stored resource gets the object converted to that version, and its changes converted back.
 * @module
 */
import type { GroupVersionKind, GroupVersionResource } from '@apiserver/runtime';
import type { ApiObject } from '../../../rest/types.js';
import type { Attributes } from '../../interfaces.js';

/** Which resources are the same stored resource, and how their objects convert (upstream `EquivalentResourceMapper` + convertor). */
export interface EquivalentResources {
  /** Every resource served from the same storage as `resource` (itself included). */
  equivalentResourcesFor(resource: GroupVersionResource, subresource: string): readonly GroupVersionResource[];
  /** The kind `resource`/`subresource` is served as; undefined when unknown. */
  kindFor(resource: GroupVersionResource, subresource: string): GroupVersionKind | undefined;
  /** `obj`, of kind `from`, as kind `to`; throws when it cannot. */
  convert(obj: ApiObject, from: GroupVersionKind, to: GroupVersionKind): ApiObject;
}

/** The request's objects in one webhook's kind. */
export interface VersionedAttributes {
  /** The request. */
  readonly attributes: Attributes;
  /** The kind the objects are in. */
  readonly kind: GroupVersionKind;
  /** The object in `kind` (a mutating webhook's patch replaces it). */
  object: ApiObject | undefined;
  /** The old object in `kind`. */
  readonly oldObject: ApiObject | undefined;
  /** Set when a webhook changed `object`. */
  dirty: boolean;
}

/** Whether two kinds are the same. */
export function sameKind(a: GroupVersionKind, b: GroupVersionKind): boolean {
  return a.group === b.group && a.version === b.version && a.kind === b.kind;
}

function converted(obj: ApiObject | undefined, from: GroupVersionKind, to: GroupVersionKind, equivalents: EquivalentResources | undefined): ApiObject | undefined {
  if (obj === undefined || sameKind(from, to)) return obj;
  if (equivalents === undefined) throw new Error(`unable to convert to ${to.group}/${to.version}, Kind=${to.kind}: no converter`);
  return equivalents.convert(structuredClone(obj), from, to);
}

/** The request's objects in `kind` (the request's own objects when it is the request's kind). */
export function newVersionedAttributes(a: Attributes, kind: GroupVersionKind, equivalents: EquivalentResources | undefined): VersionedAttributes {
  return {
    attributes: a,
    kind,
    object: converted(a.object, a.kind, kind, equivalents),
    oldObject: converted(a.oldObject, a.kind, kind, equivalents),
    dirty: false,
  };
}

/** Replaces the contents of `target` with those of `source`, keeping `target`'s identity (the handler holds it). */
export function replaceObject(target: ApiObject, source: ApiObject): void {
  if (target === source) return;
  for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key];
  Object.assign(target, source);
}

/** Writes a changed versioned object back into the request's object, in the request's kind. */
export function writeBack(v: VersionedAttributes, equivalents: EquivalentResources | undefined): void {
  const target = v.attributes.object;
  if (!v.dirty || v.object === undefined || target === undefined) return;
  replaceObject(target, converted(v.object, v.kind, v.attributes.kind, equivalents) ?? v.object);
  v.dirty = false;
}
