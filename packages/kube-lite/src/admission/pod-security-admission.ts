/**
 * kube-lite's `PodSecurity` admission plugin: namespaces through the server's namespace lookup and a namespace's pods
 * through the served `pods` storage (upstream reads both through informers, a namespace missing from the cache with a
 * live GET). Without pods served, the plugin is left out.
 * @module
 */
import { type ApiObject, isLister, PodSecurity, type PodSecurityConfiguration, podSecurityConfigurationFrom } from '@apiserver/registry';
import type { APIGroupInfo } from '@apiserver/server';
import { storageOf } from '../server/group-storage.js';
import { admissionPluginConfiguration } from './admission-configuration.js';

/**
 * The PodSecurity entry of the `--admission-control-config-file` AdmissionConfiguration, validated; undefined without
 * a file or an entry (privileged defaults, no exemptions). Throws on an unreadable or invalid configuration.
 */
export function podSecurityConfigurationOf(admissionControlConfigFile: string | undefined): PodSecurityConfiguration | undefined {
  if (admissionControlConfigFile === undefined || admissionControlConfigFile === '') return undefined;
  const entry = admissionPluginConfiguration(admissionControlConfigFile, 'PodSecurity');
  return entry === undefined ? undefined : podSecurityConfigurationFrom(entry);
}

/** The PodSecurity plugin over the served pods and the given namespace lookup; undefined when `pods` is not served. */
export function newPodSecurityAdmission(
  groups: readonly APIGroupInfo[],
  lookupNamespace: (name: string) => Promise<ApiObject | undefined>,
  configuration?: PodSecurityConfiguration,
): PodSecurity | undefined {
  const pods = storageOf(groups, '', 'pods');
  if (pods === undefined || !isLister(pods)) return undefined;
  return new PodSecurity({
    ...(configuration !== undefined && { configuration }),
    getNamespace: lookupNamespace,
    listPods: async (namespace, signal) => (await pods.list({ namespace, signal }, {})).items as ApiObject[],
  });
}
