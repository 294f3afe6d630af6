/**
 * kube-lite's admission plugins: one table, in kube-apiserver's order (`AllOrderedPlugins` of
 * pkg/kubeapiserver/options/plugins.go), of each plugin's name, whether it runs when no flag names it (upstream's
 * `DefaultOffAdmissionPlugins`) and how it is built. `--enable-admission-plugins` and `--disable-admission-plugins`
 * choose among these names (see `server/admission-options.ts`).
 * @module
 */
import {
  type AdmissionInterface,
  AlwaysPullImages,
  type ApiObject,
  DefaultTolerationSeconds,
  MUTATING_WEBHOOK_PLUGIN_NAME,
  NamespaceLifecycle,
  StorageObjectInUseProtection,
  TaintNodesByCondition,
  VALIDATING_WEBHOOK_PLUGIN_NAME,
} from '@apiserver/registry';
import type { APIGroupInfo, Authorizer } from '@apiserver/server';
import type { KubeLiteOptions } from '../server/options.js';
import { newCertificateApproval, newCertificateSigning, newCertificateSubjectRestriction } from './certificate-admission.js';
import { newDefaultIngressClassAdmission } from './ingress-class-admission.js';
import { newPriorityAdmission, newRuntimeClassAdmission } from './pod-scheduling-admission.js';
import { newPodSecurityAdmission, podSecurityConfigurationOf } from './pod-security-admission.js';
import { newDefaultStorageClassAdmission, newPersistentVolumeClaimResizeAdmission } from './storage-class-admission.js';
import { newLimitRanger, newResourceQuotaAdmission } from './quota-admission.js';
import { newServiceAccountAdmission } from './service-account-admission.js';
import { VALIDATING_ADMISSION_POLICY_PLUGIN_NAME } from './validating-admission-policy/plugin.js';

/** What the plugins are built from. */
export interface AdmissionPluginSources {
  /** The installed API groups (plugins read their storage). */
  readonly groups: readonly APIGroupInfo[];
  /** The server options (flags some plugins take). */
  readonly options: KubeLiteOptions;
  /** The namespace named `name`, undefined when it does not exist. */
  readonly lookupNamespace: (name: string) => Promise<ApiObject | undefined>;
  /** The server's authorizer (the certificate plugins ask it). */
  readonly authorizer: () => Authorizer;
  /**
   * The dynamic plugins, already built with their configuration informers, by name (MutatingAdmissionWebhook,
   * ValidatingAdmissionPolicy, ValidatingAdmissionWebhook; absent when their configurations are not served).
   */
  readonly dynamic: Readonly<Record<string, AdmissionInterface | undefined>>;
}

/** One admission plugin kube-lite offers. */
export interface AdmissionPluginEntry {
  /** Its registered name (what the flags name). */
  readonly name: string;
  /** Whether it runs unless `--disable-admission-plugins` names it. */
  readonly defaultOn: boolean;
  /** Builds it; undefined when what it needs is not served (the plugin is then left out). */
  readonly build: (sources: AdmissionPluginSources) => AdmissionInterface | undefined;
}

function dynamicPlugin(name: string): (sources: AdmissionPluginSources) => AdmissionInterface | undefined {
  return (s) => s.dynamic[name];
}

/** Every plugin kube-lite offers, in the order they run (webhooks, policies and ResourceQuota last, as upstream). */
export const ADMISSION_PLUGINS: readonly AdmissionPluginEntry[] = [
  { name: 'NamespaceLifecycle', defaultOn: true, build: (s) => new NamespaceLifecycle(s.lookupNamespace) },
  { name: 'LimitRanger', defaultOn: true, build: (s) => newLimitRanger(s.groups) },
  { name: 'ServiceAccount', defaultOn: true, build: (s) => newServiceAccountAdmission(s.groups) },
  { name: 'TaintNodesByCondition', defaultOn: true, build: () => new TaintNodesByCondition() },
  { name: 'AlwaysPullImages', defaultOn: false, build: () => new AlwaysPullImages() },
  {
    name: 'PodSecurity',
    defaultOn: true,
    build: (s) => newPodSecurityAdmission(s.groups, s.lookupNamespace, podSecurityConfigurationOf(s.options.admissionControlConfigFile)),
  },
  { name: 'Priority', defaultOn: true, build: (s) => newPriorityAdmission(s.groups) },
  {
    name: 'DefaultTolerationSeconds',
    defaultOn: true,
    build: (s) =>
      new DefaultTolerationSeconds({
        notReadyTolerationSeconds: s.options.defaultNotReadyTolerationSeconds,
        unreachableTolerationSeconds: s.options.defaultUnreachableTolerationSeconds,
      }),
  },
  { name: 'DefaultStorageClass', defaultOn: true, build: (s) => newDefaultStorageClassAdmission(s.groups) },
  { name: 'StorageObjectInUseProtection', defaultOn: true, build: () => new StorageObjectInUseProtection() },
  { name: 'PersistentVolumeClaimResize', defaultOn: true, build: (s) => newPersistentVolumeClaimResizeAdmission(s.groups) },
  { name: 'RuntimeClass', defaultOn: true, build: (s) => newRuntimeClassAdmission(s.groups) },
  { name: 'CertificateApproval', defaultOn: true, build: (s) => newCertificateApproval(s.groups, s.authorizer) },
  { name: 'CertificateSigning', defaultOn: true, build: (s) => newCertificateSigning(s.groups, s.authorizer) },
  { name: 'CertificateSubjectRestriction', defaultOn: true, build: (s) => newCertificateSubjectRestriction(s.groups) },
  { name: 'DefaultIngressClass', defaultOn: true, build: (s) => newDefaultIngressClassAdmission(s.groups) },
  { name: MUTATING_WEBHOOK_PLUGIN_NAME, defaultOn: true, build: dynamicPlugin(MUTATING_WEBHOOK_PLUGIN_NAME) },
  { name: VALIDATING_ADMISSION_POLICY_PLUGIN_NAME, defaultOn: true, build: dynamicPlugin(VALIDATING_ADMISSION_POLICY_PLUGIN_NAME) },
  { name: VALIDATING_WEBHOOK_PLUGIN_NAME, defaultOn: true, build: dynamicPlugin(VALIDATING_WEBHOOK_PLUGIN_NAME) },
  { name: 'ResourceQuota', defaultOn: true, build: (s) => newResourceQuotaAdmission(s.groups) },
];

/** A built plugin with the name it is enabled by (the webhook plugins carry no `name` of their own). */
export interface BuiltAdmissionPlugin {
  /** The table's name of the plugin. */
  readonly name: string;
  /** The plugin. */
  readonly plugin: AdmissionInterface;
}

/** The enabled plugins among `names`, built in the table's order (those whose resources are not served are left out). */
export function buildAdmissionPlugins(names: ReadonlySet<string>, sources: AdmissionPluginSources): BuiltAdmissionPlugin[] {
  return ADMISSION_PLUGINS.filter((p) => names.has(p.name)).flatMap((p) => {
    const plugin = p.build(sources);
    return plugin === undefined ? [] : [{ name: p.name, plugin }];
  });
}
