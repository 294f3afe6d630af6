/**
 * Runs the namespace controller inside kube-lite (upstream it lives in kube-controller-manager): a post-start
 * hook starts it over the namespaces resource and every namespaced resource served; shutdown stops it.
 */
import { isGetter, isGracefulDeleter, isLister, isScoper, isUpdater, isWatcher } from '@apiserver/registry';
import type { APIGroupInfo, GenericAPIServer } from '@apiserver/server';
import { NamespaceController } from '../controllers/namespace/namespace-controller.js';
import type { NamespacedResource } from '../controllers/namespace/namespaced-resources-deleter.js';
import { storageOf, topLevelResources } from './group-storage.js';

/** Every namespaced top-level resource of the groups. */
export function namespacedResources(groups: readonly APIGroupInfo[]): NamespacedResource[] {
  return topLevelResources(groups)
    .filter(({ storage }) => isScoper(storage) && storage.namespaceScoped())
    .map(({ group, resource, storage }) => ({ resource: { group, resource }, storage }));
}

/** Registers `start-namespace-controller` when the core group serves namespaces with their finalize subresource. */
export function addNamespaceControllerHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], log: (message: string) => void): NamespaceController | undefined {
  const namespaces = storageOf(groups, '', 'namespaces');
  const finalize = storageOf(groups, '', 'namespaces/finalize');
  const status = storageOf(groups, '', 'namespaces/status');
  if (namespaces === undefined || finalize === undefined || !isUpdater(finalize)) return undefined;
  if (!isGetter(namespaces) || !isGracefulDeleter(namespaces) || !isUpdater(namespaces) || !isLister(namespaces) || !isWatcher(namespaces)) return undefined;
  const controller = new NamespaceController({
    namespaces,
    finalize,
    ...(status !== undefined && isUpdater(status) && { status }),
    resources: () => namespacedResources(groups),
    onError: (err, namespace) => log(`namespace controller: ${namespace ?? 'watch'}: ${err instanceof Error ? err.message : String(err)}`),
  });
  server.addPostStartHook('start-namespace-controller', ({ signal }) => controller.start(signal));
  server.addPreShutdownHook('stop-namespace-controller', () => controller.stop());
  return controller;
}
