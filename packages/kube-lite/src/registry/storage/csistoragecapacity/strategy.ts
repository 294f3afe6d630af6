/**
 * The csistoragecapacity strategy (pkg/registry/storage/csistoragecapacity/strategy.go): namespaced,
 * validation, conditional updates only.
 * @module
 */
import { GenericStrategy } from '@apiserver/registry';
import { storageV1 } from '@apiserver/runtime/apis';
import { validateCSIStorageCapacity, validateCSIStorageCapacityUpdate } from './validation.js';

/** Create and update behaviour of CSI storage capacities. */
export class CSIStorageCapacityStrategy extends GenericStrategy {
  /** A namespaced strategy with storage capacity validation. */
  constructor() {
    super({
      namespaceScoped: true,
      allowUnconditionalUpdate: false,
      schema: storageV1.CSIStorageCapacitySchema,
      validate: (_ctx, obj) => validateCSIStorageCapacity(obj),
      validateUpdate: (_ctx, obj, old) => [...validateCSIStorageCapacity(obj), ...validateCSIStorageCapacityUpdate(obj, old)],
    });
  }
}
