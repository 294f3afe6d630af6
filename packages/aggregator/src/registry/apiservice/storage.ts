/**
 * The `apiservices` and `apiservices/status` storage (kube-aggregator `pkg/registry/apiservice/etcd`):
 * cluster-scoped Stores printing NAME/SERVICE/AVAILABLE/AGE; `apiservices` is in the `api-extensions` category.
 * @module
 */
import { type RESTUpdateStrategy, StatusREST, Store, type StoreOptions } from '@apiserver/registry';
import { APIREGISTRATION_GROUP } from '../../apis/apiregistration/v1/types.js';
import { APIServiceTableConvertor } from './printer.js';
import type { RESTOptionsGetter } from './rest-options.js';
import { APIServiceStrategy, newAPIServiceStatusStrategy } from './strategy.js';

/** The APIService Stores. */
export interface APIServiceStores {
  /** The `apiservices` Store. */
  readonly apiServices: Store;
  /** The `apiservices/status` subresource. */
  readonly status: StatusREST;
}

/** Builds the APIService Stores on the storage `getter` hands out for `apiservices.apiregistration.k8s.io`. */
export function newAPIServiceStores(getter: RESTOptionsGetter): APIServiceStores {
  const { storage, resourcePrefix } = getter.getRESTOptions({ group: APIREGISTRATION_GROUP, resource: 'apiservices' });
  const main = new APIServiceStrategy();
  const options = (update: RESTUpdateStrategy): StoreOptions => ({
    newObject: () => ({ apiVersion: `${APIREGISTRATION_GROUP}/v1`, kind: 'APIService', metadata: {} }),
    newList: () => ({ apiVersion: `${APIREGISTRATION_GROUP}/v1`, kind: 'APIServiceList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: APIREGISTRATION_GROUP, resource: 'apiservices' },
    singularQualifiedResource: { group: APIREGISTRATION_GROUP, resource: 'apiservice' },
    storage,
    resourcePrefix,
    strategies: { create: main, update, delete: main },
    tableConvertor: new APIServiceTableConvertor(),
  });
  const apiServices = new Store({ ...options(main), categories: ['api-extensions'] });
  return { apiServices, status: new StatusREST(options(main), newAPIServiceStatusStrategy(main)) };
}
