/**
 * Baseline `hostPathVolumes` (1.0+): no `hostPath` volume (replaced by `restrictedVolumes` in restricted).
 * @module
 */
import { isRecord, type JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { joinQuote, listAt, pluralize, stringAt } from '../pod-spec.js';

/** The ID of the check, which `restrictedVolumes` overrides. */
export const CHECK_HOST_PATH_VOLUMES_ID = 'hostPathVolumes';

function hostPathVolumes_1_0(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const bad = listAt(spec, 'volumes')
    .filter((v): v is JSONRecord => isRecord(v) && isRecord(v['hostPath']))
    .map((v) => stringAt(v, 'name'));
  if (bad.length === 0) return ALLOWED;
  return forbiddenResult('hostPath volumes', `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)}`);
}

/** The `hostPathVolumes` check. */
export const checkHostPathVolumes: Check = {
  id: CHECK_HOST_PATH_VOLUMES_ID,
  level: 'baseline',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: hostPathVolumes_1_0 }],
};
