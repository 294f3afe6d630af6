/**
 * The plugin's configuration (`PodSecurityConfiguration` of pod-security.admission.config.k8s.io): the levels and
 * versions an unlabelled namespace gets, and the users, namespaces and runtime classes exempt from the policy.
 * @module
 */
import { type Level, type LevelVersion, parseLevel, parseVersion } from './api.js';
import { PRIVILEGED_POLICY, type Policy } from './policy.js';

/** The defaults, as in the configuration file (`privileged`/`latest` when absent). */
export interface PodSecurityDefaults {
  /** Enforced level. */
  readonly enforce?: string;
  /** Enforced version. */
  readonly 'enforce-version'?: string;
  /** Audited level. */
  readonly audit?: string;
  /** Audited version. */
  readonly 'audit-version'?: string;
  /** Level warned about. */
  readonly warn?: string;
  /** Version warned about. */
  readonly 'warn-version'?: string;
}

/** Who and what the policy does not apply to. */
export interface PodSecurityExemptions {
  /** Authenticated user names. */
  readonly usernames?: readonly string[];
  /** Namespaces. */
  readonly namespaces?: readonly string[];
  /** Runtime class names. */
  readonly runtimeClasses?: readonly string[];
}

/** The plugin's configuration; none means privileged defaults and no exemptions. */
export interface PodSecurityConfiguration {
  /** The policy of a namespace without labels. */
  readonly defaults?: PodSecurityDefaults;
  /** The exemptions. */
  readonly exemptions?: PodSecurityExemptions;
}

function mode(name: string, level: string | undefined, version: string | undefined, fallback: LevelVersion): LevelVersion {
  const parsedLevel = level === undefined ? { level: fallback.level } : parseLevel(level);
  if (parsedLevel.error !== undefined) throw new Error(`${name}: ${parsedLevel.error}`);
  const parsedVersion = version === undefined ? { version: fallback.version } : parseVersion(version);
  if (parsedVersion.error !== undefined) throw new Error(`${name}-version: ${parsedVersion.error}`);
  return { level: parsedLevel.level as Level, version: parsedVersion.version };
}

/** The default policy the configuration names (`ToPolicy`); throws on an invalid level or version. */
export function defaultPolicy(config: PodSecurityConfiguration | undefined): Policy {
  const d = config?.defaults ?? {};
  return {
    enforce: mode('enforce', d.enforce, d['enforce-version'], PRIVILEGED_POLICY.enforce),
    audit: mode('audit', d.audit, d['audit-version'], PRIVILEGED_POLICY.audit),
    warn: mode('warn', d.warn, d['warn-version'], PRIVILEGED_POLICY.warn),
  };
}
