/**
 * The AdmissionReview a webhook is sent (upstream webhook/request `CreateAdmissionObjects`): admission.k8s.io/v1,
 * or v1beta1 for a webhook that lists only that, built from the request in the invocation's kind.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { ApiObject, UserInfo } from '../../../rest/types.js';
import type { Attributes, Operation } from '../../interfaces.js';
import { requestNamespace } from './namespace-matcher.js';
import type { WebhookInvocation } from './should-call-hook.js';
import type { VersionedAttributes } from './versioned-attributes.js';

/** The AdmissionReview versions the plugins speak, preferred first. */
export const SUPPORTED_REVIEW_VERSIONS: readonly string[] = ['v1', 'v1beta1'];

/** The first version of the webhook's list the plugins speak, undefined when none. */
export function reviewVersionFor(admissionReviewVersions: readonly string[] | undefined): string | undefined {
  return (admissionReviewVersions ?? []).find((v) => SUPPORTED_REVIEW_VERSIONS.includes(v));
}

/** `authenticationv1.UserInfo` as the review carries it. */
function reviewUserInfo(user: UserInfo | undefined): Record<string, unknown> {
  if (user === undefined) return {};
  return {
    ...(user.name !== '' && { username: user.name }),
    ...(user.uid !== undefined && user.uid !== '' && { uid: user.uid }),
    ...(user.groups !== undefined && user.groups.length > 0 && { groups: [...user.groups] }),
    ...(user.extra !== undefined && Object.keys(user.extra).length > 0 && { extra: user.extra }),
  };
}

const OPTIONS_KINDS: Partial<Record<Operation, string>> = { CREATE: 'CreateOptions', UPDATE: 'UpdateOptions', DELETE: 'DeleteOptions' };

/** The operation's options with the meta.k8s.io/v1 type a Go client decodes them by. */
function reviewOptions(a: Attributes): unknown {
  if (a.options === undefined || a.options === null) return null;
  const kind = OPTIONS_KINDS[a.operation];
  if (kind === undefined || typeof a.options !== 'object') return a.options;
  return { kind, apiVersion: 'meta.k8s.io/v1', ...(a.options as Record<string, unknown>) };
}

function objectOrNull(obj: ApiObject | undefined): ApiObject | null {
  return obj ?? null;
}

/** A review to send, and the uid its response must carry. */
export interface AdmissionReviewRequest {
  /** The request uid. */
  readonly uid: string;
  /** The AdmissionReview version. */
  readonly version: string;
  /** The review object. */
  readonly review: Record<string, unknown>;
}

/** The resource and kind a request is presented as (the invocation's, or a policy's matched ones). */
export interface AdmissionRequestTarget {
  /** The kind the objects are in. */
  readonly kind: WebhookInvocation['kind'];
  /** The resource matched. */
  readonly resource: WebhookInvocation['resource'];
  /** The subresource. */
  readonly subresource: string;
}

/**
 * The AdmissionRequest's fields without uid and objects (upstream `CreateAdmissionRequest`): what a review carries
 * and what CEL admission expressions read as `request`.
 */
export function admissionRequestFields(a: Attributes, target: AdmissionRequestTarget, user: UserInfo | undefined): Record<string, unknown> {
  return {
    kind: { group: target.kind.group, version: target.kind.version, kind: target.kind.kind },
    resource: { group: target.resource.group, version: target.resource.version, resource: target.resource.resource },
    ...(target.subresource !== '' && { subResource: target.subresource }),
    requestKind: { group: a.kind.group, version: a.kind.version, kind: a.kind.kind },
    requestResource: { group: a.resource.group, version: a.resource.version, resource: a.resource.resource },
    ...(a.subresource !== '' && { requestSubResource: a.subresource }),
    ...(a.name !== '' && { name: a.name }),
    ...(requestNamespace(a) !== '' && { namespace: requestNamespace(a) }),
    operation: a.operation,
    userInfo: reviewUserInfo(user),
    dryRun: a.dryRun,
    options: reviewOptions(a),
  };
}

/** Builds the AdmissionReview of one call (a fresh uid each). */
export function createAdmissionReview(version: string, v: VersionedAttributes, invocation: WebhookInvocation, user: UserInfo | undefined): AdmissionReviewRequest {
  const uid = randomUUID();
  const { dryRun, options, ...fields } = admissionRequestFields(v.attributes, invocation, user);
  const request = { uid, ...fields, object: objectOrNull(v.object), oldObject: objectOrNull(v.oldObject), dryRun, options };
  return { uid, version, review: { kind: 'AdmissionReview', apiVersion: `admission.k8s.io/${version}`, request } };
}
