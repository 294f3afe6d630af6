/**
 * Limit range storage (pkg/registry/core/limitrange/storage): `limitranges` (short name `limits`).
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newLimitRangeTableConvertor } from './printer.js';
import { LimitRangeStrategy } from './strategy.js';

/** The `limitranges` storage of the core group. */
export function newLimitRangeStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = new LimitRangeStrategy();
  return {
    limitranges: new Store({
      ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'LimitRange', resource: 'limitranges', singular: 'limitrange' }),
      strategies: { create: strategy, update: strategy, delete: strategy },
      tableConvertor: newLimitRangeTableConvertor(printer),
      shortNames: ['limits'],
    }),
  };
}
