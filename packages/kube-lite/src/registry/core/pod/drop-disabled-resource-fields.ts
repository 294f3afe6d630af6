/**
 * Resource fields of a pod spec whose gates are off in Kubernetes 1.32 (pkg/api/pod `dropDisabledFields`):
 * pod-level `resources` (PodLevelResources, alpha), `resourceClaims` and containers' `resources.claims`
 * (DynamicResourceAllocation, beta, off), and containers' `resizePolicy` (InPlacePodVerticalScaling, alpha). Each is
 * kept when the old spec already used it.
 * @module
 */
import { type JSONRecord, recordAt } from '../../../object-fields.js';
import { fieldNonEmpty } from './field-in-use.js';
import { podContainers } from './pod-containers.js';

/** Whether the spec has pod-level requests or limits (upstream `podLevelResourcesInUse`). */
function podLevelResourcesInUse(spec: JSONRecord | undefined): boolean {
  const resources = recordAt(spec, 'resources');
  return fieldNonEmpty(resources, 'requests') || fieldNonEmpty(resources, 'limits');
}

/**
 * Whether the spec lists resource claims (upstream `dynamicResourceAllocationInUse`): containers can only name claims
 * the pod lists, so the pod-level list is the one to look at.
 */
export function dynamicResourceAllocationInUse(spec: JSONRecord | undefined): boolean {
  return fieldNonEmpty(spec, 'resourceClaims');
}

/**
 * Whether a container (not an init or ephemeral one) has a resize policy (1.32's `inPlacePodVerticalScalingInUse`;
 * 1.33 looks at init containers too).
 */
export function inPlacePodVerticalScalingInUse(spec: JSONRecord | undefined): boolean {
  return podContainers(spec, ['containers']).some((c) => fieldNonEmpty(c, 'resizePolicy'));
}

function dropPodLevelResources(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  if (!podLevelResourcesInUse(oldSpec)) delete spec.resources;
}

function dropResourceClaims(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  if (dynamicResourceAllocationInUse(oldSpec)) return;
  for (const c of podContainers(spec)) {
    const resources = recordAt(c, 'resources');
    if (resources !== undefined) delete resources.claims;
  }
  delete spec.resourceClaims;
}

/** Drops every container's resizePolicy; the container resources stay (their update is for validation to judge). */
function dropResizePolicy(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  if (inPlacePodVerticalScalingInUse(oldSpec)) return;
  for (const c of podContainers(spec)) delete c.resizePolicy;
}

/** Drops the disabled resource fields of `spec`. */
export function dropDisabledResourceFields(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  dropPodLevelResources(spec, oldSpec);
  dropResourceClaims(spec, oldSpec);
  dropResizePolicy(spec, oldSpec);
}
