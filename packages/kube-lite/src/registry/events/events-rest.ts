/**
 * events.k8s.io/v1 `events` served from the core/v1 Event registry, as kube-apiserver serves both versions of one
 * stored resource (cohabitating resources): every object crossing this storage is converted, requests are checked
 * with the stricter events.k8s.io/v1 rules, and field selectors are mapped to the core Event's fields.
 * @module
 */
import type { ApiObject, InternalListOptions, Store } from '@apiserver/registry';
import { FieldsSelector, newInvalid } from '@apiserver/runtime';
import { ConvertedStorage, type VersionConversion } from '../converted-storage.js';
import { eventFromCore, eventsV1FieldLabelToCore, eventToCore } from './conversion.js';
import { validateEventsV1Create, validateEventsV1Update } from './validation.js';

const EVENT_KIND = { group: 'events.k8s.io', kind: 'Event' };

function coreListOptions(options: InternalListOptions | undefined): InternalListOptions | undefined {
  const selector = options?.fieldSelector;
  if (options === undefined || !(selector instanceof FieldsSelector)) return options;
  return { ...options, fieldSelector: selector.transform(eventsV1FieldLabelToCore) };
}

function throwIfInvalid(event: ApiObject, errs: ReturnType<typeof validateEventsV1Create>): void {
  if (errs.length > 0) throw newInvalid(EVENT_KIND, event.metadata.name ?? '', errs);
}

const EVENTS_V1: VersionConversion = {
  served: { apiVersion: 'events.k8s.io/v1', kind: 'Event' },
  toStored: eventToCore,
  fromStored: eventFromCore,
  checkCreate: (core) => throwIfInvalid(core, validateEventsV1Create(core)),
  checkUpdate: (core, oldCore) => throwIfInvalid(core, validateEventsV1Update(core, oldCore)),
  listOptions: coreListOptions,
};

/** The events.k8s.io/v1 view of a core/v1 Event {@link Store}. */
export class EventsV1REST extends ConvertedStorage {
  /** Serves `store` (a core/v1 Event registry) as events.k8s.io/v1. */
  constructor(store: Store) {
    super(store, EVENTS_V1);
  }
}
