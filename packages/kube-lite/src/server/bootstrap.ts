/**
 * Bootstrap post-start hooks: the system namespaces (`start-system-namespaces-controller`) and the `default`
 * namespace (`bootstrap-controller`) exist once the server is ready, as kube-apiserver's controllers ensure.
 */
import { isCreater, type Storage } from '@apiserver/registry';
import { isAlreadyExists } from '@apiserver/runtime';
import type { APIGroupInfo, GenericAPIServer } from '@apiserver/server';
import { storageOf } from './group-storage.js';

/** Namespaces kube-apiserver's system-namespaces controller creates. */
export const SYSTEM_NAMESPACES: readonly string[] = ['kube-system', 'kube-public', 'kube-node-lease'];

/** Creates each namespace unless it exists. */
export async function ensureNamespaces(namespaces: Storage, names: readonly string[]): Promise<void> {
  if (!isCreater(namespaces)) throw new Error('the namespaces storage cannot create');
  for (const name of names) {
    try {
      await namespaces.create({}, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, undefined, {});
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
  }
}

/** Registers the bootstrap hooks on `server` when the core group serves namespaces. */
export function addBootstrapHooks(server: GenericAPIServer, groups: readonly APIGroupInfo[]): void {
  const namespaces = storageOf(groups, '', 'namespaces');
  if (namespaces === undefined) return;
  server.addPostStartHook('start-system-namespaces-controller', () => ensureNamespaces(namespaces, SYSTEM_NAMESPACES));
  server.addPostStartHook('bootstrap-controller', () => ensureNamespaces(namespaces, ['default']));
}
