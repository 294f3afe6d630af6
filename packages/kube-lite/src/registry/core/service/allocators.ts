/**
 * ClusterIP and NodePort allocation for services (pkg/registry/core/service/storage/alloc.go): reservations
 * made before the write and committed or reverted after it. The in-use sets are stored (`RangeAllocation`s at
 * `/ranges/serviceips` and `/ranges/servicenodeports`, see range-allocation-store.ts), so kube-lites sharing an
 * etcd never hand out one address twice, and each process adds what the stored services hold on first use.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import type { StorageInterface } from '@apiserver/storage';
import { fieldInvalid, newInternalError, newInvalid, newPath } from '@apiserver/runtime';
import { recordAt } from '../../../object-fields.js';
import { type ClusterIPRange, IPAllocationError, parseIPv4 } from './ip-range.js';
import { type NodePortRange, PortAllocationError } from './port-range.js';
import { RangeAllocationStore } from './range-allocation-store.js';
import {
  healthCheckNodePort,
  heldNodePorts,
  isHeadless,
  needsClusterIP,
  needsHealthCheck,
  needsNodePort,
  primaryClusterIP,
  servicePorts,
  serviceSpec,
  setClusterIP,
  shouldAllocateNodePorts,
} from './service-fields.js';

const SERVICE_KIND = { group: '', kind: 'Service' };

/** What `allocation` resolves to; its failure as an internal error saying `what` failed (upstream's wording). */
async function next<T>(allocation: Promise<T>, what: string): Promise<T> {
  try {
    return await allocation;
  } catch (err) {
    throw newInternalError(new Error(`${what}: ${err instanceof Error ? err.message : String(err)}`));
  }
}

/** Frees each of `items` in `range`. */
function releaseAll<I>(range: { release(item: I): void }, items: readonly I[]): void {
  for (const item of items) range.release(item);
}

/** Marks `port` in use unless it is outside the range (the range changed since the service was written). */
function tryPort(range: NodePortRange, port: number): void {
  try {
    range.allocate(port);
  } catch {
    // Out of the configured range: nothing to track.
  }
}

/** Addresses and ports reserved for one write, released again unless committed. */
export class Reservation {
  readonly #allocators: ServiceAllocators;
  readonly #ips: string[] = [];
  readonly #ports: number[] = [];
  readonly #releaseIPs: string[] = [];
  readonly #releasePorts: number[] = [];

  /** Starts an empty reservation. */
  constructor(allocators: ServiceAllocators) {
    this.#allocators = allocators;
  }

  /** Records a newly reserved address. */
  reservedIP(ip: string): void {
    this.#ips.push(ip);
  }

  /** Records a newly reserved port. */
  reservedPort(port: number): void {
    this.#ports.push(port);
  }

  /** Schedules old values to be freed on commit. */
  releaseOnCommit(ips: readonly string[], ports: readonly number[]): void {
    this.#releaseIPs.push(...ips);
    this.#releasePorts.push(...ports);
  }

  /** Keeps the new reservations and frees what the write gave up. */
  commit(): Promise<void> {
    return this.#allocators.release(this.#releaseIPs, this.#releasePorts);
  }

  /** Frees the new reservations (failed or dry-run write). */
  revert(): Promise<void> {
    return this.#allocators.release(this.#ips, this.#ports);
  }
}

/** Keys of the stored in-use sets under the storage prefix, as kube-apiserver's. */
export const SERVICE_IP_ALLOCATIONS_KEY = '/ranges/serviceips';
/** Key of the stored node port set. */
export const SERVICE_NODE_PORT_ALLOCATIONS_KEY = '/ranges/servicenodeports';

/** A range and the storage keeping its in-use set. */
export interface StoredRange<R> {
  /** The configured range (its in-use set is not used). */
  readonly range: R;
  /** Where the set is kept. */
  readonly storage: StorageInterface<ApiObject>;
}

/** The cluster's service IP and node port allocators. */
export class ServiceAllocators {
  readonly #ips: RangeAllocationStore<ClusterIPRange>;
  readonly #ports: RangeAllocationStore<NodePortRange>;

