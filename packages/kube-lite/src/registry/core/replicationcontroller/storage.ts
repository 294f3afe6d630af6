/**
 * Controller storage (pkg/registry/core/replicationcontroller/storage): `replicationcontrollers` (short name
 * `rc`, category `all`, field selector `status.replicas`), `replicationcontrollers/status` and
 * `replicationcontrollers/scale` (autoscaling/v1 Scale with the map selector).
 * @module
 */
import { CORE_V1_REPLICAS_PATHS } from '../../apps/scale/scale-rest.js';
import { type ApiObject, newScale, ScaleREST, type ScaleView, StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import { labelSelectorFromSet } from '@apiserver/runtime';
import type { ObjectAttrs } from '@apiserver/storage';
import type { PrinterOptions } from '../../../printers/index.js';
import { ensureRecord, isInteger, recordAt, stringMapAt } from '../../../object-fields.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newReplicationControllerTableConvertor } from './printer.js';
import { newReplicationControllerStatusStrategy, ReplicationControllerStrategy } from './strategy.js';

/** Options of the controller storage. */
export interface ReplicationControllerStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The controller fields a field selector may use besides metadata.name/namespace. */
export const REPLICATION_CONTROLLER_FIELD_LABELS: readonly string[] = ['status.replicas'];

/** Labels and selectable fields of a controller (`ControllerToSelectableFields`). */
export function replicationControllerAttrs(rc: ApiObject): ObjectAttrs {
  const replicas = recordAt(rc, 'status')?.replicas;
  return {
    labels: rc.metadata.labels ?? {},
    fields: {
      'metadata.name': rc.metadata.name ?? '',
      'metadata.namespace': rc.metadata.namespace ?? '',
      'status.replicas': String(isInteger(replicas) ? replicas : 0),
    },
  };
}

/** The Scale of a controller: `spec.replicas`, `status.replicas` and the selector set as a string. */
export const controllerScale: ScaleView = {
  replicasPaths: CORE_V1_REPLICAS_PATHS,
  scaleOf: (rc) => {
    const spec = recordAt(rc, 'spec');
    const replicas = spec?.replicas;
    const current = recordAt(rc, 'status')?.replicas;
    const selector = labelSelectorFromSet(stringMapAt(spec, 'selector') ?? {}).toString();
    return newScale(rc, isInteger(replicas) ? replicas : 0, isInteger(current) ? current : 0, selector);
  },
  setReplicas: (rc, replicas) => {
    ensureRecord(rc, 'spec').replicas = replicas;
  },
};

/** The `replicationcontrollers`, `…/status` and `…/scale` storage of the core group. */
export function newReplicationControllerStorage(getter: RESTOptionsGetter, options: ReplicationControllerStorageOptions = {}): Record<string, Storage> {
  const strategy = new ReplicationControllerStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'ReplicationController', resource: 'replicationcontrollers', singular: 'replicationcontroller' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newReplicationControllerTableConvertor(options.printer),
    attrFunc: replicationControllerAttrs,
    shortNames: ['rc'],
    categories: ['all'],
  };
  const controllers = new Store(storeOptions);
  return {
    replicationcontrollers: controllers,
    'replicationcontrollers/status': new StatusREST(storeOptions, newReplicationControllerStatusStrategy(strategy)),
    'replicationcontrollers/scale': new ScaleREST(controllers, controllerScale, { group: '', resource: 'replicationcontrollers/scale' }),
  };
}
