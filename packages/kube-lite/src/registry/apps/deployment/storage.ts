/**
 * Deployment storage (pkg/registry/apps/deployment/storage): `deployments` (short name `deploy`, category
 * `all`), `deployments/status` and `deployments/scale` (autoscaling/v1 Scale).
 * @module
 */
import { ScaleREST, StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { workloadScale } from '../scale/scale-rest.js';
import { newDeploymentTableConvertor } from './printer.js';
import { DeploymentStrategy, newDeploymentStatusStrategy } from './strategy.js';

/** Options of the deployment storage. */
export interface DeploymentStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `deployments`, `deployments/status` and `deployments/scale` storage of apps/v1. */
export function newDeploymentStorage(getter: RESTOptionsGetter, options: DeploymentStorageOptions = {}): Record<string, Storage> {
  const strategy = new DeploymentStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'apps', version: 'v1', kind: 'Deployment', resource: 'deployments', singular: 'deployment' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newDeploymentTableConvertor(options.printer),
    shortNames: ['deploy'],
    categories: ['all'],
  };
  const deployments = new Store(storeOptions);
  return {
    deployments,
    'deployments/status': new StatusREST(storeOptions, newDeploymentStatusStrategy(strategy)),
    'deployments/scale': new ScaleREST(deployments, workloadScale, { group: 'apps', resource: 'deployments/scale' }),
  };
}
