/**
 * core/v1 NodeStatus and its parts: conditions, addresses, daemon endpoints, system info, images, volumes,
 * config, runtime handlers and CRI features.
 * Generated from k8s.io/api (see `apis/generated`).
 */
import { AttachedVolumeSchema, ConfigMapNodeConfigSourceSchema, ContainerImageSchema, DaemonEndpointSchema, NodeAddressSchema, NodeConditionSchema, NodeConfigSourceSchema, NodeConfigStatusSchema, NodeDaemonEndpointsSchema, NodeFeaturesSchema, NodeRuntimeHandlerSchema, NodeStatusSchema, NodeSystemInfoSchema } from '../../generated/core/v1/types.js';

export { AttachedVolumeSchema, ConfigMapNodeConfigSourceSchema, ContainerImageSchema, DaemonEndpointSchema, NodeAddressSchema, NodeConditionSchema, NodeConfigSourceSchema, NodeConfigStatusSchema, NodeDaemonEndpointsSchema, NodeFeaturesSchema, NodeRuntimeHandlerSchema, NodeStatusSchema, NodeSystemInfoSchema };
