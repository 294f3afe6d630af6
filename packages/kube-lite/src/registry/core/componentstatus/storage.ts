/**
 * The `componentstatuses` entry of the core group: controller-manager and scheduler probed on their default
 * secure ports, plus `etcd-0` when objects are stored in etcd (kube-lite has one etcd storage configuration;
 * `--etcd-servers-overrides` configurations are not probed).
 * @module
 */
import type { Storage } from '@apiserver/registry';
import { etcdHealthProbe, httpsHealthProbe, KUBE_CONTROLLER_MANAGER_PORT, KUBE_SCHEDULER_PORT } from './probes.js';
import { type ComponentProbes, ComponentStatusREST } from './rest.js';

/** Where objects are stored, as far as component statuses care. */
export interface ComponentStatusStorageOptions {
  /** `--storage-backend`. */
  readonly storageBackend?: 'memory' | 'etcd3';
  /** `--etcd-servers`. */
  readonly etcdServers?: readonly string[];
}

/** The components kube-apiserver would probe for these options. */
export function componentProbes(options: ComponentStatusStorageOptions = {}): ComponentProbes {
  const probes: [string, ReturnType<typeof httpsHealthProbe>][] = [
    ['controller-manager', httpsHealthProbe(KUBE_CONTROLLER_MANAGER_PORT)],
    ['scheduler', httpsHealthProbe(KUBE_SCHEDULER_PORT)],
  ];
  if (options.storageBackend === 'etcd3') probes.push(['etcd-0', etcdHealthProbe(options.etcdServers ?? [])]);
  return probes;
}

/** The `componentstatuses` storage. */
export function newComponentStatusStorage(options: ComponentStatusStorageOptions = {}): Record<string, Storage> {
  return { componentstatuses: new ComponentStatusREST(componentProbes(options)) };
}
