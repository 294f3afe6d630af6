/**
 * What one Pod Security evaluation answers (`admissionv1.AdmissionResponse` as the library fills it): allowed or a
 * Status, warnings, and audit annotations (keys without the `pod-security.kubernetes.io/` prefix).
 * @module
 */
import { levelVersionString, LATEST_VERSION } from './api.js';
import type { StatusError } from '@apiserver/runtime';

/** An evaluation's answer. */
export interface PodSecurityResponse {
  /** Whether the request may proceed. */
  readonly allowed: boolean;
  /** The refusal, when not allowed. */
  readonly status?: StatusError;
  /** Warnings for the client. */
  readonly warnings: readonly string[];
  /** Audit annotations, keyed without the prefix (`enforce-policy`, `audit-violations`, `exempt`, `error`). */
  readonly auditAnnotations: Readonly<Record<string, string>>;
}

/** The audit annotation naming the enforced policy. */
export const ENFORCED_POLICY_ANNOTATION = 'enforce-policy';
/** The audit annotation with the audit level's violations. */
export const AUDIT_VIOLATIONS_ANNOTATION = 'audit-violations';
/** The audit annotation naming why the request was exempt (`user`, `namespace`, `runtimeClass`). */
export const EXEMPTION_REASON_ANNOTATION = 'exempt';

/** Allowed, with nothing to say. */
export const ALLOWED_RESPONSE: PodSecurityResponse = Object.freeze({ allowed: true, warnings: [], auditAnnotations: {} });

/** Allowed in a fully privileged namespace. */
export const ALLOWED_PRIVILEGED_RESPONSE: PodSecurityResponse = Object.freeze({
  allowed: true,
  warnings: [],
  auditAnnotations: { [ENFORCED_POLICY_ANNOTATION]: levelVersionString({ level: 'privileged', version: LATEST_VERSION }) },
});

/** Allowed because of an exemption. */
export function allowedByExemption(reason: 'user' | 'namespace' | 'runtimeClass'): PodSecurityResponse {
  return { allowed: true, warnings: [], auditAnnotations: { [EXEMPTION_REASON_ANNOTATION]: reason } };
}

/** Refused with `status`, recording `error` in the audit annotations (`errorResponse`). */
export function errorResponse(status: StatusError, cause?: string): PodSecurityResponse {
  const message = status.status.message ?? '';
  return { allowed: false, status, warnings: [], auditAnnotations: { error: cause === undefined ? message : `${message}: ${cause}` } };
}
