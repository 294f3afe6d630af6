/**
 * kube-apiserver's bootstrap post-start hooks: `start-system-namespaces-controller` keeps the system namespaces
 * (recreating them every minute when deleted, pkg/controlplane/controller/systemnamespaces) and `bootstrap-controller`
 * keeps the `default/kubernetes` Service with its Endpoints and EndpointSlice (pkg/controlplane/controller/
 * kubernetesservice). Unlike upstream, whose hooks return at once, each hook finishes after its first successful
 * sync, so `/readyz` (`poststarthook/<name>`) reports ready only once the objects exist.
 */
import { isIP } from 'node:net';
import { type Creater, isCreater, isGetter, isGracefulDeleter, isLister, isUpdater, type Storage } from '@apiserver/registry';
import { isAlreadyExists } from '@apiserver/runtime';
import type { APIGroupInfo, ExtensionAPIServerAuthentication, GenericAPIServer } from '@apiserver/server';
import { ClusterAuthenticationTrustController } from '../controllers/bootstrap/cluster-authentication-trust.js';
import { KubernetesServiceController } from '../controllers/bootstrap/kubernetes-service-controller.js';
import type { MasterEndpoint } from '../controllers/bootstrap/master-endpoints.js';
import { PeriodicLoop } from '../controllers/bootstrap/periodic-loop.js';
import { ClusterIPRange, formatIPv4, parseIPv4 } from '../registry/core/service/ip-range.js';
import { DEFAULT_SERVICE_CLUSTER_IP_RANGE } from '../registry/core/service/storage.js';
import { storageOf } from './group-storage.js';

/** Namespaces the system-namespaces controller keeps (upstream's list, `default` included since it moved there). */
export const SYSTEM_NAMESPACES: readonly string[] = ['kube-system', 'kube-public', 'kube-node-lease', 'default'];

/** The system-namespaces controller's interval (1 min upstream). */
export const DEFAULT_SYSTEM_NAMESPACES_INTERVAL_MS = 60_000;

/** Creates each namespace unless it exists. */
export async function ensureNamespaces(namespaces: Storage, names: readonly string[]): Promise<void> {
  if (!isCreater(namespaces)) throw new Error('the namespaces storage cannot create');
  await createEach(namespaces, names);
}

