/**
 * The defaulting functions of kube-lite's kinds in the scheme (upstream: each group's `RegisterDefaults`, the
 * generated `SetObjectDefaults_<Kind>`), beside those `@apiserver/runtime` registers itself. The scheme's defaults run
 * where upstream's defaulting codec runs: on every decoded request body, patched object and applied configuration,
 * before managedFields are recorded and before admission, so mutating webhooks see defaulted objects and the creating
 * manager owns the defaulted fields. The strategies default again before validation (objects kube-lite writes itself
 * do not pass a decoder); every function only fills unset fields, so the second run changes nothing.
 * @module
 */
import type { GroupVersionKind, Scheme } from '@apiserver/runtime';
import type { ApiObject } from '@apiserver/registry';
import { defaultValidatingAdmissionPolicy, defaultValidatingAdmissionPolicyBinding, defaultWebhookConfiguration } from './admissionregistration/defaults.js';
import { defaultDaemonSet } from './apps/daemonset/defaults.js';
import { defaultStatefulSet } from './apps/statefulset/defaults.js';
import { defaultHPA } from './autoscaling/hpa/defaults.js';
import { defaultCronJob } from './batch/cronjob/defaults.js';
import { defaultJob } from './batch/job/defaults.js';
import { defaultLimitRange } from './core/limitrange/defaults.js';
import { defaultPersistentVolume } from './core/persistentvolume/defaults.js';
import { defaultPersistentVolumeClaim } from './core/persistentvolumeclaim/defaults.js';
import { defaultTemplate } from './core/podtemplate/strategy.js';
import { defaultReplicationController } from './core/replicationcontroller/defaults.js';
import { defaultFlowSchema, defaultPriorityLevelConfiguration } from './flowcontrol/defaults.js';
import { defaultIngressClass } from './networking/ingressclass/strategy.js';
import { defaultNetworkPolicy } from './networking/networkpolicy/defaults.js';
import { defaultBinding } from './rbac/strategy.js';
import { defaultPriorityClass } from './scheduling/priorityclass/strategy.js';
import { defaultCSIDriver } from './storage/csidriver/defaults.js';
import { defaultStorageClass } from './storage/storageclass/defaults.js';

type Defaulter = (obj: ApiObject) => void;

const gvk = (group: string, version: string, kind: string): GroupVersionKind => ({ group, version, kind });

/** Each kind's defaults, at the version its function is written for (the version kube-lite stores). */
const KUBE_LITE_DEFAULTS: ReadonlyArray<readonly [GroupVersionKind, Defaulter]> = [
  [gvk('', 'v1', 'LimitRange'), defaultLimitRange],
  [gvk('', 'v1', 'PersistentVolume'), defaultPersistentVolume],
  [gvk('', 'v1', 'PersistentVolumeClaim'), defaultPersistentVolumeClaim],
  [gvk('', 'v1', 'PodTemplate'), defaultTemplate],
  [gvk('', 'v1', 'ReplicationController'), defaultReplicationController],
  [gvk('apps', 'v1', 'DaemonSet'), defaultDaemonSet],
  [gvk('apps', 'v1', 'StatefulSet'), defaultStatefulSet],
  [gvk('autoscaling', 'v2', 'HorizontalPodAutoscaler'), defaultHPA],
  [gvk('batch', 'v1', 'Job'), defaultJob],
  [gvk('batch', 'v1', 'CronJob'), defaultCronJob],
  [gvk('networking.k8s.io', 'v1', 'NetworkPolicy'), defaultNetworkPolicy],
  [gvk('networking.k8s.io', 'v1', 'IngressClass'), defaultIngressClass],
  [gvk('rbac.authorization.k8s.io', 'v1', 'RoleBinding'), defaultBinding],
  [gvk('rbac.authorization.k8s.io', 'v1', 'ClusterRoleBinding'), defaultBinding],
  [gvk('storage.k8s.io', 'v1', 'StorageClass'), defaultStorageClass],
  [gvk('storage.k8s.io', 'v1', 'CSIDriver'), defaultCSIDriver],
  [gvk('admissionregistration.k8s.io', 'v1', 'ValidatingWebhookConfiguration'), (obj) => defaultWebhookConfiguration(obj, false)],
  [gvk('admissionregistration.k8s.io', 'v1', 'MutatingWebhookConfiguration'), (obj) => defaultWebhookConfiguration(obj, true)],
  [gvk('admissionregistration.k8s.io', 'v1', 'ValidatingAdmissionPolicy'), defaultValidatingAdmissionPolicy],
  [gvk('admissionregistration.k8s.io', 'v1', 'ValidatingAdmissionPolicyBinding'), defaultValidatingAdmissionPolicyBinding],
  [gvk('scheduling.k8s.io', 'v1', 'PriorityClass'), defaultPriorityClass],
  [gvk('flowcontrol.apiserver.k8s.io', 'v1', 'FlowSchema'), defaultFlowSchema],
  [gvk('flowcontrol.apiserver.k8s.io', 'v1', 'PriorityLevelConfiguration'), defaultPriorityLevelConfiguration],
];

const registered = new WeakSet<Scheme>();

/** Registers kube-lite's defaulting functions in `scheme` (once per scheme); returns `scheme`. */
export function addKubeLiteDefaults(scheme: Scheme): Scheme {
  if (registered.has(scheme)) return scheme;
  registered.add(scheme);
  for (const [kind, fn] of KUBE_LITE_DEFAULTS) scheme.addDefaultingFunc(kind, (obj) => fn(obj as ApiObject));
  return scheme;
}
