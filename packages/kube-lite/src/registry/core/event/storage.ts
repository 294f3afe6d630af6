/**
 * The `events` resource storage (pkg/registry/core/event/storage): a generic Store whose objects expire one
 * hour after their last write (the Store's TTL, kube-apiserver's default `--event-ttl`), PUT may create,
 * short name `ev`, and the involvedObject/reason/source/type field selectors.
 * @module
 */
import { GenericStrategy, type Storage, Store } from '@apiserver/registry';
import type { GroupResource } from '@apiserver/runtime';
import type { PrinterOptions } from '../../../printers/table-convertor.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { eventAttrs } from './fields.js';
import { newEventTableConvertor } from './printer.js';
import { validateEvent } from './validation.js';

/** kube-apiserver's default `--event-ttl`: 1 h, in seconds. */
export const DEFAULT_EVENT_TTL_SECONDS = 3600;

/** Options of the events storage. */
export interface EventStorageOptions {
  /** Seconds an event lives after its last create or update (default 3600). */
  readonly ttlSeconds?: number;
  /** Printer clock. */
  readonly printer?: PrinterOptions;
  /** The resource whose storage config the getter hands out (default core `events`; `events.k8s.io` events cohabit with it). */
  readonly storageResource?: GroupResource;
}

/** The Event strategy: namespaced, create-on-update allowed, the same validation on create and update. */
export function newEventStrategy(): GenericStrategy {
  return new GenericStrategy({
    namespaceScoped: true,
    allowCreateOnUpdate: true,
    validate: (_ctx, obj) => validateEvent(obj),
    validateUpdate: (_ctx, obj) => validateEvent(obj),
  });
}

/** Builds the `events` Store. */
export function newEventStore(getter: RESTOptionsGetter, options: EventStorageOptions = {}): Store {
  const strategy = newEventStrategy();
  const ttl = options.ttlSeconds ?? DEFAULT_EVENT_TTL_SECONDS;
  return new Store({
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'Event', resource: 'events', singular: 'event' }, options.storageResource),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newEventTableConvertor(options.printer),
    attrFunc: eventAttrs,
    ttlFunc: () => ttl,
    shortNames: ['ev'],
  });
}

/** The `events` entry of the core/v1 storage map. */
export function newEventStorage(getter: RESTOptionsGetter, options?: EventStorageOptions): Record<string, Storage> {
  return { events: newEventStore(getter, options) };
}
