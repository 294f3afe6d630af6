/**
 * ClusterIP and NodePort allocation for services (pkg/registry/core/service/storage/alloc.go): reservations
 * made before the write and committed or reverted after it, with the in-use sets rebuilt from the stored
 * services before the first allocation (so a restart never hands out an address twice).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { fieldInvalid, newInternalError, newInvalid, newPath } from '@apiserver/runtime';
import { recordAt } from '../../../object-fields.js';
import { type ClusterIPRange, IPAllocationError, parseIPv4 } from './ip-range.js';
import { type NodePortRange, PortAllocationError } from './port-range.js';
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
  commit(): void {
    this.#allocators.release(this.#releaseIPs, this.#releasePorts);
  }

  /** Frees the new reservations (failed or dry-run write). */
  revert(): void {
    this.#allocators.release(this.#ips, this.#ports);
  }
}

/** The cluster's service IP and node port allocators. */
export class ServiceAllocators {
  readonly #ips: ClusterIPRange;
  readonly #ports: NodePortRange;
  readonly #listServices: () => Promise<ApiObject[]>;
  #loaded: Promise<void> | undefined;

  /** `listServices` reads every stored service (all namespaces) for the rebuild. */
  constructor(ips: ClusterIPRange, ports: NodePortRange, listServices: () => Promise<ApiObject[]>) {
    this.#ips = ips;
    this.#ports = ports;
    this.#listServices = listServices;
  }

  /** Rebuilds the in-use sets from storage once (retried after a failed read). */
  ready(): Promise<void> {
    this.#loaded ??= this.#rebuild().catch((err: unknown) => {
      this.#loaded = undefined;
      throw err;
    });
    return this.#loaded;
  }

  async #rebuild(): Promise<void> {
    for (const svc of await this.#listServices()) {
      const ip = primaryClusterIP(svc);
      if (needsClusterIP(svc) && this.#ips.contains(ip) && !this.#ips.has(ip)) this.#ips.allocate(ip);
      for (const p of heldNodePorts(svc)) if (!this.#ports.has(p)) this.#tryPort(p);
    }
  }

  #tryPort(port: number): void {
    try {
      this.#ports.allocate(port);
    } catch {
      // Out of the configured range (the range changed since it was written): nothing to track.
    }
  }

  /** Frees addresses and ports. */
  release(ips: readonly string[], ports: readonly number[]): void {
    for (const ip of ips) this.#ips.release(ip);
    for (const p of ports) this.#ports.release(p);
  }

  /** Frees everything a deleted service held. */
  releaseService(svc: ApiObject): void {
    const ips = needsClusterIP(svc) && !isHeadless(svc) ? [primaryClusterIP(svc)] : [];
    this.release(ips, heldNodePorts(svc));
  }

  /** Reserves the cluster IP and node ports of a new service, writing them into `svc`. */
  allocateCreate(svc: ApiObject): Reservation {
    const r = new Reservation(this);
    try {
      if (needsClusterIP(svc) && !isHeadless(svc)) this.#allocateClusterIP(svc, r);
      this.#allocateNodePorts(svc, undefined, r);
      if (needsHealthCheck(svc)) this.#allocateHealthCheckNodePort(svc, r);
    } catch (err) {
      r.revert();
      throw err;
    }
    return r;
  }

  /** Reserves what an update newly needs and schedules what it gives up (type changes, node port edits). */
  allocateUpdate(svc: ApiObject, old: ApiObject): Reservation {
    const r = new Reservation(this);
    try {
      if (!needsClusterIP(old) && needsClusterIP(svc) && !isHeadless(svc)) this.#allocateClusterIP(svc, r);
      if (needsClusterIP(old) && !isHeadless(old) && !needsClusterIP(svc)) r.releaseOnCommit([primaryClusterIP(old)], []);
      const oldPorts = heldNodePorts(old);
      if (needsNodePort(svc)) this.#allocateNodePorts(svc, oldPorts, r);
      if (needsHealthCheck(svc) && !needsHealthCheck(old)) this.#allocateHealthCheckNodePort(svc, r);
      if (!needsHealthCheck(svc)) delete serviceSpec(svc).healthCheckNodePort;
      const kept = new Set(heldNodePorts(svc));
      r.releaseOnCommit([], oldPorts.filter((p) => !kept.has(p)));
    } catch (err) {
      r.revert();
      throw err;
    }
    return r;
  }

  #allocateClusterIP(svc: ApiObject, r: Reservation): void {
    const requested = primaryClusterIP(svc);
    if (requested === '') {
      const ip = this.#next(() => this.#ips.allocateNext(), 'failed to allocate a serviceIP');
      r.reservedIP(ip);
      setClusterIP(svc, ip);
      return;
    }
    if (parseIPv4(requested) === undefined) return; // not an address: validation reports it
    try {
      this.#ips.allocate(requested);
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

  #next<T>(fn: () => T, what: string): T {
    try {
      return fn();
    } catch (err) {
      throw newInternalError(new Error(`${what}: ${err instanceof Error ? err.message : String(err)}`));
    }
  }

  #allocatePort(svc: ApiObject, port: number, index: number, r: Reservation): void {
    try {
      this.#ports.allocate(port);
    } catch (err) {
      if (!(err instanceof PortAllocationError)) throw err;
      const path = newPath('spec', 'ports').index(index).child('nodePort');
      throw newInvalid(SERVICE_KIND, svc.metadata.name ?? '', [fieldInvalid(path, port, err.message)]);
    }
    r.reservedPort(port);
  }

  /** Reserves the requested or next health check node port (failures are internal errors, as upstream). */
  #allocateHealthCheckNodePort(svc: ApiObject, r: Reservation): void {
    const requested = healthCheckNodePort(svc);
    const port =
      requested === 0
        ? this.#next(() => this.#ports.allocateNext(), 'failed to allocate a HealthCheck NodePort 0')
        : this.#next(() => {
            this.#ports.allocate(requested);
            return requested;
          }, `failed to allocate requested HealthCheck NodePort ${requested}`);
    r.reservedPort(port);
    serviceSpec(svc).healthCheckNodePort = port;
  }

  /**
   * Gives every port a node port when the type allocates them, honouring requested ones; ports sharing a
   * port number (TCP and UDP of one port) share the node port. `oldPorts` (updates) are already held.
   */
  #allocateNodePorts(svc: ApiObject, oldPorts: readonly number[] | undefined, r: Reservation): void {
    const held = new Set(oldPorts ?? []);
    const byPort = new Map<unknown, number>();
    const allocate = shouldAllocateNodePorts(svc);
    servicePorts(svc).forEach((p, i) => {
      const requested = typeof p.nodePort === 'number' ? p.nodePort : 0;
      if (requested === 0 && !allocate) return;
      const shared = byPort.get(p.port);
      if (requested === 0 && shared !== undefined) {
        p.nodePort = shared;
        return;
      }
      if (requested === 0) {
        const port = this.#next(() => this.#ports.allocateNext(), 'failed to allocate a nodePort');
        r.reservedPort(port);
        p.nodePort = port;
      } else if (!held.has(requested) && requested !== shared) {
        this.#allocatePort(svc, requested, i, r);
        held.add(requested);
      }
      byPort.set(p.port, typeof p.nodePort === 'number' ? p.nodePort : 0);
    });
  }
}
