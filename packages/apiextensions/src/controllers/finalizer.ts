/**
 * The CRD finalizer (`pkg/controller/finalizer/crd_finalizer.go`): once a CRD is being deleted, it
 * is no longer served, its custom resources are deleted from storage, and the
 * `customresourcecleanup.apiextensions.k8s.io` finalizer is removed so the CRD goes away.
 *
 * @module
 */
import type { RequestContext, Store } from '@apiserver/registry';
import { newVersionStorage } from '../customresource/version-storage.js';
import { CUSTOM_RESOURCE_CLEANUP_FINALIZER, type CustomResourceDefinition } from '../apis/types.js';
import type { RESTOptionsGetter } from '../server/rest-options.js';
import { defaultedNames, storageVersion } from '../apis/helpers.js';

/** Deletes the custom resources of a CRD; resolves true when none is left. */
export async function deleteCustomResources(crd: CustomResourceDefinition, getter: RESTOptionsGetter, ctx: RequestContext): Promise<boolean> {
  const version = crd.spec.versions.find((v) => v.name === storageVersion(crd));
  if (version === undefined) return true;
  const names = defaultedNames(crd.status?.acceptedNames ?? crd.spec.names);
  const { store } = newVersionStorage(crd, version, getter.getRESTOptions({ group: crd.spec.group, resource: names.plural }));
  const all: RequestContext = { ...ctx, namespace: '' };
  const list = await store.list(all);
  for (const item of list.items) {
    try {
      await store.delete({ ...all, namespace: item.metadata.namespace ?? '' }, item.metadata.name ?? '', undefined, {});
    } catch {
      // Already gone, or still finalizing: the next pass lists again.
    }
  }
  return (await store.list(all)).items.length === 0;
}

/** Removes the cleanup finalizer (the store then deletes the CRD, its deletionTimestamp being set). */
export async function removeCleanupFinalizer(crdStore: Store, crd: CustomResourceDefinition, ctx: RequestContext): Promise<void> {
  await crdStore.update(
    ctx,
    crd.metadata.name ?? '',
    {
      preconditions: () => undefined,
      updatedObject: async (_c, old) => {
        if (old === undefined) throw new Error('customresourcedefinition disappeared');
        const obj = structuredClone(old);
        obj.metadata.finalizers = (obj.metadata.finalizers ?? []).filter((f) => f !== CUSTOM_RESOURCE_CLEANUP_FINALIZER);
        return obj;
      },
    },
    undefined,
    undefined,
    false,
    {},
  );
}
