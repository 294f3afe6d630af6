/**
 * kube-apiserver's dropping of pod fields whose feature gate is off (pkg/api/pod `DropDisabledPodFields`, called by
 * the pod strategies, and `DropDisabledTemplateFields`, called by every workload strategy for its pod template),
 * for the gates as Kubernetes 1.32 defaults them. A field a gate guards is dropped unless the old object already
 * used it, so that objects stored while the gate was on stay updatable. Gates on by default in 1.32
 * (RecursiveReadOnlyMounts, SidecarContainers, PodLifecycleSleepAction, AppArmor, MatchLabelKeysInPodAffinity,
 * MatchLabelKeysInPodTopologySpread, NodeInclusionPolicyInPodTopologySpread) drop nothing.
 * @module
 */
import { type JSONRecord, recordAt } from '../../../object-fields.js';
import { dropDisabledResourceFields } from './drop-disabled-resource-fields.js';
import { dropDisabledSecurityFields } from './drop-disabled-security-fields.js';
import { dropDisabledPodStatusFields } from './drop-disabled-status-fields.js';
import { dropDisabledVolumeFields } from './drop-disabled-volume-fields.js';

/** Drops the disabled fields of a pod spec (upstream `dropDisabledFields`; the annotations it reads are for gates on in 1.32). */
function dropDisabledSpecFields(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  dropDisabledSecurityFields(spec, oldSpec);
  dropDisabledResourceFields(spec, oldSpec);
  dropDisabledVolumeFields(spec, oldSpec);
}

/**
 * Drops the fields of `pod`'s spec and status whose gate is off in Kubernetes 1.32, keeping those the `oldPod` (on an
 * update) already used. The pod is changed in place.
 *
 * @param pod - The pod being created or updated.
 * @param oldPod - The stored pod on an update; absent on create.
 */
export function dropDisabledPodFields(pod: Record<string, unknown>, oldPod?: Record<string, unknown>): void {
  const spec = recordAt(pod, 'spec');
  const oldSpec = recordAt(oldPod, 'spec');
  if (spec !== undefined) dropDisabledSpecFields(spec, oldSpec);
  const status = recordAt(pod, 'status');
  if (status !== undefined) dropDisabledPodStatusFields(status, oldSpec);
}

/**
 * Drops the fields of a pod template's spec whose gate is off in Kubernetes 1.32, keeping those the `oldTemplate`
 * (on an update) already used. The template is changed in place; an absent template is left alone.
 *
 * @param template - The pod template (`spec.template` of a Deployment, `template` of a PodTemplate, …).
 * @param oldTemplate - The stored object's template on an update; absent on create.
 */
export function dropDisabledTemplateFields(template: unknown, oldTemplate?: unknown): void {
  const spec = recordAt(template, 'spec');
  if (spec !== undefined) dropDisabledSpecFields(spec, recordAt(oldTemplate, 'spec'));
}
