/**
 * Pod Security levels and policy versions (k8s.io/pod-security-admission/api): parsing the values of the namespace
 * labels, ordering versions and comparing levels.
 * @module
 */

/** A Pod Security Standards level. */
export type Level = 'privileged' | 'baseline' | 'restricted';

/** The levels, least strict first. */
export const LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];

/** A policy version: `v1.<minor>`, or `latest` (newer than any numbered version). */
export interface Version {
  /** The major version (1; 0 only in the unset version). */
  readonly major: number;
  /** The minor version. */
  readonly minor: number;
  /** Whether this is `latest`. */
  readonly latest: boolean;
}

/** A level at a version: what one mode (enforce, audit, warn) evaluates. */
export interface LevelVersion {
  /** The level. */
  readonly level: Level;
  /** The version. */
  readonly version: Version;
}

/** The `latest` version. */
export const LATEST_VERSION: Version = Object.freeze({ major: 0, minor: 0, latest: true });

/** `v<major>.<minor>`. */
export function majorMinorVersion(major: number, minor: number): Version {
  return { major, minor, latest: false };
}

/** `latest` or `v1.N`. */
export function versionString(v: Version): string {
  return v.latest ? 'latest' : `v${v.major}.${v.minor}`;
}

/** `<level>:<version>`, as in `restricted:latest`. */
export function levelVersionString(lv: LevelVersion): string {
  return `${lv.level}:${versionString(lv.version)}`;
}

/** Whether `a` is older than `b` (`latest` is newer than every numbered version). */
export function versionOlder(a: Version, b: Version): boolean {
  if (a.latest) return false;
  if (b.latest) return true;
  return a.major !== b.major ? a.major < b.major : a.minor < b.minor;
}

/** Whether two versions are the same. */
export function versionEqual(a: Version, b: Version): boolean {
  return a.latest === b.latest && a.major === b.major && a.minor === b.minor;
}

/** Whether two level-versions are the same. */
export function levelVersionEqual(a: LevelVersion, b: LevelVersion): boolean {
  return a.level === b.level && versionEqual(a.version, b.version);
}

/** Whether `value` names a level. */
export function isLevel(value: string): value is Level {
  return (LEVELS as readonly string[]).includes(value);
}

/** The level named by a label value; an unknown value is `restricted` with an error message (`api.ParseLevel`). */
export function parseLevel(value: string): { level: Level; error?: string } {
  if (isLevel(value)) return { level: value };
  return { level: 'restricted', error: `must be one of ${LEVELS.join(', ')}` };
}

const VERSION_PATTERN = /^v1\.([0-9]|[1-9][0-9]*)$/;

/** The version named by a label value (`latest` or `v1.N`); anything else is `latest` with an error message. */
export function parseVersion(value: string): { version: Version; error?: string } {
  if (value === 'latest') return { version: LATEST_VERSION };
  const match = VERSION_PATTERN.exec(value);
  const minor = match === null ? Number.NaN : Number(match[1]);
  // Go's strconv.Atoi refuses a number beyond int64; such a label falls back as an unparsable one.
  if (!Number.isSafeInteger(minor)) return { version: LATEST_VERSION, error: 'must be "latest" or "v1.x"' };
  return { version: majorMinorVersion(1, minor) };
}

/** 0 when equal, -1 when `a` is less strict than `b`, 1 when stricter (`api.CompareLevels`). */
export function compareLevels(a: Level, b: Level): number {
  return Math.sign(LEVELS.indexOf(a) - LEVELS.indexOf(b));
}
