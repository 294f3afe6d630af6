/**
 * RuntimeClass storage and strategy (pkg/registry/node/runtimeclass): cluster-scoped `runtimeclasses` of
 * node.k8s.io/v1; PUT may create, updates need a resourceVersion, no generation, validation on create and update.
 * @module
 */
import { GenericStrategy, type Storage, Store } from '@apiserver/registry';
import { nodeV1 } from '@apiserver/runtime/apis';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newRuntimeClassTableConvertor } from './printer.js';
import { validateRuntimeClass, validateRuntimeClassUpdate } from './validation.js';

/** The runtimeclass strategy. */
export function newRuntimeClassStrategy(): GenericStrategy {
  return new GenericStrategy({
    namespaceScoped: false,
    allowCreateOnUpdate: true,
    allowUnconditionalUpdate: false,
    schema: nodeV1.RuntimeClassSchema,
    validate: (_ctx, obj) => validateRuntimeClass(obj),
    validateUpdate: (_ctx, obj, old) => validateRuntimeClassUpdate(obj, old),
  });
}

/** The `runtimeclasses` storage of node.k8s.io/v1. */
export function newRuntimeClassStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = newRuntimeClassStrategy();
  const store = new Store({
    ...storeOptionsFor(getter, { group: 'node.k8s.io', version: 'v1', kind: 'RuntimeClass', resource: 'runtimeclasses', singular: 'runtimeclass' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newRuntimeClassTableConvertor(printer),
  });
  return { runtimeclasses: store };
}
