/**
 * core/v1 NodeStatus and its parts: conditions, addresses, daemon endpoints, system info, images, volumes,
 * config, runtime handlers and CRI features.
 */
import { Type } from 'typebox';
import { field, int32, int64, requiredField, stringList, struct } from '../../../schema/define.js';
import { QuantitySchema, TimeSchema } from '../../../schema/special-types.js';

const CORE = 'io.k8s.api.core.v1';

/** Schema of core/v1 ConfigMapNodeConfigSource. */
export const ConfigMapNodeConfigSourceSchema = struct(
  `${CORE}.ConfigMapNodeConfigSource`,
  'A ConfigMap used as the configuration source of a node.',
  {
    namespace: requiredField(1, Type.String(), 'Namespace of the ConfigMap.'),
    name: requiredField(2, Type.String(), 'Name of the ConfigMap.'),
    uid: field(3, Type.String(), 'UID of the ConfigMap; forbidden in the spec, required in the status.'),
    resourceVersion: field(4, Type.String(), 'Resource version of the ConfigMap; forbidden in the spec, required in the status.'),
    kubeletConfigKey: requiredField(5, Type.String(), 'Key of the ConfigMap holding the KubeletConfiguration.'),
  },
);

/** Schema of core/v1 NodeConfigSource (deprecated with dynamic kubelet configuration). */
export const NodeConfigSourceSchema = struct(`${CORE}.NodeConfigSource`, 'Where a node reads its configuration from.', {
  configMap: field(2, ConfigMapNodeConfigSourceSchema, 'A ConfigMap holding the configuration.', { omit: 'nil' }),
});

/** Schema of core/v1 NodeConfigStatus. */
export const NodeConfigStatusSchema = struct(`${CORE}.NodeConfigStatus`, 'Status of the configuration assigned to a node.', {
  assigned: field(1, NodeConfigSourceSchema, 'Configuration the node will try to use.', { omit: 'nil' }),
  active: field(2, NodeConfigSourceSchema, 'Configuration the node is using.', { omit: 'nil' }),
  lastKnownGood: field(3, NodeConfigSourceSchema, 'Configuration the node falls back to on errors.', { omit: 'nil' }),
  error: field(4, Type.String(), 'Problem reconciling the assigned configuration, if any.'),
});

/** Schema of core/v1 NodeCondition. */
export const NodeConditionSchema = struct(`${CORE}.NodeCondition`, 'One condition of a node, e.g. Ready.', {
  type: requiredField(1, Type.String(), 'Type of the condition, e.g. Ready or MemoryPressure.'),
  status: requiredField(2, Type.String(), 'True, False or Unknown.'),
  lastHeartbeatTime: field(3, TimeSchema, 'Last time the condition was reported.'),
  lastTransitionTime: field(4, TimeSchema, 'Last time the condition changed status.'),
  reason: field(5, Type.String(), 'Brief reason for the last transition.'),
  message: field(6, Type.String(), 'Human-readable details of the last transition.'),
});

/** Schema of core/v1 NodeAddress. */
export const NodeAddressSchema = struct(`${CORE}.NodeAddress`, 'One address of a node.', {
  type: requiredField(1, Type.String(), 'Hostname, InternalIP, ExternalIP, InternalDNS or ExternalDNS.'),
  address: requiredField(2, Type.String(), 'The address.'),
});

/** Schema of core/v1 DaemonEndpoint (its JSON key is `Port`, capitalised, for compatibility). */
export const DaemonEndpointSchema = struct(`${CORE}.DaemonEndpoint`, 'A port a daemon on the node listens on.', {
  Port: requiredField(1, int32(), 'Port number of the endpoint.'),
});

/** Schema of core/v1 NodeDaemonEndpoints. */
export const NodeDaemonEndpointsSchema = struct(`${CORE}.NodeDaemonEndpoints`, 'Ports of the daemons running on a node.', {
  kubeletEndpoint: field(1, DaemonEndpointSchema, 'Endpoint the kubelet listens on.'),
});

