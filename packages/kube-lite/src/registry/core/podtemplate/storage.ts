/**
 * Pod template storage (pkg/registry/core/podtemplate/storage): `podtemplates`, no short name.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newPodTemplateTableConvertor } from './printer.js';
import { PodTemplateStrategy } from './strategy.js';

/** The `podtemplates` storage of the core group. */
export function newPodTemplateStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = new PodTemplateStrategy();
  return {
    podtemplates: new Store({
      ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'PodTemplate', resource: 'podtemplates', singular: 'podtemplate' }),
      strategies: { create: strategy, update: strategy, delete: strategy },
      // As upstream's Store for this resource: DELETE answers the deleted object, not a Success Status.
      returnDeletedObject: true,
      tableConvertor: newPodTemplateTableConvertor(printer),
    }),
  };
}
