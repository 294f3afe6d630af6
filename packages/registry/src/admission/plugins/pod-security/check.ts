/**
 * The contract of a Pod Security check (`policy.Check`): a level, versions from which each revision applies, and a
 * function judging a pod's metadata and spec; and how several checks' results aggregate into one message.
 * @module
 */
import type { JSONRecord } from '../../../quota/json-record.js';
import type { Version } from './api.js';

/** A check's verdict: allowed, or the reason (`host ports`) and an optional detail (`8080, 9090`). */
export interface CheckResult {
  /** Whether the pod passes. */
  readonly allowed: boolean;
  /** Why not, succinctly; set when not allowed. */
  readonly forbiddenReason?: string;
  /** The offending values; optional. */
  readonly forbiddenDetail?: string;
}

/** The result of a passing check. */
export const ALLOWED: CheckResult = Object.freeze({ allowed: true });

/** A refusal with its reason and detail. */
export function forbiddenResult(forbiddenReason: string, forbiddenDetail: string): CheckResult {
  return { allowed: false, forbiddenReason, forbiddenDetail };
}

/** Judges a pod (or pod template): its metadata and its spec, both as JSON. */
export type CheckPodFn = (podMetadata: JSONRecord, podSpec: JSONRecord) => CheckResult;

/** One revision of a check, applying from `minimumVersion` until the next revision. */
export interface VersionedCheck {
  /** The first policy version the revision applies to (never `latest`). */
  readonly minimumVersion: Version;
  /** The judgement. */
  readonly checkPod: CheckPodFn;
  /** Baseline checks this restricted revision replaces in the restricted level (`OverrideCheckIDs`). */
  readonly overrideCheckIDs?: readonly string[];
}

/** A Pod Security check. */
export interface Check {
  /** Its unique ID (`privileged`, `runAsNonRoot`…). */
  readonly id: string;
  /** The level it belongs to: baseline checks also run in restricted. */
  readonly level: 'baseline' | 'restricted';
  /** Its revisions, oldest first, strictly increasing. */
  readonly versions: readonly VersionedCheck[];
}

/** The failed checks of one evaluation (`policy.AggregateCheckResult`). */
export interface AggregateCheckResult {
  /** Whether every check passed. */
  readonly allowed: boolean;
  /** The reasons of the failed checks, in check order. */
  readonly forbiddenReasons: readonly string[];
  /** Their details, index by index ("" when a check gave none). */
  readonly forbiddenDetails: readonly string[];
}

/** The placeholder for a refusal without a reason. */
export const UNKNOWN_FORBIDDEN_REASON = 'unknown forbidden reason';

/** Aggregates the results of several checks (`policy.AggregateCheckResults`). */
export function aggregateCheckResults(results: readonly CheckResult[]): AggregateCheckResult {
  const forbiddenReasons: string[] = [];
  const forbiddenDetails: string[] = [];
  for (const r of results) {
    if (r.allowed) continue;
    forbiddenReasons.push(r.forbiddenReason || UNKNOWN_FORBIDDEN_REASON);
    forbiddenDetails.push(r.forbiddenDetail ?? '');
  }
  return { allowed: forbiddenReasons.length === 0, forbiddenReasons, forbiddenDetails };
}

/** The reasons joined by `, ` (what a namespace check reports per pod). */
export function forbiddenReason(a: AggregateCheckResult): string {
  return a.forbiddenReasons.join(', ');
}

/** Each reason with its detail in parentheses, joined by `, ` (what a pod's refusal or warning says). */
export function forbiddenDetail(a: AggregateCheckResult): string {
  return a.forbiddenReasons.map((r, i) => (a.forbiddenDetails[i] ? `${r} (${a.forbiddenDetails[i]})` : r)).join(', ');
}
