/**
 * The objects of one resource as a list-watch last showed them (client-go's informer `Store`): a (re)list replaces
 * them all, each watch event adds, replaces or removes one. Objects are keyed as client-go's `MetaNamespaceKeyFunc`
 * keys them: `namespace/name`, or `name` for a cluster-scoped object. Controllers read it instead of listing storage
 * on every sync; {@link ObjectStore.generation} changes with every list and event.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import type { ListWatchEventType } from './list-watch.js';

/** The informer key of an object: `namespace/name`, or `name` when it has no namespace. */
export function objectKey(obj: ApiObject): string {
  const { namespace, name } = obj.metadata;
  return namespace === undefined || namespace === '' ? (name ?? '') : `${namespace}/${name ?? ''}`;
}

/** Objects by key, kept from a list-watch (`onList` → {@link ObjectStore.replace}, events → {@link ObjectStore.apply}). */
export class ObjectStore {
  #objects = new Map<string, ApiObject>();
  #generation = 0;

  /** Replaces the content with a list's items. */
  replace(items: readonly ApiObject[]): void {
    this.#objects = new Map(items.map((o) => [objectKey(o), o]));
    this.#generation++;
  }

  /** Applies one event (a `LISTED` item is already in from {@link ObjectStore.replace}). */
  apply(type: ListWatchEventType, obj: ApiObject): void {
    if (type === 'LISTED') return;
    const key = objectKey(obj);
    if (type === 'DELETED') this.#objects.delete(key);
    else this.#objects.set(key, obj);
    this.#generation++;
  }

  /** The object of `key` (`namespace/name`, or a cluster-scoped object's name), if the list-watch has it. */
  get(key: string): ApiObject | undefined {
    return this.#objects.get(key);
  }

  /** The objects now, in no particular order. */
  objects(): ApiObject[] {
    return [...this.#objects.values()];
  }

  /** Changes with every list and event: what is derived from the objects is stale when it differs. */
  get generation(): number {
    return this.#generation;
  }
}