  /**
   * Allocators of the ranges of `ips` and `ports`, each set kept in its storage; `listServices` reads every stored
   * service (all namespaces) for the repair each set gets on first use.
   */
  constructor(ips: StoredRange<ClusterIPRange>, ports: StoredRange<NodePortRange>, listServices: () => Promise<ApiObject[]>) {
    this.#ips = new RangeAllocationStore({
      storage: ips.storage,
      key: SERVICE_IP_ALLOCATIONS_KEY,
      empty: () => ips.range.empty(),
      markInUse: async (range) => {
        for (const svc of await listServices()) {
          const ip = primaryClusterIP(svc);
          if (needsClusterIP(svc) && range.contains(ip) && !range.has(ip)) range.allocate(ip);
        }
      },
      mismatch: 'the provided network does not match the current range',
    });
    this.#ports = new RangeAllocationStore({
      storage: ports.storage,
      key: SERVICE_NODE_PORT_ALLOCATIONS_KEY,
      empty: () => ports.range.empty(),
      markInUse: async (range) => {
        for (const svc of await listServices()) for (const p of heldNodePorts(svc)) if (!range.has(p)) tryPort(range, p);
      },
      mismatch: 'the provided range does not match the current range',
    });
  }

  /** One repair round of the address set and one of the port set (see RangeAllocationStore.repair). */
  async repair(): Promise<void> {
    await this.#ips.repair();
    await this.#ports.repair();
  }

  /**
   * Frees addresses and ports. A release that fails leaves them allocated, so the write it follows still
   * succeeds (upstream logs it); the repair rounds free them later.
   */
  async release(ips: readonly string[], ports: readonly number[]): Promise<void> {
    try {
      if (ips.length > 0) await this.#ips.update((range) => releaseAll(range, ips));
      if (ports.length > 0) await this.#ports.update((range) => releaseAll(range, ports));
    } catch {
      // Leaked: see above.
    }
  }

  /** Frees everything a deleted service held. */
  releaseService(svc: ApiObject): Promise<void> {
    const ips = needsClusterIP(svc) && !isHeadless(svc) ? [primaryClusterIP(svc)] : [];
    return this.release(ips, heldNodePorts(svc));
  }

  /** Reserves the cluster IP and node ports of a new service, writing them into `svc`. */
  async allocateCreate(svc: ApiObject): Promise<Reservation> {
    const r = new Reservation(this);
    try {
      if (needsClusterIP(svc) && !isHeadless(svc)) await this.#allocateClusterIP(svc, r);
      await this.#allocateNodePorts(svc, undefined, r);
      if (needsHealthCheck(svc)) await this.#allocateHealthCheckNodePort(svc, r);
    } catch (err) {
      await r.revert();
      throw err;
    }
    return r;
  }

  /** Reserves what an update newly needs and schedules what it gives up (type changes, node port edits). */
  async allocateUpdate(svc: ApiObject, old: ApiObject): Promise<Reservation> {
    const r = new Reservation(this);
    try {
      if (!needsClusterIP(old) && needsClusterIP(svc) && !isHeadless(svc)) await this.#allocateClusterIP(svc, r);
      if (needsClusterIP(old) && !isHeadless(old) && !needsClusterIP(svc)) r.releaseOnCommit([primaryClusterIP(old)], []);
      const oldPorts = heldNodePorts(old);
      if (needsNodePort(svc)) await this.#allocateNodePorts(svc, oldPorts, r);
      if (needsHealthCheck(svc) && !needsHealthCheck(old)) await this.#allocateHealthCheckNodePort(svc, r);
      if (!needsHealthCheck(svc)) delete serviceSpec(svc).healthCheckNodePort;
      const kept = new Set(heldNodePorts(svc));
      r.releaseOnCommit([], oldPorts.filter((p) => !kept.has(p)));
    } catch (err) {
      await r.revert();
      throw err;
    }
    return r;
  }

  async #allocateClusterIP(svc: ApiObject, r: Reservation): Promise<void> {
    const requested = primaryClusterIP(svc);
    if (requested === '') {
      const ip = await next(this.#ips.update((range) => range.allocateNext()), 'failed to allocate a serviceIP');
      r.reservedIP(ip);
      setClusterIP(svc, ip);
      return;
    }
    if (parseIPv4(requested) === undefined) return; // not an address: validation reports it
    try {
      await this.#ips.update((range) => range.allocate(requested));
    } catch (err) {
      if (!(err instanceof IPAllocationError)) throw err;
      const clusterIPs = recordAt(svc, 'spec')?.clusterIPs ?? [requested];
      throw newInvalid(SERVICE_KIND, svc.metadata.name ?? '', [
        fieldInvalid(newPath('spec', 'clusterIPs'), clusterIPs, `failed to allocate IP ${requested}: ${err.message}`),
      ]);
    }
    r.reservedIP(requested);
    setClusterIP(svc, requested);
  }

  async #allocatePort(svc: ApiObject, port: number, index: number, r: Reservation): Promise<void> {
    try {
      await this.#ports.update((range) => range.allocate(port));
    } catch (err) {
      if (!(err instanceof PortAllocationError)) throw err;
      const path = newPath('spec', 'ports').index(index).child('nodePort');
      throw newInvalid(SERVICE_KIND, svc.metadata.name ?? '', [fieldInvalid(path, port, err.message)]);
    }
    r.reservedPort(port);
  }

  /** Reserves the requested or next health check node port (failures are internal errors, as upstream). */
  async #allocateHealthCheckNodePort(svc: ApiObject, r: Reservation): Promise<void> {
    const requested = healthCheckNodePort(svc);
    const port =
      requested === 0
        ? await next(this.#ports.update((range) => range.allocateNext()), 'failed to allocate a HealthCheck NodePort 0')
        : await next(
            this.#ports.update((range) => {
              range.allocate(requested);
              return requested;
            }),
            `failed to allocate requested HealthCheck NodePort ${requested}`,
          );
    r.reservedPort(port);
    serviceSpec(svc).healthCheckNodePort = port;
  }

  /**
   * Gives every port a node port when the type allocates them, honouring requested ones; ports sharing a
   * port number (TCP and UDP of one port) share the node port. `oldPorts` (updates) are already held.
   */
  async #allocateNodePorts(svc: ApiObject, oldPorts: readonly number[] | undefined, r: Reservation): Promise<void> {
    const held = new Set(oldPorts ?? []);
    const byPort = new Map<unknown, number>();
    const allocate = shouldAllocateNodePorts(svc);
    for (const [i, p] of servicePorts(svc).entries()) {
      const requested = typeof p.nodePort === 'number' ? p.nodePort : 0;
      if (requested === 0 && !allocate) continue;
      const shared = byPort.get(p.port);
      if (requested === 0 && shared !== undefined) {
        p.nodePort = shared;
        continue;
      }
      if (requested === 0) {
        const port = await next(this.#ports.update((range) => range.allocateNext()), 'failed to allocate a nodePort');
        r.reservedPort(port);
        p.nodePort = port;
      } else if (!held.has(requested) && requested !== shared) {
        await this.#allocatePort(svc, requested, i, r);
        held.add(requested);
      }
      byPort.set(p.port, typeof p.nodePort === 'number' ? p.nodePort : 0);
    }
  }
}
