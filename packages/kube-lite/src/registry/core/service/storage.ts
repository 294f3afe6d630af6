/**
 * Service storage (pkg/registry/core/service/storage): `services` (short name `svc`, category `all`) with
 * ClusterIP and NodePort allocation around the generic Store's writes, and `services/status`.
 * @module
 */
import { type ApiObject, isDryRun, type RequestContext, StatusREST, type Storage, Store, type StoreOptions, type UpdatedObjectInfo, type UpdateResult, type ValidateObjectFunc, type ValidateObjectUpdateFunc } from '@apiserver/registry';
import type { CreateOptions, DeleteOptions, Status, UpdateOptions } from '@apiserver/runtime';
import type { ObjectAttrs } from '@apiserver/storage';
import { recordAt, stringAt } from '../../../object-fields.js';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
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

function settle(r: Reservation | undefined, keep: boolean): void {
  if (keep) r?.commit();
  else r?.revert();
}

/** The services REST storage: a Store whose writes reserve and release cluster IPs and node ports. */
export class ServiceREST extends Store {
  readonly #alloc: ServiceAllocators;

  /** Builds the store; the allocators rebuild their in-use sets from this store's services on first use. */
  constructor(options: StoreOptions, ips: ClusterIPRange, ports: NodePortRange) {
    super(options);
    this.#alloc = new ServiceAllocators(ips, ports, async () => (await this.list({})).items);
  }

  /** Defaults, reserves the cluster IP and node ports, creates; the reservation is undone on failure or dry run. */
  override async create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    await this.#alloc.ready();
    defaultServiceFields(obj);
    const r = this.#alloc.allocateCreate(obj);
    try {
      const out = await super.create(ctx, obj, createValidation, options);
      settle(r, !dryRun(ctx, options));
      return out;
    } catch (err) {
      r.revert();
      throw err;
    }
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
    await this.#alloc.ready();
    let r: Reservation | undefined;
    const info: UpdatedObjectInfo = {
      preconditions: () => objInfo.preconditions(),
      updatedObject: async (c, old) => {
        r?.revert();
        r = undefined;
        const obj = await objInfo.updatedObject(c, old);
        if (old !== undefined) patchAllocatedValues(obj, old);
        defaultServiceFields(obj);
        if (old !== undefined) dropTypeDependentFields(obj, old);
        r = old === undefined ? this.#alloc.allocateCreate(obj) : this.#alloc.allocateUpdate(obj, old);
        return obj;
      },
    };
    try {
      const out = await super.update(ctx, name, info, createValidation, updateValidation, forceAllowCreate, options);
      settle(r, !dryRun(ctx, options));
      // Removing the last finalizer of a service being deleted deletes it (services have no grace period).
      const meta = out.object.metadata;
      if (!dryRun(ctx, options) && meta.deletionTimestamp !== undefined && (meta.finalizers ?? []).length === 0) {
        this.#alloc.releaseService(out.object);
      }
      return out;
    } catch (err) {
      r?.revert();
      throw err;
    }
  }

  /** Deletes and frees the service's cluster IP and node ports once it is gone. */
  override async delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions) {
    const out = await super.delete(ctx, name, deleteValidation, options);
    if (out.deleted && !dryRun(ctx, options) && isObject(out.object)) this.#alloc.releaseService(out.object);
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
    services: new ServiceREST(storeOptions, ips, ports),
    'services/status': new StatusREST(storeOptions, new ServiceStatusStrategy(strategy)),
  };
}
