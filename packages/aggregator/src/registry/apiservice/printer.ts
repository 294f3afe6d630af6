/**
 * `kubectl get apiservices` columns (kube-aggregator `pkg/registry/apiservice/etcd` ConvertToTable): NAME,
 * SERVICE (`namespace/name` or `Local`), AVAILABLE (`True`, `False (Reason)`, `Unknown`) and AGE.
 * @module
 */
import { type ApiList, type ApiObject, DEFAULT_TABLE_COLUMNS, type RequestContext, type TableConvertor, type TableOptions } from '@apiserver/registry';
import type { Table, TableColumnDefinition, TableRow } from '@apiserver/runtime';
import { humanDuration } from '@apiserver/runtime';
import { AVAILABLE, apiServiceOf, conditionOf } from '../../apis/apiregistration/v1/helpers.js';
import type { APIService } from '../../apis/apiregistration/v1/types.js';

const CREATION_DESCRIPTION = DEFAULT_TABLE_COLUMNS[1]?.description ?? '';

/** The APIService columns. */
export const API_SERVICE_COLUMNS: readonly TableColumnDefinition[] = [
  { ...(DEFAULT_TABLE_COLUMNS[0] as TableColumnDefinition) },
  { name: 'Service', type: 'string', format: '', description: 'The reference to the service that hosts this API endpoint.', priority: 0 },
  { name: 'Available', type: 'string', format: '', description: 'Whether this service is available.', priority: 0 },
  { name: 'Age', type: 'string', format: '', description: CREATION_DESCRIPTION, priority: 0 },
];

/** The SERVICE cell. */
export function serviceCell(apiService: APIService): string {
  const service = apiService.spec?.service;
  return service === undefined || service === null ? 'Local' : `${service.namespace ?? ''}/${service.name ?? ''}`;
}

/** The AVAILABLE cell. */
export function availableCell(apiService: APIService): string {
  const condition = conditionOf(apiService, AVAILABLE);
  if (condition === undefined) return 'Unknown';
  if (condition.status === 'True' || (condition.reason ?? '') === '') return condition.status;
  return `${condition.status} (${condition.reason})`;
}

function ageCell(obj: ApiObject, now: number): string {
  const created = obj.metadata.creationTimestamp;
  return created === undefined ? '<unknown>' : humanDuration(now - Date.parse(created));
}

function isList(o: ApiObject | ApiList): o is ApiList {
  return Array.isArray(o.items);
}

/** Prints APIServices. */
export class APIServiceTableConvertor implements TableConvertor {
  readonly #clock: () => number;

  /** Creates the convertor (`clock` for tests). */
  constructor(clock: () => number = Date.now) {
    this.#clock = clock;
  }

  /** Converts an APIService or a list of them to a Table. */
  async convertToTable(_ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    const now = this.#clock();
    const row = (obj: ApiObject): TableRow => ({
      cells: [obj.metadata.name ?? '', serviceCell(apiServiceOf(obj)), availableCell(apiServiceOf(obj)), ageCell(obj, now)],
      object: obj,
    });
    const meta = object.metadata;
    return {
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: {
        ...(meta.resourceVersion !== undefined && { resourceVersion: meta.resourceVersion }),
        ...(isList(object) && object.metadata.continue !== undefined && { continue: object.metadata.continue }),
      },
      columnDefinitions: tableOptions?.noHeaders === true ? [] : API_SERVICE_COLUMNS.map((c) => ({ ...c })),
      rows: isList(object) ? object.items.map(row) : [row(object)],
    };
  }
}
