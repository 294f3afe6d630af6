/**
 * Service storage (pkg/registry/core/service/storage): `services` (short name `svc`, category `all`) with
 * ClusterIP and NodePort allocation around the generic Store's writes, and `services/status`.
 * @module
 */
import { type ApiObject, isDryRun, type RequestContext, StatusREST, type Storage, Store, type StoreOptions, type UpdatedObjectInfo, type UpdateResult, type ValidateObjectFunc, type ValidateObjectUpdateFunc } from '@apiserver/registry';
import type { CreateOptions, DeleteOptions, Status, UpdateOptions } from '@apiserver/runtime';
import type { ObjectAttrs, StorageInterface } from '@apiserver/storage';
import { recordAt, stringAt } from '../../../object-fields.js';
import type { PrinterOptions } from '../../../printers/index.js';
import { isRawStorageGetter, type RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { type Reservation, ServiceAllocators } from './allocators.js';
import { ClusterIPRange } from './ip-range.js';
import { DEFAULT_SERVICE_NODE_PORT_RANGE, NodePortRange } from './port-range.js';
import { newServiceTableConvertor } from './printer.js';
import { ServiceStatusStrategy } from './service-status-strategy.js';
import { defaultServiceFields, dropTypeDependentFields, patchAllocatedValues, ServiceStrategy } from './strategy.js';

/** Field selector labels of Services beyond metadata.name/namespace (`fieldLabels: { Service: … }`, 1.31+). */
export const SERVICE_FIELD_LABELS: readonly string[] = ['spec.clusterIP', 'spec.type'];

/** Labels and selectable fields of a Service (`service.GetAttrs`): metadata.name, metadata.namespace, spec.clusterIP, spec.type. */
export function serviceAttrs(obj: ApiObject): ObjectAttrs {
  const spec = recordAt(obj, 'spec');
  return {
    labels: obj.metadata.labels ?? {},
    fields: {
      'metadata.name': obj.metadata.name ?? '',
      'metadata.namespace': obj.metadata.namespace ?? '',
      'spec.clusterIP': stringAt(spec, 'clusterIP'),
      'spec.type': stringAt(spec, 'type'),
    },
  };
}

/** Where the services' in-use sets are kept (upstream's raw storage of `serviceipallocations` and `servicenodeportallocations`). */
export interface ServiceAllocationStorage {
  /** Storage of the cluster IP set (`/ranges/serviceips`). */
  readonly ips: StorageInterface<ApiObject>;
  /** Storage of the node port set (`/ranges/servicenodeports`). */
  readonly ports: StorageInterface<ApiObject>;
}

/** The allocation storage `getter` hands out: undecorated when it can, else what it gives the two resources. */
function allocationStorageOf(getter: RESTOptionsGetter): ServiceAllocationStorage {
  const ips = { group: '', resource: 'serviceipallocations' };
  const ports = { group: '', resource: 'servicenodeportallocations' };
  if (isRawStorageGetter(getter)) return { ips: getter.getRawStorage(ips), ports: getter.getRawStorage(ports) };
  return { ips: getter.getRESTOptions(ips).storage, ports: getter.getRESTOptions(ports).storage };
}

/** kube-apiserver's default `--service-cluster-ip-range`. */
export const DEFAULT_SERVICE_CLUSTER_IP_RANGE = '10.0.0.0/24';

/** Options of the service storage. */
export interface ServiceStorageOptions {
  /** IPv4 CIDR cluster IPs come from (`--service-cluster-ip-range`, default `10.0.0.0/24`). */
  readonly serviceClusterIPRange?: string;
  /** Node port range (`--service-node-port-range`, default `30000-32767`). */
  readonly serviceNodePortRange?: string;
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

function dryRun(ctx: RequestContext, options: { dryRun?: string[] } | undefined): boolean {
  return ctx.dryRun === true || isDryRun(options?.dryRun);
}

function isObject(o: ApiObject | Status): o is ApiObject {
  return o.kind !== 'Status';
}

async function settle(r: Reservation | undefined, keep: boolean): Promise<void> {
  if (keep) await r?.commit();
  else await r?.revert();
}

/** A storage whose allocations can be repaired (the services' {@link ServiceREST}). */
export interface AllocationRepairer {
  /** Runs one repair round of the storage's allocations. */
  repairAllocations(): Promise<void>;
}

/** Whether `storage` has allocations to repair. */
export function isAllocationRepairer(storage: unknown): storage is AllocationRepairer {
  return typeof (storage as Partial<AllocationRepairer> | undefined)?.repairAllocations === 'function';
}

/** The services REST storage: a Store whose writes reserve and release cluster IPs and node ports. */
export class ServiceREST extends Store implements AllocationRepairer {
  readonly #alloc: ServiceAllocators;

  /**
   * Builds the store; the in-use sets of `ips` and `ports` are kept in `allocations` (default: the services'
   * storage), and each gets what this store's services hold on first use.
   */
  constructor(options: StoreOptions, ips: ClusterIPRange, ports: NodePortRange, allocations?: ServiceAllocationStorage) {
    super(options);
    const stored = allocations ?? { ips: options.storage, ports: options.storage };
    this.#alloc = new ServiceAllocators({ range: ips, storage: stored.ips }, { range: ports, storage: stored.ports }, async () => (await this.list({})).items);
  }

  /** Defaults, reserves the cluster IP and node ports, creates; the reservation is undone on failure or dry run. */
  override async create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    defaultServiceFields(obj);
    const r = await this.#alloc.allocateCreate(obj);
    let out: ApiObject;
    try {
      out = await super.create(ctx, obj, createValidation, options);
    } catch (err) {
      await r.revert();
      throw err;
    }
    await settle(r, !dryRun(ctx, options));
    return out;
  }

  /** Updates (or creates on PUT), reserving what a type change or new port needs and freeing what it drops. */
  override async update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    let r: Reservation | undefined;
    const info: UpdatedObjectInfo = {
      preconditions: () => objInfo.preconditions(),
      updatedObject: async (c, old) => {
        await r?.revert();
        r = undefined;
        const obj = await objInfo.updatedObject(c, old);
        if (old !== undefined) patchAllocatedValues(obj, old);
        defaultServiceFields(obj);
        if (old !== undefined) dropTypeDependentFields(obj, old);
        r = old === undefined ? await this.#alloc.allocateCreate(obj) : await this.#alloc.allocateUpdate(obj, old);
        return obj;
      },
    };
    let out: UpdateResult;
    try {
      out = await super.update(ctx, name, info, createValidation, updateValidation, forceAllowCreate, options);
    } catch (err) {
      await r?.revert();
      throw err;
    }
    await settle(r, !dryRun(ctx, options));
    // Removing the last finalizer of a service being deleted deletes it (services have no grace period).
    const meta = out.object.metadata;
    if (!dryRun(ctx, options) && meta.deletionTimestamp !== undefined && (meta.finalizers ?? []).length === 0) {
      await this.#alloc.releaseService(out.object);
    }
    return out;
  }

  /**
   * One repair round of the stored cluster IP and node port sets (upstream's `Repair` controllers, which
   * `start-service-ip-repair-controllers` runs every 3 minutes): they become what the stored services hold, items
   * no service has held for three rounds in a row are freed.
   */
  repairAllocations(): Promise<void> {
    return this.#alloc.repair();
  }

  /** Deletes and frees the service's cluster IP and node ports once it is gone. */
  override async delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions) {
    const out = await super.delete(ctx, name, deleteValidation, options);
    if (out.deleted && !dryRun(ctx, options) && isObject(out.object)) await this.#alloc.releaseService(out.object);
    return out;
  }
}

/** The `services` and `services/status` storage of the core group. */
export function newServiceStorage(getter: RESTOptionsGetter, options: ServiceStorageOptions = {}): Record<string, Storage> {
  const ips = new ClusterIPRange(options.serviceClusterIPRange ?? DEFAULT_SERVICE_CLUSTER_IP_RANGE);
  const ports = new NodePortRange(options.serviceNodePortRange ?? DEFAULT_SERVICE_NODE_PORT_RANGE);
  const strategy = new ServiceStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'Service', resource: 'services', singular: 'service' }),
    strategies: { create: strategy, update: strategy, delete: {} },
    tableConvertor: newServiceTableConvertor(options.printer),
    returnDeletedObject: true,
    attrFunc: serviceAttrs,
    shortNames: ['svc'],
    categories: ['all'],
  };
  return {
    services: new ServiceREST(storeOptions, ips, ports, allocationStorageOf(getter)),
    'services/status': new StatusREST(storeOptions, new ServiceStatusStrategy(strategy)),
  };
}
