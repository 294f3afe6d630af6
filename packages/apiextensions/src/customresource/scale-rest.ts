/**
 * `<plural>/scale` of a custom resource (`customresource.ScaleREST`): an autoscaling/v1 Scale read
 * from and written to the CRD's `specReplicasPath`, `statusReplicasPath` and `labelSelectorPath`,
 * the Scale's resourceVersion being the precondition of the write (the registry's `ScaleREST` with the
 * CRD's paths as its view).
 *
 * @module
 */
import { type ApiObject, newScale, ScaleREST, type ScaleView } from '@apiserver/registry';
import { replicasPathOf, type ResourcePathMappings } from '@apiserver/runtime';
import type { CustomResourceDefinition, CustomResourceSubresourceScale } from '../apis/types.js';
import type { CustomResourceStore } from './cr-store.js';
import { setAtJSONPath, valueAtJSONPath } from './json-path.js';

function integerAt(obj: ApiObject, path: string): number {
  const v = valueAtJSONPath(obj, path);
  return Number.isInteger(v) ? (v as number) : 0;
}

/**
 * The replicas path of each version of a CRD (the crd handler's `replicasPathInCustomResource`): the version's
 * `specReplicasPath`, `null` for a version without a scale subresource.
 */
export function customResourceReplicasPaths(crd: CustomResourceDefinition): ResourcePathMappings {
  const mappings: Record<string, ReturnType<typeof replicasPathOf> | null> = {};
  for (const v of crd.spec.versions) {
    const scale = v.subresources?.scale;
    mappings[`${crd.spec.group}/${v.name}`] = scale === undefined ? null : replicasPathOf(scale.specReplicasPath);
  }
  return mappings;
}

/**
 * The Scale view of custom resources at a CRD's scale paths; with `crd` and the `groupVersion` written, scale writes
 * map managedFields between the custom resource and its Scale.
 */
export function customResourceScale(paths: CustomResourceSubresourceScale, crd?: CustomResourceDefinition, groupVersion?: string): ScaleView {
  return {
    ...(crd !== undefined && groupVersion !== undefined && { replicasPaths: { groupVersion, mappings: customResourceReplicasPaths(crd) } }),
    scaleOf: (obj) => {
      const selector = paths.labelSelectorPath === undefined ? undefined : valueAtJSONPath(obj, paths.labelSelectorPath);
      return newScale(obj, integerAt(obj, paths.specReplicasPath), integerAt(obj, paths.statusReplicasPath), typeof selector === 'string' ? selector : undefined);
    },
    setReplicas: (obj, replicas) => setAtJSONPath(obj, paths.specReplicasPath, replicas),
  };
}

/** GET/PUT/PATCH of a custom resource's Scale; a missing object answers the custom resource's own 404. */
export class CustomResourceScaleREST extends ScaleREST {
  /** Reads and writes `store`'s objects at the CRD's scale paths (`groupVersion` of `crd`, the version served). */
  constructor(store: CustomResourceStore, paths: CustomResourceSubresourceScale, crd?: CustomResourceDefinition, groupVersion?: string) {
    super(store, customResourceScale(paths, crd, groupVersion));
  }
}
