/**
 * kube-apiserver's `bootstrap-controller` (pkg/controlplane/controller/kubernetesservice): creates the
 * `default/kubernetes` Service (ClusterIP = the first address of the service range, port 443 `https` → the
 * server's port) and keeps its Endpoints and EndpointSlice pointing at this server, every 10 s by default, so
 * they come back when deleted and their addresses when changed. As upstream, the Service is only created
 * when missing, and ports are repaired only by the first sync (upstream's `reconcilePorts`) unless empty.
 * @module
 */
import { type ApiObject, type Creater, defaultUpdatedObjectInfo, type GracefulDeleter, type Getter, type Lister, type RequestContext, type Updater } from '@apiserver/registry';
import { isAlreadyExists, isNotFound, labelSelectorFromSet } from '@apiserver/runtime';
import {
  addressTypeOf,
  KUBERNETES_SERVICE_NAME,
  KUBERNETES_SERVICE_NAMESPACE,
  LABEL_SERVICE_NAME,
  type MasterEndpoint,
  masterServicePorts,
  newMasterService,
  sameJSON,
  wantedEndpointSlice,
  wantedEndpoints,
} from './master-endpoints.js';
import { PeriodicLoop } from './periodic-loop.js';

/** upstream `DefaultEndpointReconcilerInterval`: 10 s. */
export const DEFAULT_ENDPOINT_RECONCILER_INTERVAL_MS = 10_000;

/** Options of the KubernetesServiceController. */
export interface KubernetesServiceControllerOptions {
  /** The `services` resource. */
  readonly services: Getter & Creater & Updater;
  /** The `endpoints` resource (absent: not served, not kept). */
  readonly endpoints?: Getter & Creater & Updater;
  /** The discovery.k8s.io `endpointslices` resource (absent: not served, not kept). */
  readonly endpointSlices?: Lister & Creater & Updater & GracefulDeleter;
  /** `ServiceIP`: the Service's cluster IP. */
  readonly serviceIP: string;
  /** `ServicePort` (default 443). */
  readonly servicePort?: number;
  /** This server's advertised address and port. */
  readonly endpoint: MasterEndpoint;
  /** `EndpointInterval` in ms (default 10 000). */
  readonly intervalMs?: number;
  /** Called with every failed sync (the controller retries at the next interval). */
  readonly onError?: (err: unknown) => void;
}

const ctx: RequestContext = { namespace: KUBERNETES_SERVICE_NAMESPACE };

async function getOrUndefined(storage: Getter, name: string): Promise<ApiObject | undefined> {
  try {
    return await storage.get(ctx, name, {});
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

async function replace(storage: Updater, obj: ApiObject): Promise<void> {
  await storage.update(ctx, obj.metadata.name ?? '', defaultUpdatedObjectInfo(obj), undefined, undefined, false, {});
}

async function createIgnoringExists(storage: Creater, obj: ApiObject): Promise<void> {
  try {
    await storage.create(ctx, obj, undefined, {});
  } catch (err) {
    // Another writer created it meanwhile: the next sync compares against it.
    if (!isAlreadyExists(err)) throw err;
  }
}

/** Keeps `default/kubernetes` and its endpoints; `start()` resolves after the first successful sync. */
export class KubernetesServiceController {
  readonly #o: KubernetesServiceControllerOptions;
  readonly #loop: PeriodicLoop;
  #synced = false;

  /** Creates a stopped controller. */
  constructor(options: KubernetesServiceControllerOptions) {
    this.#o = options;
    this.#loop = new PeriodicLoop(() => this.sync(), options.intervalMs ?? DEFAULT_ENDPOINT_RECONCILER_INTERVAL_MS, (err) => options.onError?.(err));
  }

  /** Syncs until a first sync succeeds, then keeps syncing in the background until `signal` aborts or `stop()`. */
  start(signal?: AbortSignal): Promise<void> {
    return this.#loop.start(signal);
  }

  /** Stops the periodic sync; resolves when a running sync is over. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** One `UpdateKubernetesService`: the Service, then the Endpoints, then the EndpointSlice; ports reconciled on the first sync only. */
  async sync(): Promise<void> {
    const reconcile = !this.#synced;
    await this.#syncService(reconcile);
    const { ip, port } = this.#o.endpoint;
    if (this.#o.endpoints !== undefined) await this.#syncEndpoints(this.#o.endpoints, ip, port, reconcile);
    if (this.#o.endpointSlices !== undefined) await this.#syncEndpointSlices(this.#o.endpointSlices, ip, port, reconcile);
    this.#synced = true;
  }

  /** `CreateOrUpdateMasterServiceIfNeeded`: create when missing; with `reconcile`, reset wrong ports or type. */
  async #syncService(reconcile: boolean): Promise<void> {
    const servicePort = this.#o.servicePort ?? 443;
    const current = await getOrUndefined(this.#o.services, KUBERNETES_SERVICE_NAME);
    if (current === undefined) {
      await createIgnoringExists(this.#o.services, newMasterService(this.#o.serviceIP, servicePort, this.#o.endpoint.port));
      return;
    }
    if (!reconcile) return;
    const spec = (current.spec ?? {}) as Record<string, unknown>;
    const ports = masterServicePorts(servicePort, this.#o.endpoint.port);
    if (spec.type === 'ClusterIP' && sameJSON(spec.ports, ports)) return;
    await replace(this.#o.services, { ...current, spec: { ...spec, ports, type: 'ClusterIP' } });
  }

  /** The Endpoints half of the reconciler's `Sync`: create, or update when subsets or labels differ. */
  async #syncEndpoints(endpoints: Getter & Creater & Updater, ip: string, port: number, reconcilePorts: boolean): Promise<void> {
    const current = await getOrUndefined(endpoints, KUBERNETES_SERVICE_NAME);
    const wanted = wantedEndpoints(current, [ip], port, reconcilePorts);
    if (current === undefined) await createIgnoringExists(endpoints, wanted);
    else if (!sameJSON(current.subsets, wanted.subsets) || !sameJSON(current.metadata.labels, wanted.metadata.labels)) await replace(endpoints, wanted);
  }

  /** The EndpointSlice half of `Sync`: delete other slices of the Service, create or update `kubernetes`. */
  async #syncEndpointSlices(slices: Lister & Creater & Updater & GracefulDeleter, ip: string, port: number, reconcilePorts: boolean): Promise<void> {
    const addressType = addressTypeOf(ip);
    const list = await slices.list(ctx, { labelSelector: labelSelectorFromSet({ [LABEL_SERVICE_NAME]: KUBERNETES_SERVICE_NAME }) });
    let current: ApiObject | undefined;
    for (const slice of list.items) {
      if (slice.metadata.name === KUBERNETES_SERVICE_NAME && slice.addressType === addressType) current = slice;
      else await this.#deleteSlice(slices, slice.metadata.name ?? '');
    }
    const wanted = wantedEndpointSlice(current, addressType, [ip], port, reconcilePorts);
    if (current === undefined) {
      await createIgnoringExists(slices, wanted);
      return;
    }
    const changed = ['endpoints', 'ports'].some((k) => !sameJSON(current[k], wanted[k])) || !sameJSON(current.metadata.labels, wanted.metadata.labels);
    if (changed) await replace(slices, wanted);
  }

  async #deleteSlice(slices: GracefulDeleter, name: string): Promise<void> {
    try {
      await slices.delete(ctx, name, undefined, {});
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}
