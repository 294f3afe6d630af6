/**
 * autoscaling/v1 `horizontalpodautoscalers` (and `/status`) served from the autoscaling/v2 registry, as
 * kube-apiserver serves every version of one stored resource: each object crossing these views is converted
 * (v1-conversion.ts), so both versions read and write the same objects.
 * @module
 */
import type { StatusREST, Store } from '@apiserver/registry';
import { ConvertedGetterUpdater, ConvertedStorage, type VersionConversion } from '../../converted-storage.js';
import { hpaFromV1, hpaToV1 } from './v1-conversion.js';

const AUTOSCALING_V1: VersionConversion = {
  served: { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler' },
  toStored: hpaFromV1,
  fromStored: hpaToV1,
};

/** The autoscaling/v1 view of the autoscaling/v2 HPA {@link Store}. */
export class HPAV1REST extends ConvertedStorage {
  /** Serves `store` (the v2 registry) as autoscaling/v1. */
  constructor(store: Store) {
    super(store, AUTOSCALING_V1);
  }

  /** The v2 resource owns the store. */
  override destroy(): void {}
}

/** The autoscaling/v1 view of `horizontalpodautoscalers/status`. */
export class HPAV1StatusREST extends ConvertedGetterUpdater {
  /** Serves the v2 status subresource (with the v2 store's tables) as autoscaling/v1. */
  constructor(status: StatusREST, store: Store) {
    super(status, store, AUTOSCALING_V1);
  }
}
