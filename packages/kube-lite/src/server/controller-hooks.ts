/**
 * Runs the controllers kube-lite needs inside the server (upstream they live in kube-controller-manager): the
 * namespace controller over every namespaced resource served, the service accounts controller giving each
 * namespace its `default` ServiceAccount, the garbage collector, the resource quota controller keeping quota
 * status current and the pvc- and pv-protection controllers releasing claims and volumes nothing uses. Post-start hooks start them; shutdown stops them.
 */
import { EventRecorder } from '../controllers/event-recorder.js';
import { type ApiObject, isCreater, isGetter, isGracefulDeleter, isLister, isScoper, isUpdater, isWatcher } from '@apiserver/registry';
import { isConflict } from '@apiserver/runtime';
import type { CustomResourceStore, ServedCustomResource } from '@apiserver/apiextensions';
import { ALL_AUTHENTICATED, type APIGroupInfo, type GenericAPIServer, SYSTEM_PRIVILEGED_GROUP } from '@apiserver/server';
import { type GCResource, GarbageCollector } from '../controllers/garbagecollector/garbage-collector.js';
import { RootCACertPublisher } from '../controllers/certificates/root-ca-cert-publisher.js';
import { NamespaceController } from '../controllers/namespace/namespace-controller.js';
import { type NamespacedResource, ResourcesRemainingError } from '../controllers/namespace/namespaced-resources-deleter.js';
import { ServiceAccountsController } from '../controllers/serviceaccount/serviceaccounts-controller.js';
import { PVCProtectionController } from '../controllers/volume/pvc-protection-controller.js';
import { PVProtectionController } from '../controllers/volume/pv-protection-controller.js';
import type { NamespaceLister } from '../controllers/resourcequota/calculate-usage.js';
import { ResourceQuotaController } from '../controllers/resourcequota/resource-quota-controller.js';
import { ClusterRoleAggregationController } from '../controllers/clusterroleaggregation/clusterrole-aggregation-controller.js';
import { ValidatingAdmissionPolicyStatusController } from '../controllers/validatingadmissionpolicystatus/validating-admission-policy-status-controller.js';
import { typeCheckPolicy } from '../admission/validating-admission-policy/type-checking.js';
import { servedTypeCheckingResolver } from '../admission/validating-admission-policy/type-checking-resolver.js';
import { storageOf, topLevelResources } from './group-storage.js';

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The custom resources served beside the built-in groups (the apiextensions server's CRD handler). */
export interface CustomResourceSource {
  /** The custom resources served now. */
  servedResources(): readonly ServedCustomResource[];
  /** Calls `listener` whenever the served custom resources change. */
  addChangeListener(listener: () => void): void;
  /** Applies a served custom resource's schema defaults to an object of its kind in place (others are left alone). */
  defaultObject?(obj: ApiObject): void;
  /** The store of one served version of a custom resource (its objects in that version), by group, version and kind. */
  servedVersionStore?(group: string, version: string, kind: string): CustomResourceStore | undefined;
}

/** Every namespaced top-level resource of the groups, and the namespaced custom resources served now. */
export function namespacedResources(groups: readonly APIGroupInfo[], customResources?: CustomResourceSource): NamespacedResource[] {
  const builtIn = topLevelResources(groups)
    .filter(({ storage }) => isScoper(storage) && storage.namespaceScoped())
    .map(({ group, resource, storage }) => ({ resource: { group, resource }, storage }));
  const custom = (customResources?.servedResources() ?? []).filter((r) => r.namespaced).map(({ group, resource, storage }) => ({ resource: { group, resource }, storage }));
  return [...builtIn, ...custom];
}

/** Registers `start-namespace-controller` when the core group serves namespaces with their finalize subresource. */
export function addNamespaceControllerHook(
  server: GenericAPIServer,
  groups: readonly APIGroupInfo[],
  log: (message: string) => void,
  customResources?: CustomResourceSource,
): NamespaceController | undefined {
  const namespaces = storageOf(groups, '', 'namespaces');
  const finalize = storageOf(groups, '', 'namespaces/finalize');
  const status = storageOf(groups, '', 'namespaces/status');
  if (namespaces === undefined || finalize === undefined || !isUpdater(finalize)) return undefined;
  if (!isGetter(namespaces) || !isGracefulDeleter(namespaces) || !isUpdater(namespaces) || !isLister(namespaces) || !isWatcher(namespaces)) return undefined;
  const controller = new NamespaceController({
    namespaces,
    finalize,
    ...(status !== undefined && isUpdater(status) && { status }),
    resources: () => namespacedResources(groups, customResources),
    // Content still draining is the normal retry path, not worth a log line.
    onError: (err, namespace) => {
      if (!(err instanceof ResourcesRemainingError)) log(`namespace controller: ${namespace ?? 'watch'}: ${messageOf(err)}`);
    },
  });
  server.addPostStartHook('start-namespace-controller', ({ signal }) => controller.start(signal));
  server.addPreShutdownHook('stop-namespace-controller', () => controller.stop());
  return controller;
}

/** Resources the garbage collector leaves alone, as upstream's `DefaultIgnoredResources`: events. */
const GC_IGNORED: readonly string[] = ['/events', 'events.k8s.io/events'];

/** Every top-level resource the garbage collector can watch, read, update and delete (events left out). */
export function garbageCollectedResources(groups: readonly APIGroupInfo[]): GCResource[] {
  const out: GCResource[] = [];
  for (const { group, resource, storage } of topLevelResources(groups)) {
    const key = `${group}/${resource}`;
    if (GC_IGNORED.includes(key)) continue;
    if (!isLister(storage) || !isWatcher(storage) || !isGetter(storage) || !isGracefulDeleter(storage) || !isUpdater(storage)) continue;
    const kind = storage.newObject().kind;
    if (typeof kind !== 'string' || kind === '') continue;
    out.push({ key, group, kind, namespaced: isScoper(storage) && storage.namespaceScoped(), storage });
  }
  return out;
}

/** The collector's view of the served custom resources. */
export function customGCResources(customResources: CustomResourceSource): GCResource[] {
  return customResources.servedResources().map(({ group, resource, kind, namespaced, storage }) => ({ key: `${group}/${resource}`, group, kind, namespaced, storage }));
}

/**
 * Registers `start-garbage-collector` over every collectable built-in resource, and over the custom resources,
 * whose watches follow the CRDs served.
 */
export function addGarbageCollectorHook(
  server: GenericAPIServer,
  groups: readonly APIGroupInfo[],
  log: (message: string) => void,
  customResources?: CustomResourceSource,
): GarbageCollector {
  const events = storageOf(groups, '', 'events');
  const recorder = events !== undefined && isCreater(events) && isGetter(events) && isUpdater(events) ? new EventRecorder({ events, component: 'garbage-collector-controller' }) : undefined;
  const collector = new GarbageCollector({
    resources: garbageCollectedResources(groups),
    ...(recorder !== undefined && { recorder }),
    onError: (err, what) => {
      // A conflict means the object changed since it was looked at: it is looked at again, nothing to report.
      if (!isConflict(err)) log(`garbage collector: ${what}: ${messageOf(err)}`);
    },
  });
  if (customResources !== undefined) {
    const resync = (): void => {
      collector.resyncMonitors(customGCResources(customResources)).catch((err: unknown) => log(`garbage collector: resync monitors: ${messageOf(err)}`));
    };
    customResources.addChangeListener(resync);
    resync();
  }
  server.addPostStartHook('start-garbage-collector', ({ signal }) => collector.start(signal));
  server.addPreShutdownHook('stop-garbage-collector', () => collector.stop());
  return collector;
}

/** Registers `start-serviceaccounts-controller` when the core group serves namespaces and serviceaccounts. */
export function addServiceAccountsControllerHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], log: (message: string) => void): ServiceAccountsController | undefined {
  const namespaces = storageOf(groups, '', 'namespaces');
  const serviceAccounts = storageOf(groups, '', 'serviceaccounts');
  if (namespaces === undefined || !isGetter(namespaces) || !isLister(namespaces) || !isWatcher(namespaces)) return undefined;
  if (serviceAccounts === undefined || !isGetter(serviceAccounts) || !isCreater(serviceAccounts) || !isLister(serviceAccounts) || !isWatcher(serviceAccounts)) return undefined;
  const controller = new ServiceAccountsController({
    namespaces,
    serviceAccounts,
    onError: (err, namespace) => log(`serviceaccounts controller: ${namespace ?? 'watch'}: ${messageOf(err)}`),
  });
  server.addPostStartHook('start-serviceaccounts-controller', ({ signal }) => controller.start(signal));
  server.addPreShutdownHook('stop-serviceaccounts-controller', () => controller.stop());
  return controller;
}

