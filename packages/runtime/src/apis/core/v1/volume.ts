/** core/v1 Volume with the common volume sources (hostPath, emptyDir, secret, persistentVolumeClaim, configMap). */
import { type Static, Type } from 'typebox';
import { embedded, field, int32, requiredField, struct } from '../../../schema/define.js';
import { QuantitySchema } from '../../../schema/special-types.js';
import { LocalObjectReferenceSchema } from './references.js';

const CORE = 'io.k8s.api.core.v1';

/** Schema of core/v1 KeyToPath. */
export const KeyToPathSchema = struct(`${CORE}.KeyToPath`, 'Maps a key of a ConfigMap or Secret to a file path.', {
  key: requiredField(1, Type.String(), 'The key to project.'),
  path: requiredField(2, Type.String(), 'Relative path of the file to write the key to.'),
  mode: field(3, int32(), 'File mode bits, 0000 to 0777.', { omit: 'nil' }),
});

const items = () => field(2, Type.Array(KeyToPathSchema), 'Keys to project; all keys when empty.', { listType: 'atomic' });
const defaultMode = () => field(3, int32(), 'Default file mode bits, 0000 to 0777.', { omit: 'nil' });
const optional = () => field(4, Type.Boolean(), 'Whether the source may be missing.', { omit: 'nil' });

/** Schema of core/v1 HostPathVolumeSource. */
export const HostPathVolumeSourceSchema = struct(`${CORE}.HostPathVolumeSource`, 'A path on the node.', {
  path: requiredField(1, Type.String(), 'Path of the directory on the host.'),
  type: field(2, Type.String(), 'Type of the host path, e.g. Directory.', { omit: 'nil' }),
});

/** Schema of core/v1 EmptyDirVolumeSource. */
export const EmptyDirVolumeSourceSchema = struct(`${CORE}.EmptyDirVolumeSource`, 'A temporary directory.', {
  medium: field(1, Type.String(), 'Storage medium: "" (node default) or Memory.'),
  sizeLimit: field(2, QuantitySchema, 'Maximum size of the directory.', { omit: 'nil' }),
});

/** Schema of core/v1 SecretVolumeSource. */
export const SecretVolumeSourceSchema = struct(`${CORE}.SecretVolumeSource`, 'A Secret as files.', {
  secretName: field(1, Type.String(), 'Name of the secret in the pod namespace.'),
  items: items(),
  defaultMode: defaultMode(),
  optional: optional(),
});

/** Schema of core/v1 ConfigMapVolumeSource. */
export const ConfigMapVolumeSourceSchema = struct(`${CORE}.ConfigMapVolumeSource`, 'A ConfigMap as files.', {
  ...embedded(1, 'localObjectReference', LocalObjectReferenceSchema),
  items: items(),
  defaultMode: defaultMode(),
  optional: optional(),
});

/** Schema of core/v1 PersistentVolumeClaimVolumeSource. */
export const PersistentVolumeClaimVolumeSourceSchema = struct(
  `${CORE}.PersistentVolumeClaimVolumeSource`,
  'A reference to a PersistentVolumeClaim in the pod namespace.',
  {
    claimName: requiredField(1, Type.String(), 'Name of the claim.'),
    readOnly: field(2, Type.Boolean(), 'Mount read-only.'),
  },
);

/** Schema of core/v1 VolumeSource (the common sources only). */
export const VolumeSourceSchema = struct(`${CORE}.VolumeSource`, 'Where a volume comes from; set exactly one.', {
  hostPath: field(1, HostPathVolumeSourceSchema, 'A directory of the node.', { omit: 'nil' }),
  emptyDir: field(2, EmptyDirVolumeSourceSchema, 'A temporary directory sharing the pod lifetime.', { omit: 'nil' }),
  secret: field(6, SecretVolumeSourceSchema, 'A Secret.', { omit: 'nil' }),
  persistentVolumeClaim: field(10, PersistentVolumeClaimVolumeSourceSchema, 'A PersistentVolumeClaim.', {
    omit: 'nil',
  }),
  configMap: field(19, ConfigMapVolumeSourceSchema, 'A ConfigMap.', { omit: 'nil' }),
});

/** Schema of core/v1 Volume. */
export const VolumeSchema = struct(`${CORE}.Volume`, 'A named volume of a pod.', {
  name: requiredField(1, Type.String(), 'Name of the volume, a DNS label unique in the pod.'),
  ...embedded(2, 'volumeSource', VolumeSourceSchema),
});
/** core/v1 Volume. */
export type Volume = Static<typeof VolumeSchema>;
