/**
 * A namespace's Pod Security policy from its labels (`api.PolicyToEvaluate`): one level-version per mode, the
 * defaults where a label is absent, and a field error per unparsable label.
 * @module
 */
import { type FieldError, fieldInvalid, newPath } from '@apiserver/runtime';
import { compareLevels, type LevelVersion, LATEST_VERSION, levelVersionEqual, parseLevel, parseVersion, versionEqual } from './api.js';

/** The prefix of the namespace labels and of the audit annotations (`pod-security.kubernetes.io/`). */
export const POD_SECURITY_PREFIX = 'pod-security.kubernetes.io/';
/** The label naming the enforced level. */
export const ENFORCE_LEVEL_LABEL = `${POD_SECURITY_PREFIX}enforce`;
/** The label naming the enforced version. */
export const ENFORCE_VERSION_LABEL = `${POD_SECURITY_PREFIX}enforce-version`;
/** The label naming the audited level. */
export const AUDIT_LEVEL_LABEL = `${POD_SECURITY_PREFIX}audit`;
/** The label naming the audited version. */
export const AUDIT_VERSION_LABEL = `${POD_SECURITY_PREFIX}audit-version`;
/** The label naming the level warned about. */
export const WARN_LEVEL_LABEL = `${POD_SECURITY_PREFIX}warn`;
/** The label naming the version warned about. */
export const WARN_VERSION_LABEL = `${POD_SECURITY_PREFIX}warn-version`;

/** What a namespace enforces, audits and warns about. */
export interface Policy {
  /** Pods violating it are refused. */
  readonly enforce: LevelVersion;
  /** Violations are recorded in the audit event. */
  readonly audit: LevelVersion;
  /** Violations are returned as warnings. */
  readonly warn: LevelVersion;
}

const PRIVILEGED_LATEST: LevelVersion = { level: 'privileged', version: LATEST_VERSION };

/** `privileged:latest` in every mode: the policy of an unlabelled namespace when no defaults are configured. */
export const PRIVILEGED_POLICY: Policy = { enforce: PRIVILEGED_LATEST, audit: PRIVILEGED_LATEST, warn: PRIVILEGED_LATEST };

/** Whether every mode is privileged (`Policy.FullyPrivileged`). */
export function fullyPrivileged(p: Policy): boolean {
  return p.enforce.level === 'privileged' && p.audit.level === 'privileged' && p.warn.level === 'privileged';
}

/** Whether two policies are equivalent: equal modes, privileged modes being equal whatever their versions. */
export function policyEquivalent(a: Policy, b: Policy): boolean {
  const same = (x: LevelVersion, y: LevelVersion) =>
    levelVersionEqual(x, y) || (x.level === 'privileged' && y.level === 'privileged');
  return same(a.enforce, b.enforce) && same(a.audit, b.audit) && same(a.warn, b.warn);
}

const LABELS_PATH = newPath('metadata', 'labels');

type Mode = 'enforce' | 'audit' | 'warn';

function modeOf(mode: Mode, labels: Readonly<Record<string, string>>, current: LevelVersion, errs: FieldError[]): LevelVersion {
  let { level, version } = current;
  const levelLabel = `${POD_SECURITY_PREFIX}${mode}`;
  const levelValue = labels[levelLabel];
  if (levelValue !== undefined) {
    const parsed = parseLevel(levelValue);
    level = parsed.level;
    if (parsed.error !== undefined) {
      errs.push(fieldInvalid(LABELS_PATH.key(levelLabel), levelValue, parsed.error));
      // Audit and warn fail open; enforce fails closed (restricted).
      if (mode !== 'enforce') level = 'privileged';
    }
  }
  const versionLabel = `${levelLabel}-version`;
  const versionValue = labels[versionLabel];
  if (versionValue !== undefined) {
    const parsed = parseVersion(versionValue);
    version = parsed.version;
    if (parsed.error !== undefined) errs.push(fieldInvalid(LABELS_PATH.key(versionLabel), versionValue, parsed.error));
  }
  return { level, version };
}

/**
 * The policy of a namespace with these labels, falling back to `defaults`; always a usable policy, with one field
 * error per unparsable label (enforce falls back to restricted, audit and warn to privileged, versions to latest).
 */
export function policyToEvaluate(labels: Readonly<Record<string, string>> | undefined, defaults: Policy): { policy: Policy; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (labels === undefined || Object.keys(labels).length === 0) return { policy: defaults, errors };
  const policy = {
    enforce: modeOf('enforce', labels, defaults.enforce, errors),
    audit: modeOf('audit', labels, defaults.audit, errors),
    warn: modeOf('warn', labels, defaults.warn, errors),
  };
  return { policy, errors };
}

/** Whether the enforce mode of `next` is stricter than, or at another version than, that of `prev`. */
export function enforceTightened(next: Policy, prev: Policy): boolean {
  if (levelVersionEqual(next.enforce, prev.enforce) || next.enforce.level === 'privileged') return false;
  return !(versionEqual(next.enforce.version, prev.enforce.version) && compareLevels(next.enforce.level, prev.enforce.level) < 1);
}