/**
 * Registers `start-root-ca-cert-publisher` when the core group serves namespaces and configmaps. The bundle is read
 * when the hook runs (a generated serving certificate is written when the secure port opens); with none (plain HTTP
 * and no `--root-ca-file`) there is nothing to publish and the publisher does not start.
 */
export function addRootCACertPublisherHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], rootCA: () => string | undefined, log: (message: string) => void): void {
  const namespaces = storageOf(groups, '', 'namespaces');
  const configMaps = storageOf(groups, '', 'configmaps');
  if (namespaces === undefined || !isGetter(namespaces) || !isLister(namespaces) || !isWatcher(namespaces)) return;
  if (configMaps === undefined || !isGetter(configMaps) || !isCreater(configMaps) || !isUpdater(configMaps) || !isLister(configMaps) || !isWatcher(configMaps)) return;
  let publisher: RootCACertPublisher | undefined;
  server.addPostStartHook('start-root-ca-cert-publisher', ({ signal }) => {
    const bundle = rootCA();
    if (bundle === undefined) return;
    publisher = new RootCACertPublisher({
      namespaces,
      configMaps,
      rootCA: bundle,
      onError: (err, namespace) => log(`root CA cert publisher: ${namespace ?? 'watch'}: ${messageOf(err)}`),
    });
    publisher.start(signal);
  });
  server.addPreShutdownHook('stop-root-ca-cert-publisher', () => publisher?.stop());
}