async function createEach(namespaces: Creater, names: readonly string[]): Promise<void> {
  for (const name of names) {
    try {
      await namespaces.create({}, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, undefined, {});
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
  }
}

/**
 * The address the server advertises for `default/kubernetes`: `--advertise-address`, else the bind address, or
 * 127.0.0.1 for an address of every interface (0.0.0.0 or ::).
 */
export function advertisedAddressOf(address: string): string {
  return isIP(address) === 0 || /^(0\.0\.0\.0|::|\[::\])$/.test(address) ? '127.0.0.1' : address;
}

/**
 * The endpoint of a listening server: the advertised address (`address`: `--advertise-address`, else the bind
 * address) and the port of the HTTPS listener, else the first.
 */
export function masterEndpointOf(address: string, urls: readonly string[]): MasterEndpoint {
  const url = urls.find((u) => u.startsWith('https:')) ?? urls[0] ?? '';
  const port = Number(new URL(url).port || (url.startsWith('https:') ? 443 : 80));
  return { ip: advertisedAddressOf(address), port };
}

/** The first address of a service range, reserved for `default/kubernetes` (upstream `GetIndexedIP(range, 1)`). */
export function kubernetesServiceIPOf(serviceClusterIPRange: string): string {
  const network = parseIPv4(new ClusterIPRange(serviceClusterIPRange).cidr().split('/')[0] ?? '') ?? 0;
  return formatIPv4(network + 1);
}

/** What the bootstrap hooks need beyond the installed groups. */
export interface BootstrapOptions {
  /** Resolves with this server's endpoint once it listens (the post-start hooks wait for it). */
  readonly endpoint?: Promise<MasterEndpoint>;
  /** `--service-cluster-ip-range` (default 10.0.0.0/24). */
  readonly serviceClusterIPRange?: string;
  /** The kubernetes Service controller's interval in ms (default 10 000). */
  readonly endpointReconcilerIntervalMs?: number;
  /** The system-namespaces controller's interval in ms (default 60 000). */
  readonly systemNamespacesIntervalMs?: number;
  /** Where sync failures are logged. */
  readonly log?: (message: string) => void;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function addSystemNamespacesHook(server: GenericAPIServer, namespaces: Creater, o: BootstrapOptions): void {
  const loop = new PeriodicLoop(() => createEach(namespaces, SYSTEM_NAMESPACES), o.systemNamespacesIntervalMs ?? DEFAULT_SYSTEM_NAMESPACES_INTERVAL_MS, (err) =>
    o.log?.(`system namespaces controller: ${messageOf(err)}`),
  );
  server.addPostStartHook('start-system-namespaces-controller', ({ signal }) => loop.start(signal));
  server.addPreShutdownHook('stop-system-namespaces-controller', () => loop.stop());
}

function addKubernetesServiceHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], endpoint: Promise<MasterEndpoint>, o: BootstrapOptions): void {
  const services = storageOf(groups, '', 'services');
  const endpoints = storageOf(groups, '', 'endpoints');
  const slices = storageOf(groups, 'discovery.k8s.io', 'endpointslices');
  let controller: KubernetesServiceController | undefined;
  // Registered whatever is served, as upstream; without services there is nothing to keep.
  server.addPostStartHook('bootstrap-controller', async ({ signal }) => {
    if (services === undefined || !isGetter(services) || !isCreater(services) || !isUpdater(services)) return;
    controller = new KubernetesServiceController({
      services,
      ...(endpoints !== undefined && isGetter(endpoints) && isCreater(endpoints) && isUpdater(endpoints) && { endpoints }),
      ...(slices !== undefined && isLister(slices) && isCreater(slices) && isUpdater(slices) && isGracefulDeleter(slices) && { endpointSlices: slices }),
      serviceIP: kubernetesServiceIPOf(o.serviceClusterIPRange ?? DEFAULT_SERVICE_CLUSTER_IP_RANGE),
      endpoint: await endpoint,
      ...(o.endpointReconcilerIntervalMs !== undefined && { intervalMs: o.endpointReconcilerIntervalMs }),
      onError: (err) => o.log?.(`unable to sync kubernetes service: ${messageOf(err)}`),
    });
    await controller.start(signal);
  });
  server.addPreShutdownHook('stop-kubernetes-service-controller', () => controller?.stop());
}

/**
 * Registers `start-cluster-authentication-info-controller` when config maps are served: it publishes `info` in
 * `kube-system/extension-apiserver-authentication` (creating `kube-system` first when missing).
 */
export function addClusterAuthenticationTrustHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], info: ExtensionAPIServerAuthentication, log?: (message: string) => void): void {
  const configMaps = storageOf(groups, '', 'configmaps');
  const namespaces = storageOf(groups, '', 'namespaces');
  if (configMaps === undefined || !isGetter(configMaps) || !isCreater(configMaps) || !isUpdater(configMaps)) return;
  const controller = new ClusterAuthenticationTrustController({
    configMaps,
    info,
    ensureNamespace: () => (namespaces !== undefined && isCreater(namespaces) ? createEach(namespaces, ['kube-system']) : Promise.resolve()),
    onError: (err) => log?.(`cluster authentication trust controller: ${messageOf(err)}`),
  });
  // Stopped by its pre-shutdown hook (no abort listener on the server's lifecycle signal).
  server.addPostStartHook('start-cluster-authentication-info-controller', () => controller.start());
  server.addPreShutdownHook('stop-cluster-authentication-info-controller', () => controller.stop());
}

/** Registers the bootstrap hooks on `server`: system namespaces when namespaces are served, and (given the endpoint) `bootstrap-controller`, which keeps the kubernetes Service when services are served. */
export function addBootstrapHooks(server: GenericAPIServer, groups: readonly APIGroupInfo[], options: BootstrapOptions = {}): void {
  const namespaces = storageOf(groups, '', 'namespaces');
  if (namespaces !== undefined && isCreater(namespaces)) addSystemNamespacesHook(server, namespaces, options);
  if (options.endpoint !== undefined) addKubernetesServiceHook(server, groups, options.endpoint, options);
}