/** Schema of core/v1 NodeSystemInfo. */
export const NodeSystemInfoSchema = struct(`${CORE}.NodeSystemInfo`, 'Identifiers and versions reported by a node.', {
  machineID: requiredField(1, Type.String(), 'Machine ID of the node (preferred for unique identification).'),
  systemUUID: requiredField(2, Type.String(), 'System UUID of the node.'),
  bootID: requiredField(3, Type.String(), 'Boot ID of the node.'),
  kernelVersion: requiredField(4, Type.String(), 'Kernel version, as uname -r reports it.'),
  osImage: requiredField(5, Type.String(), 'OS image, from /etc/os-release.'),
  containerRuntimeVersion: requiredField(6, Type.String(), 'Container runtime and version, e.g. containerd://1.7.0.'),
  kubeletVersion: requiredField(7, Type.String(), 'Kubelet version.'),
  kubeProxyVersion: requiredField(8, Type.String(), 'Deprecated: kube-proxy version.'),
  operatingSystem: requiredField(9, Type.String(), 'Operating system, e.g. linux.'),
  architecture: requiredField(10, Type.String(), 'CPU architecture, e.g. amd64.'),
});

/** Schema of core/v1 ContainerImage. */
export const ContainerImageSchema = struct(`${CORE}.ContainerImage`, 'A container image present on a node.', {
  names: field(1, stringList(), 'Names the image is known by.', { omit: 'never', listType: 'atomic' }),
  sizeBytes: field(2, int64(), 'Size of the image in bytes.'),
});

/** Schema of core/v1 AttachedVolume. */
export const AttachedVolumeSchema = struct(`${CORE}.AttachedVolume`, 'A volume attached to a node.', {
  name: requiredField(1, Type.String(), 'Name of the attached volume.'),
  devicePath: requiredField(2, Type.String(), 'Device path where the volume is available.'),
});

/** Schema of core/v1 NodeRuntimeHandler. */
export const NodeRuntimeHandlerSchema = struct(`${CORE}.NodeRuntimeHandler`, 'A runtime handler of the node and its features.', {
  name: field(1, Type.String(), 'Runtime handler name; empty for the default handler.', { omit: 'never' }),
  features: field(
    2,
    struct(`${CORE}.NodeRuntimeHandlerFeatures`, 'Features implemented by a runtime handler.', {
      recursiveReadOnlyMounts: field(1, Type.Boolean(), 'Whether recursive read-only mounts are supported.', { omit: 'nil' }),
      userNamespaces: field(2, Type.Boolean(), 'Whether user namespaces, volumes included, are supported.', { omit: 'nil' }),
    }),
    'Supported features.',
    { omit: 'nil' },
  ),
});

/** Schema of core/v1 NodeFeatures (only supplementalGroupsPolicy). */
export const NodeFeaturesSchema = struct(`${CORE}.NodeFeatures`, 'Features implemented by the CRI implementation of a node.', {
  supplementalGroupsPolicy: field(1, Type.Boolean(), 'Whether SupplementalGroupsPolicy and ContainerUser are supported.', {
    omit: 'nil',
  }),
});

const byType = { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' } as const;

/** Schema of core/v1 NodeStatus (no declaredFeatures). */
export const NodeStatusSchema = struct(`${CORE}.NodeStatus`, 'Observed state of a node.', {
  capacity: field(1, Type.Record(Type.String(), QuantitySchema), 'Total resources of the node.'),
  allocatable: field(2, Type.Record(Type.String(), QuantitySchema), 'Resources available for scheduling; defaults to capacity.'),
  phase: field(3, Type.String(), 'Deprecated lifecycle phase; never populated.'),
  conditions: field(4, Type.Array(NodeConditionSchema), 'Current observed conditions of the node.', byType),
  addresses: field(5, Type.Array(NodeAddressSchema), 'Addresses reachable to the node.', byType),
  daemonEndpoints: field(6, NodeDaemonEndpointsSchema, 'Endpoints of daemons running on the node.'),
  nodeInfo: field(7, NodeSystemInfoSchema, 'Identifiers and versions of the node.'),
  images: field(8, Type.Array(ContainerImageSchema), 'Container images on the node.', { listType: 'atomic' }),
  volumesInUse: field(9, stringList(), 'Attachable volumes mounted by the node.', { listType: 'atomic' }),
  volumesAttached: field(10, Type.Array(AttachedVolumeSchema), 'Volumes attached to the node.', { listType: 'atomic' }),
  config: field(11, NodeConfigStatusSchema, 'Status of the configuration assigned to the node.', { omit: 'nil' }),
  runtimeHandlers: field(12, Type.Array(NodeRuntimeHandlerSchema), 'Available runtime handlers.', { listType: 'atomic' }),
  features: field(13, NodeFeaturesSchema, 'Features implemented by the CRI implementation.', { omit: 'nil' }),
});