/** The resources whose changes give quota back: those the core evaluators count. */
const REPLENISHED: readonly string[] = ['pods', 'services', 'persistentvolumeclaims', 'configmaps', 'secrets', 'replicationcontrollers', 'resourcequotas'];

/** Lists a served top-level resource's objects in one namespace. */
export function namespaceLister(groups: readonly APIGroupInfo[], customResources?: CustomResourceSource): NamespaceLister {
  return (group, resource, namespace) => {
    const custom = customResources?.servedResources().find((r) => r.group === group && r.resource === resource);
    const storage = custom?.storage ?? storageOf(groups, group, resource);
    if (storage === undefined || !isLister(storage)) return undefined;
    return storage.list({ namespace }, {}).then((l) => l.items);
  };
}

/**
 * Registers `start-resource-quota-controller` when the core group serves resourcequotas with their status: quotas
 * are recomputed every `resyncIntervalMs` and whenever a counted core object goes away; `count/…` quotas of custom
 * resources count the served ones.
 */
export function addResourceQuotaControllerHook(
  server: GenericAPIServer,
  groups: readonly APIGroupInfo[],
  log: (message: string) => void,
  resyncIntervalMs?: number,
  customResources?: CustomResourceSource,
): ResourceQuotaController | undefined {
  const quotas = storageOf(groups, '', 'resourcequotas');
  const status = storageOf(groups, '', 'resourcequotas/status');
  if (quotas === undefined || !isGetter(quotas) || !isLister(quotas) || !isWatcher(quotas) || status === undefined || !isUpdater(status)) return undefined;
  const replenished = REPLENISHED.flatMap((resource) => {
    const storage = storageOf(groups, '', resource);
    return storage !== undefined && isLister(storage) && isWatcher(storage) ? [{ group: '', resource, storage }] : [];
  });
  const controller = new ResourceQuotaController({
    quotas,
    status,
    list: namespaceLister(groups, customResources),
    replenished,
    ...(resyncIntervalMs !== undefined && { resyncIntervalMs }),
    onError: (err, key) => {
      if (!isConflict(err)) log(`resource quota controller: ${key ?? 'watch'}: ${messageOf(err)}`);
    },
  });
  server.addPostStartHook('start-resource-quota-controller', ({ signal }) => controller.start(signal));
  server.addPreShutdownHook('stop-resource-quota-controller', () => controller.stop());
  return controller;
}

/**
 * Registers `start-pvc-protection-controller` when the core group serves persistentvolumeclaims and pods: claims
 * being deleted lose their `kubernetes.io/pvc-protection` finalizer once no scheduled pod uses them.
 */
