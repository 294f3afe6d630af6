/** core/v1 Volume and the volume sources the hand-written schemas exported (all others are in `coreV1`). Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { ConfigMapVolumeSourceSchema, EmptyDirVolumeSourceSchema, HostPathVolumeSourceSchema, KeyToPathSchema, PersistentVolumeClaimVolumeSourceSchema, SecretVolumeSourceSchema, VolumeSchema, VolumeSourceSchema } from '../../generated/core/v1/types.js';

export { ConfigMapVolumeSourceSchema, EmptyDirVolumeSourceSchema, HostPathVolumeSourceSchema, KeyToPathSchema, PersistentVolumeClaimVolumeSourceSchema, SecretVolumeSourceSchema, VolumeSchema, VolumeSourceSchema };

/** core/v1 Volume. */
export type Volume = Static<typeof VolumeSchema>;
