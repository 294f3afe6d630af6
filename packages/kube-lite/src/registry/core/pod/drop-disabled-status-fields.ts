/**
 * Pod status fields whose gates are off in Kubernetes 1.32 (pkg/api/pod `dropDisabledPodStatusFields`). Whether a
 * field was in use is read off the old *spec*, as upstream does (for these gates it reads neither status).
 * @module
 */
import { type JSONRecord, recordAt, recordsAt } from '../../../object-fields.js';
import { fieldSet } from './field-in-use.js';
import { dynamicResourceAllocationInUse, inPlacePodVerticalScalingInUse } from './drop-disabled-resource-fields.js';

const CONTAINER_STATUS_LISTS = ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses'] as const;

function containerStatuses(status: JSONRecord): JSONRecord[] {
  return CONTAINER_STATUS_LISTS.flatMap((list) => recordsAt(status, list));
}

/** Removes `key` from every container status. */
function dropFromContainerStatuses(status: JSONRecord, key: string): void {
  for (const s of containerStatuses(status)) delete s[key];
}

/**
 * Drops from `status`: unless the old spec set a container resize policy, `resize` and the container statuses'
 * `resources` (InPlacePodVerticalScaling, alpha); always, the container statuses' `allocatedResources` (it also needs
 * InPlacePodVerticalScalingAllocatedStatus, alpha in 1.32) and `allocatedResourcesStatus` (ResourceHealthStatus,
 * alpha); unless the old spec listed resource claims, `resourceClaimStatuses` (DynamicResourceAllocation, beta,
 * off); unless the old pod security context set a supplementalGroupsPolicy, the container statuses' `user`
 * (SupplementalGroupsPolicy, alpha).
 */
export function dropDisabledPodStatusFields(status: JSONRecord, oldSpec: JSONRecord | undefined): void {
  if (!inPlacePodVerticalScalingInUse(oldSpec)) {
    dropFromContainerStatuses(status, 'resources');
    delete status.resize;
  }
  dropFromContainerStatuses(status, 'allocatedResources');
  if (!dynamicResourceAllocationInUse(oldSpec)) delete status.resourceClaimStatuses;
  dropFromContainerStatuses(status, 'allocatedResourcesStatus');
  if (!fieldSet(recordAt(oldSpec, 'securityContext'), 'supplementalGroupsPolicy')) dropFromContainerStatuses(status, 'user');
}