export function addPVCProtectionControllerHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], log: (message: string) => void): PVCProtectionController | undefined {
  const claims = storageOf(groups, '', 'persistentvolumeclaims');
  const pods = storageOf(groups, '', 'pods');
  if (claims === undefined || !isGetter(claims) || !isLister(claims) || !isWatcher(claims) || !isUpdater(claims)) return undefined;
  if (pods === undefined || !isLister(pods) || !isWatcher(pods)) return undefined;
  const controller = new PVCProtectionController({
    claims,
    pods,
    // A conflict means the claim changed since it was read: it is read and decided again.
    onError: (err, key) => {
      if (!isConflict(err)) log(`pvc protection controller: ${key ?? 'watch'}: ${messageOf(err)}`);
    },
  });
  server.addPostStartHook('start-pvc-protection-controller', ({ signal }) => controller.start(signal));
  server.addPreShutdownHook('stop-pvc-protection-controller', () => controller.stop());
  return controller;
}

/**
 * Registers `start-pv-protection-controller` when the core group serves persistentvolumes: volumes being deleted lose
 * their `kubernetes.io/pv-protection` finalizer unless Bound.
 */
export function addPVProtectionControllerHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], log: (message: string) => void): PVProtectionController | undefined {
  const volumes = storageOf(groups, '', 'persistentvolumes');
  if (volumes === undefined || !isGetter(volumes) || !isLister(volumes) || !isWatcher(volumes) || !isUpdater(volumes)) return undefined;
  const controller = new PVProtectionController({
    volumes,
    onError: (err, name) => {
      if (!isConflict(err)) log(`pv protection controller: ${name ?? 'watch'}: ${messageOf(err)}`);
    },
  });
  server.addPostStartHook('start-pv-protection-controller', ({ signal }) => controller.start(signal));
  server.addPreShutdownHook('stop-pv-protection-controller', () => controller.stop());
  return controller;
}

/**
 * Registers `start-validatingadmissionpolicy-status-controller` when admissionregistration serves
 * validatingadmissionpolicies with their status: each new policy generation is type-checked against the kinds it
 * matches (built-in and custom) and the warnings written to its status, as kube-controller-manager's controller does.
 */
export function addValidatingAdmissionPolicyStatusHook(
  server: GenericAPIServer,
  groups: readonly APIGroupInfo[],
  log: (message: string) => void,
  customResources?: CustomResourceSource,
): ValidatingAdmissionPolicyStatusController | undefined {
  const policies = storageOf(groups, 'admissionregistration.k8s.io', 'validatingadmissionpolicies');
  const status = storageOf(groups, 'admissionregistration.k8s.io', 'validatingadmissionpolicies/status');
  if (policies === undefined || !isGetter(policies) || !isLister(policies) || !isWatcher(policies) || status === undefined || !isUpdater(status)) return undefined;
  const resolver = servedTypeCheckingResolver(groups, () => customResources);
  const controller = new ValidatingAdmissionPolicyStatusController({
    policies,
    status,
    typeCheck: (policy) => typeCheckPolicy(policy, resolver),
    onError: (err, name) => {
      if (!isConflict(err)) log(`validatingadmissionpolicy status controller: ${name ?? 'watch'}: ${messageOf(err)}`);
    },
  });
  server.addPostStartHook('start-validatingadmissionpolicy-status-controller', ({ signal }) => controller.start(signal));
  server.addPreShutdownHook('stop-validatingadmissionpolicy-status-controller', () => controller.stop());
  return controller;
}

/**
 * Registers `start-clusterrole-aggregation-controller` when rbac serves clusterroles: aggregated ClusterRoles (`admin`,
 * `edit`, `view` and yours) get the rules of the roles their selectors pick written into them, as
 * kube-controller-manager's controller does.
 */
export function addClusterRoleAggregationHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], log: (message: string) => void): ClusterRoleAggregationController | undefined {
  const clusterRoles = storageOf(groups, 'rbac.authorization.k8s.io', 'clusterroles');
  if (clusterRoles === undefined || !isLister(clusterRoles) || !isWatcher(clusterRoles) || !isUpdater(clusterRoles)) return undefined;
  const controller = new ClusterRoleAggregationController({
    clusterRoles,
    context: { user: { name: 'system:kube-controller-manager', groups: [SYSTEM_PRIVILEGED_GROUP, ALL_AUTHENTICATED] } },
    onError: (err, name) => {
      if (!isConflict(err)) log(`clusterrole aggregation controller: ${name ?? 'watch'}: ${messageOf(err)}`);
    },
  });
  server.addPostStartHook('start-clusterrole-aggregation-controller', ({ signal }) => controller.start(signal));
  server.addPreShutdownHook('stop-clusterrole-aggregation-controller', () => controller.stop());
  return controller;
}
