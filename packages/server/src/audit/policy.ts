/**
 * The audit policy (`audit.k8s.io/v1` `Policy`, apiserver `pkg/apis/audit`): which requests are recorded, at
 * which level, and which stages are left out.
 * @module
 */

/** How much of a request an event records; `None` records nothing. */
export type AuditLevel = 'None' | 'Metadata' | 'Request' | 'RequestResponse';

/** The points in a request's life at which an event is written. */
export type AuditStage = 'RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic';

/** The levels, least first. */
export const AUDIT_LEVELS: readonly AuditLevel[] = ['None', 'Metadata', 'Request', 'RequestResponse'];

/** The stages, in the order a request passes them. */
export const AUDIT_STAGES: readonly AuditStage[] = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];

/** True when `level` records at least as much as `other` (`Level.GreaterOrEqual`). */
export function levelAtLeast(level: AuditLevel, other: AuditLevel): boolean {
  return AUDIT_LEVELS.indexOf(level) >= AUDIT_LEVELS.indexOf(other);
}

/** Resources of one API group a rule applies to. */
export interface GroupResources {
  /** API group (`""` for the core group). */
  readonly group?: string;
  /** Resources, `resource/subresource`, `*`, `*\/subresource` or `resource/*`; empty = all of the group. */
  readonly resources?: readonly string[];
  /** Object names; empty = any. */
  readonly resourceNames?: readonly string[];
}

/** One rule: the first rule a request matches decides its level. */
export interface PolicyRule {
  /** The level of matching requests. */
  readonly level: AuditLevel;
  /** User names; empty = any. */
  readonly users?: readonly string[];
  /** User groups (any of the user's); empty = any. */
  readonly userGroups?: readonly string[];
  /** Verbs (`get`, `list`, `watch`, `create`, …); empty = any. */
  readonly verbs?: readonly string[];
  /** Resources; empty = any. */
  readonly resources?: readonly GroupResources[];
  /** Namespaces (`""` for cluster-scoped objects); empty = any. */
  readonly namespaces?: readonly string[];
  /** Non-resource paths (`/healthz`, `/api*`, `*`); empty = any. */
  readonly nonResourceURLs?: readonly string[];
  /** Stages not written for matching requests (added to the policy's). */
  readonly omitStages?: readonly AuditStage[];
  /** Drop `metadata.managedFields` from recorded objects (default: the policy's). */
  readonly omitManagedFields?: boolean;
}

/** An audit policy. */
export interface AuditPolicy {
  /** Rules, first match wins; a request no rule matches is not audited. */
  readonly rules: readonly PolicyRule[];
  /** Stages never written. */
  readonly omitStages?: readonly AuditStage[];
  /** Drop `metadata.managedFields` from recorded objects unless a rule says otherwise. */
  readonly omitManagedFields?: boolean;
}

/** What the policy decided for one request (`RequestAuditConfig`). */
export interface RequestAuditConfig {
  /** The level. */
  readonly level: AuditLevel;
  /** Stages not written. */
  readonly omitStages: readonly AuditStage[];
  /** Drop `metadata.managedFields` from recorded objects. */
  readonly omitManagedFields: boolean;
}
