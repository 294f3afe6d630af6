/**
 * The `events.k8s.io/v1` group (pkg/registry/events/rest/storage_events.go): the core Event registry served in the
 * events.k8s.io version. Its storage config is the `events.k8s.io` resource's, under the same `events` key prefix
 * as core/v1 events, so both versions read and write the same objects.
 * @module
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { newEventStore } from '../core/event/storage.js';
import { enabledResourceStorage, groupInfoOf } from '../enabled-storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { EVENTS_V1_FIELD_LABELS } from './conversion.js';
import { EventsV1REST } from './events-rest.js';

/** The name of the events API group. */
export const EVENTS_GROUP_NAME = 'events.k8s.io';

/** Options of {@link eventsRESTStorageProvider}. */
export interface EventsProviderOptions {
  /** The scheme holding events.k8s.io/v1 (default: the built-in scheme). */
  readonly scheme?: Scheme;
  /** `--event-ttl` in ms (default 1 h). */
  readonly eventTTLMillis?: number;
}

/** The `events.k8s.io` provider: v1 events when enabled. */
export function eventsRESTStorageProvider(options: EventsProviderOptions = {}): RESTStorageProvider {
  const scheme = options.scheme ?? newBuiltinScheme();
  const ttl = options.eventTTLMillis === undefined ? {} : { ttlSeconds: Math.ceil(options.eventTTLMillis / 1000) };
  return {
    groupName: () => EVENTS_GROUP_NAME,
    newRESTStorage: (source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo => {
      const v1 = { group: EVENTS_GROUP_NAME, version: 'v1' };
      const storageResource = { group: EVENTS_GROUP_NAME, resource: 'events' };
      const storage = enabledResourceStorage(source, v1, { events: () => ({ events: new EventsV1REST(newEventStore(getter, { ...ttl, storageResource })) }) });
      return groupInfoOf([{ gv: v1, storage }], { scheme, fieldLabels: { Event: EVENTS_V1_FIELD_LABELS } });
    },
  };
}
