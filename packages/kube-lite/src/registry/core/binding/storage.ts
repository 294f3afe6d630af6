/**
 * The legacy `bindings` resource of the core group (create only): binds the pod a Binding names, through the
 * pods' storage.
 * @module
 */
import type { Storage } from '@apiserver/registry';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { podStoreOptions } from '../pod/storage.js';
import { LegacyBindingREST, PodBinder } from './binding-rest.js';

/** The `bindings` entry of the core/v1 storage map. */
export function newBindingStorage(getter: RESTOptionsGetter): Record<string, Storage> {
  return { bindings: new LegacyBindingREST(new PodBinder(podStoreOptions(getter))) };
}
