/**
 * The API approval of CRDs in the groups kept for the Kubernetes community (`*.k8s.io`, `*.kubernetes.io`, KEP 1111;
 * `apihelpers.IsProtectedCommunityGroup` and `GetAPIApprovalState`): such a CRD must carry the
 * `api-approved.kubernetes.io` annotation with the URL of its approval, or a reason starting with `unapproved`.
 * Validation refuses a missing or invalid annotation when it changes (`validateAPIApproval`); the approval
 * controller reports the state as the `KubernetesAPIApprovalPolicyConformant` condition.
 *
 * @module
 */
import { type FieldError, fieldInvalid, fieldRequired, newPath } from '@apiserver/runtime';
import type { CustomResourceDefinition, CustomResourceDefinitionCondition } from './types.js';

/** The annotation holding the approval (`KubeAPIApprovedAnnotation`). */
export const KUBE_API_APPROVED_ANNOTATION = 'api-approved.kubernetes.io';

/** The condition the approval controller sets. */
export const API_APPROVAL_CONDITION = 'KubernetesAPIApprovalPolicyConformant';

const SEE = 'see https://github.com/kubernetes/enhancements/pull/1111';

/** Whether CRDs of `group` need the approval annotation. */
export function isProtectedCommunityGroup(group: string): boolean {
  return group === 'k8s.io' || group.endsWith('.k8s.io') || group === 'kubernetes.io' || group.endsWith('.kubernetes.io');
}

/** The states of the annotation (`APIApprovalState`). */
export type APIApprovalState = 'Invalid' | 'Approved' | 'Bypassed' | 'Missing';

/** Characters Go's URL parser accepts in a host (`validOptionalPort` and `shouldEscape` for hosts aside). */
const HOST_CHARS = /^[A-Za-z0-9.\-_~!$&'()*+,;=:[\]%]+$/;

/**
 * Whether `value` parses as Go's `url.ParseRequestURI` with a scheme and a host: `scheme://host…`, no control
 * character, a host of the characters Go allows.
 */
function isApprovalURL(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(value);
  if (match === null) return false;
  const authority = match[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host !== '' && HOST_CHARS.test(host);
}

/** The state of a CRD's annotation and its reason, in upstream's words. */
export function apiApprovalState(annotations: Readonly<Record<string, string>> | undefined): { state: APIApprovalState; reason: string } {
  const value = annotations?.[KUBE_API_APPROVED_ANNOTATION] ?? '';
  if (value === '') return { state: 'Missing', reason: `protected groups must have approval annotation "${KUBE_API_APPROVED_ANNOTATION}", ${SEE}` };
  if (value.startsWith('unapproved')) return { state: 'Bypassed', reason: `not approved: ${JSON.stringify(value)}` };
  if (isApprovalURL(value)) return { state: 'Approved', reason: `approved in ${value}` };
  return {
    state: 'Invalid',
    reason: `protected groups must have approval annotation "${KUBE_API_APPROVED_ANNOTATION}" with either a URL or a reason starting with "unapproved", ${SEE}`,
  };
}

/**
 * `validateAPIApproval`: nothing for other groups, nor when an update leaves the state as it was; else a missing
 * annotation is Required and an invalid one Invalid, at `metadata.annotations[api-approved.kubernetes.io]`.
 */
export function validateAPIApproval(crd: CustomResourceDefinition, old?: CustomResourceDefinition): FieldError[] {
  if (!isProtectedCommunityGroup(crd.spec?.group ?? '')) return [];
  const { state, reason } = apiApprovalState(crd.metadata.annotations);
  if (old !== undefined && apiApprovalState(old.metadata.annotations).state === state) return [];
  const path = newPath('metadata', 'annotations').key(KUBE_API_APPROVED_ANNOTATION);
  if (state === 'Missing') return [fieldRequired(path, reason)];
  if (state === 'Invalid') return [fieldInvalid(path, crd.metadata.annotations?.[KUBE_API_APPROVED_ANNOTATION] ?? '', reason)];
  return [];
}

const CONDITION_REASONS: Readonly<Record<APIApprovalState, { status: 'True' | 'False'; reason: string }>> = {
  Invalid: { status: 'False', reason: 'InvalidAnnotation' },
  Missing: { status: 'False', reason: 'MissingAnnotation' },
  Approved: { status: 'True', reason: 'ApprovedAnnotation' },
  Bypassed: { status: 'False', reason: 'UnapprovedAnnotation' },
};

/** The approval controller's condition of a CRD (`calculateCondition`); none for groups that need no approval. */
export function apiApprovalCondition(crd: CustomResourceDefinition): CustomResourceDefinitionCondition | undefined {
  if (!isProtectedCommunityGroup(crd.spec.group)) return undefined;
  const { state, reason } = apiApprovalState(crd.metadata.annotations);
  return { type: API_APPROVAL_CONDITION, ...CONDITION_REASONS[state], message: reason };
}
