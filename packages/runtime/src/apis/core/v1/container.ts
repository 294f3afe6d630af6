/** core/v1 Container and its parts: ports, environment, resources, mounts, probes. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { ContainerPortSchema, ContainerSchema, EnvFromSourceSchema, EnvVarSchema, EnvVarSourceSchema, ResourceRequirementsSchema, VolumeMountSchema } from '../../generated/core/v1/types.js';

export { ContainerPortSchema, ContainerSchema, EnvFromSourceSchema, EnvVarSchema, EnvVarSourceSchema, ResourceRequirementsSchema, VolumeMountSchema };

/** core/v1 Container. */
export type Container = Static<typeof ContainerSchema>;
