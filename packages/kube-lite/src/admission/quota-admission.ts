/**
 * kube-lite's LimitRanger and ResourceQuota admission plugins over the served `limitranges` and `resourcequotas`
 * storage (upstream reads them through informers and writes quota status through a client; here the storage is
 * read and written directly, without admission). A plugin whose storage is not served is left out.
 * @module
 */
import { type ApiObject, defaultUpdatedObjectInfo, isLister, isUpdater, LimitRanger, ResourceQuotaAdmission } from '@apiserver/registry';
import type { APIGroupInfo } from '@apiserver/server';
import { storageOf } from '../server/group-storage.js';

/** The LimitRanger plugin (mutating and validating); undefined when `limitranges` is not served. */
export function newLimitRanger(groups: readonly APIGroupInfo[]): LimitRanger | undefined {
  const limitRanges = storageOf(groups, '', 'limitranges');
  if (limitRanges === undefined || !isLister(limitRanges)) return undefined;
  return new LimitRanger(async (namespace) => (await limitRanges.list({ namespace }, {})).items);
}

/** The ResourceQuota plugin (validating); undefined unless `resourcequotas` and its status are served. */
export function newResourceQuotaAdmission(groups: readonly APIGroupInfo[]): ResourceQuotaAdmission | undefined {
  const quotas = storageOf(groups, '', 'resourcequotas');
  const status = storageOf(groups, '', 'resourcequotas/status');
  if (quotas === undefined || !isLister(quotas) || status === undefined || !isUpdater(status)) return undefined;
  return new ResourceQuotaAdmission({
    getQuotas: async (namespace) => (await quotas.list({ namespace }, {})).items,
    updateQuotaStatus: async (quota: ApiObject) => {
      const namespace = quota.metadata.namespace ?? '';
      await status.update({ namespace }, quota.metadata.name ?? '', defaultUpdatedObjectInfo(quota), undefined, undefined, false);
    },
  });
}
