/**
 * The REST storage of `customresourcedefinitions` and `customresourcedefinitions/status`
 * (`pkg/registry/customresourcedefinition/etcd.go` `NewREST`), over the storage a
 * RESTOptionsGetter hands out.
 *
 * @module
 */
import { type ApiList, type ApiObject, StatusREST, Store, type StoreOptions } from '@apiserver/registry';
import { APIEXTENSIONS_GROUP } from '../apis/types.js';
import type { RESTOptionsGetter } from '../server/rest-options.js';
import { CustomResourceDefinitionStrategy, newCustomResourceDefinitionStatusStrategy } from './crd-strategy.js';

const API_VERSION = `${APIEXTENSIONS_GROUP}/v1`;

/** The CRD store, the store writing only status, and the status subresource. */
export interface CustomResourceDefinitionStorage {
  /** `customresourcedefinitions`. */
  readonly crd: Store;
  /** A store over the same objects whose updates change only status (what controllers write with). */
  readonly statusStore: Store;
  /** `customresourcedefinitions/status`. */
  readonly status: StatusREST;
}

/** Builds the CRD storage. */
export function newCustomResourceDefinitionStorage(getter: RESTOptionsGetter): CustomResourceDefinitionStorage {
  const { storage, resourcePrefix } = getter.getRESTOptions({ group: APIEXTENSIONS_GROUP, resource: 'customresourcedefinitions' });
  const strategy = new CustomResourceDefinitionStrategy();
  const options: StoreOptions = {
    newObject: (): ApiObject => ({ apiVersion: API_VERSION, kind: 'CustomResourceDefinition', metadata: {} }),
    newList: (): ApiList => ({ apiVersion: API_VERSION, kind: 'CustomResourceDefinitionList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: APIEXTENSIONS_GROUP, resource: 'customresourcedefinitions' },
    singularQualifiedResource: { group: APIEXTENSIONS_GROUP, resource: 'customresourcedefinition' },
    storage,
    resourcePrefix,
    strategies: { create: strategy, update: strategy, delete: strategy },
    shortNames: ['crd', 'crds'],
    categories: ['api-extensions'],
  };
  const statusOptions: StoreOptions = { ...options, strategies: { ...options.strategies, update: newCustomResourceDefinitionStatusStrategy(strategy) } };
  const statusStore = new Store(statusOptions);
  return { crd: new Store(options), statusStore, status: new StatusREST(statusStore) };
}
