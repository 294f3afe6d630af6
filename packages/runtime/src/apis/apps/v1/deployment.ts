/** apps/v1 Deployment and its parts. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { DeploymentConditionSchema, DeploymentListSchema, DeploymentSchema, DeploymentSpecSchema, DeploymentStatusSchema, DeploymentStrategySchema, RollingUpdateDeploymentSchema } from '../../generated/apps/v1/types.js';

export { DeploymentConditionSchema, DeploymentListSchema, DeploymentSchema, DeploymentSpecSchema, DeploymentStatusSchema, DeploymentStrategySchema, RollingUpdateDeploymentSchema };

/** apps/v1 Deployment. */
export type Deployment = Static<typeof DeploymentSchema>;

/** DeploymentList. */
export type DeploymentList = Static<typeof DeploymentListSchema>;
