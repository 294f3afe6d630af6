/**
 * The Pod Security evaluator (`policy.NewEvaluator`): for each policy version up to the newest a check names, the
 * check revisions in force, baseline checks first then restricted ones, each group in ID order; a restricted
 * revision drops the baseline checks it overrides. A version newer than the newest (or `latest`) evaluates as it.
 * @module
 */
import type { JSONRecord } from '../../../quota/json-record.js';
import type { LevelVersion } from './api.js';
import type { Check, CheckPodFn, CheckResult, VersionedCheck } from './check.js';
import { compareStrings } from './pod-spec.js';

/** Evaluates pods against a level and version. */
export interface Evaluator {
  /** The results of every check in force for `lv` (none for privileged). */
  evaluatePod(lv: LevelVersion, podMetadata: JSONRecord, podSpec: JSONRecord): CheckResult[];
}

function validateChecks(checks: readonly Check[]): void {
  const ids = new Set<string>();
  for (const c of checks) {
    if (ids.has(c.id)) throw new Error(`multiple checks registered for ID ${c.id}`);
    ids.add(c.id);
    if (c.versions.length === 0) throw new Error(`check ${c.id}: empty`);
    let last = -1;
    for (const v of c.versions) {
      if (v.minimumVersion.latest) throw new Error(`check ${c.id}: version cannot be 'latest'`);
      if (v.minimumVersion.major !== 1 || v.minimumVersion.minor <= last) throw new Error(`check ${c.id}: versions must be strictly increasing`);
      last = v.minimumVersion.minor;
    }
  }
}

/** The revision of `check` in force at minor version `minor`, if any. */
function revisionAt(check: Check, minor: number): VersionedCheck | undefined {
  let found: VersionedCheck | undefined;
  for (const v of check.versions) if (v.minimumVersion.minor <= minor) found = v;
  return found;
}

class CheckRegistry implements Evaluator {
  readonly #baseline: CheckPodFn[][] = [];
  readonly #restricted: CheckPodFn[][] = [];
  readonly #maxMinor: number;

  constructor(checks: readonly Check[]) {
    this.#maxMinor = Math.max(...checks.map((c) => c.versions[c.versions.length - 1]?.minimumVersion.minor ?? 0));
    const byId = (level: Check['level']) => checks.filter((c) => c.level === level).sort((a, b) => compareStrings(a.id, b.id));
    const baseline = byId('baseline');
    const restricted = byId('restricted');
    for (let minor = 0; minor <= this.#maxMinor; minor++) {
      const inForce = (list: Check[]) => list.map((c) => [c, revisionAt(c, minor)] as const).filter((e): e is [Check, VersionedCheck] => e[1] !== undefined);
      const baselineNow = inForce(baseline);
      const restrictedNow = inForce(restricted);
      const overridden = new Set(restrictedNow.flatMap(([, v]) => v.overrideCheckIDs ?? []));
      this.#baseline[minor] = baselineNow.map(([, v]) => v.checkPod);
      this.#restricted[minor] = [...baselineNow.filter(([c]) => !overridden.has(c.id)), ...restrictedNow].map(([, v]) => v.checkPod);
    }
  }

  evaluatePod(lv: LevelVersion, podMetadata: JSONRecord, podSpec: JSONRecord): CheckResult[] {
    if (lv.level === 'privileged') return [];
    const minor = lv.version.latest || lv.version.major > 1 || lv.version.minor > this.#maxMinor ? this.#maxMinor : lv.version.minor;
    const checks = lv.level === 'baseline' ? this.#baseline[minor] : this.#restricted[minor];
    return (checks ?? []).map((check) => check(podMetadata, podSpec));
  }
}

/** An evaluator of `checks` (throws when two share an ID or a check's versions do not strictly increase). */
export function newEvaluator(checks: readonly Check[]): Evaluator {
  validateChecks(checks);
  return new CheckRegistry(checks);
}
