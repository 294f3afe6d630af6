/**
 * kube-lite's `ServiceAccount` admission plugin over the served `serviceaccounts` storage (upstream reads an informer's
 * lister first and GETs through a client on a miss; here every lookup reads the storage, which answers as that GET
 * would). Left out when `serviceaccounts` is not served.
 * @module
 */
import { type ApiObject, isGetter, ServiceAccountAdmission } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import type { APIGroupInfo } from '@apiserver/server';
import { storageOf } from '../server/group-storage.js';

/** The ServiceAccount plugin; undefined when `serviceaccounts` is not served. */
export function newServiceAccountAdmission(groups: readonly APIGroupInfo[]): ServiceAccountAdmission | undefined {
  const accounts = storageOf(groups, '', 'serviceaccounts');
  if (accounts === undefined || !isGetter(accounts)) return undefined;
  return new ServiceAccountAdmission({
    getServiceAccount: async (namespace, name): Promise<ApiObject | undefined> => {
      try {
        return await accounts.get({ namespace }, name, {});
      } catch (err) {
        // Only an absent account is "not found"; a storage outage fails the lookup with its own error.
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
  });
}
