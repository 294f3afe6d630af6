/**
 * The objects of one cluster-scoped resource as a list-watch last showed them (client-go's informer `Store`): a
 * (re)list replaces them all, each watch event adds, replaces or removes one. Controllers read it instead of listing
 * storage on every sync; {@link ObjectStore.generation} changes with every list and event.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import type { ListWatchEventType } from './list-watch.js';

/** Objects by name, kept from a list-watch (`onList` → {@link ObjectStore.replace}, events → {@link ObjectStore.apply}). */
export class ObjectStore {
  #objects = new Map<string, ApiObject>();
  #generation = 0;

  /** Replaces the content with a list's items. */
  replace(items: readonly ApiObject[]): void {
    this.#objects = new Map(items.map((o) => [o.metadata.name ?? '', o]));
    this.#generation++;
  }

  /** Applies one event (a `LISTED` item is already in from {@link ObjectStore.replace}). */
  apply(type: ListWatchEventType, obj: ApiObject): void {
    if (type === 'LISTED') return;
    const name = obj.metadata.name ?? '';
    if (type === 'DELETED') this.#objects.delete(name);
    else this.#objects.set(name, obj);
    this.#generation++;
  }

  /** The object named `name`, if the list-watch has it. */
  get(name: string): ApiObject | undefined {
    return this.#objects.get(name);
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
