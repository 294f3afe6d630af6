/**
 * `<plural>/scale` of a custom resource (`customresource.ScaleREST`): an autoscaling/v1 Scale read
 * from and written to the CRD's `specReplicasPath`, `statusReplicasPath` and `labelSelectorPath`,
 * the Scale's resourceVersion being the precondition of the write (the registry's `ScaleREST` with the
 * CRD's paths as its view).
 *
 * @module
 */
import { type ApiObject, newScale, ScaleREST, type ScaleView } from '@apiserver/registry';
import type { CustomResourceSubresourceScale } from '../apis/types.js';
import type { CustomResourceStore } from './cr-store.js';
import { setAtJSONPath, valueAtJSONPath } from './json-path.js';

function integerAt(obj: ApiObject, path: string): number {
  const v = valueAtJSONPath(obj, path);
  return Number.isInteger(v) ? (v as number) : 0;
}

/** The Scale view of custom resources at a CRD's scale paths. */
export function customResourceScale(paths: CustomResourceSubresourceScale): ScaleView {
  return {
    scaleOf: (obj) => {
      const selector = paths.labelSelectorPath === undefined ? undefined : valueAtJSONPath(obj, paths.labelSelectorPath);
      return newScale(obj, integerAt(obj, paths.specReplicasPath), integerAt(obj, paths.statusReplicasPath), typeof selector === 'string' ? selector : undefined);
    },
    setReplicas: (obj, replicas) => setAtJSONPath(obj, paths.specReplicasPath, replicas),
  };
}

/** GET/PUT/PATCH of a custom resource's Scale; a missing object answers the custom resource's own 404. */
export class CustomResourceScaleREST extends ScaleREST {
  /** Reads and writes `store`'s objects at the CRD's scale paths. */
  constructor(store: CustomResourceStore, paths: CustomResourceSubresourceScale) {
    super(store, customResourceScale(paths));
  }
}
