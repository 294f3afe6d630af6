/**
 * `componentstatuses` (short name `cs`, cluster-scoped, get and list only; pkg/registry/core/componentstatus
 * `REST`): each read probes the control plane components kube-apiserver knows (controller-manager, scheduler
 * and `etcd-<i>` per etcd storage configuration) and answers their Healthy condition. An unknown name answers
 * 500 `Component not found: <name>`, as upstream.
 * @module
 */
import type { ApiList, ApiObject, Getter, InternalListOptions, Lister, RequestContext, ShortNamesProvider, SingularNameProvider, Storage, TableOptions } from '@apiserver/registry';
import { StatusError } from '@apiserver/runtime';
import type { Table } from '@apiserver/runtime';
import type { PrinterTableConvertor } from '../../../printers/index.js';
import { newComponentStatusTableConvertor } from './printer.js';
import type { Probe } from './probes.js';

/** The components to probe, by name, in listing order. */
export type ComponentProbes = ReadonlyArray<readonly [string, Probe]>;

async function statusOf(name: string, probe: Probe): Promise<ApiObject> {
  const { status, message, error } = await probe();
  const condition = { type: 'Healthy', status, ...(message !== '' && { message }), ...(error !== '' && { error }) };
  return { apiVersion: 'v1', kind: 'ComponentStatus', metadata: { name }, conditions: [condition] };
}

/** The read-only component statuses. */
export class ComponentStatusREST implements Storage, Getter, Lister, SingularNameProvider, ShortNamesProvider {
  readonly #probes: ComponentProbes;
  readonly #table: PrinterTableConvertor;

  /** Statuses of `probes`. */
  constructor(probes: ComponentProbes) {
    this.#probes = probes;
    this.#table = newComponentStatusTableConvertor();
  }

  /** A new ComponentStatus. */
  newObject(): ApiObject {
    return { apiVersion: 'v1', kind: 'ComponentStatus', metadata: {} };
  }

  /** A new ComponentStatusList. */
  newList(): ApiList {
    return { apiVersion: 'v1', kind: 'ComponentStatusList', metadata: {}, items: [] };
  }

  /** Nothing to release. */
  destroy(): void {}

  /** Cluster-scoped. */
  namespaceScoped(): boolean {
    return false;
  }

  /** `componentstatus`. */
  getSingularName(): string {
    return 'componentstatus';
  }

  /** `cs`. */
  shortNames(): string[] {
    return ['cs'];
  }

  /** Probes the component `name`. */
  async get(_ctx: RequestContext, name: string): Promise<ApiObject> {
    const probe = this.#probes.find(([n]) => n === name)?.[1];
    if (probe === undefined) throw new StatusError({ code: 500, message: `Component not found: ${name}` });
    return statusOf(name, probe);
  }

  /** Probes every component at once; selectors see no labels and `metadata.name`. */
  async list(_ctx: RequestContext, options: InternalListOptions = {}): Promise<ApiList> {
    const items = await Promise.all(this.#probes.map(([name, probe]) => statusOf(name, probe)));
    const selected = items.filter((o) => (options.labelSelector?.matches({}) ?? true) && (options.fieldSelector?.matches({ 'metadata.name': o.metadata.name ?? '' }) ?? true));
    return { ...this.newList(), items: selected };
  }

  /** NAME STATUS MESSAGE ERROR. */
  convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    return this.#table.convertToTable(ctx, object, tableOptions);
  }
}
