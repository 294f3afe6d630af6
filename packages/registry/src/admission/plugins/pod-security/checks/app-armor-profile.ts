/**
 * Baseline `appArmorProfile` (1.0+): the pod and its containers may set an AppArmor profile type of `RuntimeDefault`
 * or `Localhost` only, and the deprecated `container.apparmor.security.beta.kubernetes.io/*` annotations only
 * `runtime/default`, `localhost/*` or "".
 * @module
 */
import { goQuote } from '@apiserver/runtime';
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import {
  annotationsOf,
  child,
  compareStrings,
  containerName,
  containerSecurityContext,
  containersPhrase,
  joinQuote,
  pluralize,
  podContainers,
  podSecurityContext,
  sortedSet,
  stringAt,
} from '../pod-spec.js';

const ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

const allowedAnnotation = (v: string): boolean => v === '' || v === 'runtime/default' || v.startsWith('localhost/');

/** The profile type the security context sets, undefined when it sets none or an allowed one. */
function badType(sc: JSONRecord | undefined): string | undefined {
  const profile = child(sc, 'appArmorProfile');
  if (profile === undefined) return undefined;
  const type = stringAt(profile, 'type');
  return type === 'RuntimeDefault' || type === 'Localhost' ? undefined : type;
}

function appArmorProfile_1_0(meta: JSONRecord, spec: JSONRecord): CheckResult {
  const setters: string[] = [];
  const values: string[] = [];
  const podType = badType(podSecurityContext(spec));
  if (podType !== undefined) {
    setters.push('pod');
    values.push(podType);
  }
  const bad: string[] = [];
  for (const c of podContainers(spec)) {
    const type = badType(containerSecurityContext(c));
    if (type === undefined) continue;
    bad.push(containerName(c));
    values.push(type);
  }
  if (bad.length > 0) setters.push(containersPhrase(bad));
  const annotations = Object.entries(annotationsOf(meta))
    .filter(([k, v]) => k.startsWith(ANNOTATION_PREFIX) && !allowedAnnotation(v))
    .map(([k, v]) => `${k}=${goQuote(v)}`)
    .sort(compareStrings);
  const valueList = [...sortedSet(values), ...annotations];
  if (annotations.length > 0) setters.push(pluralize('annotation', 'annotations', annotations.length));
  if (setters.length === 0) return ALLOWED;
  return forbiddenResult(
    pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', valueList.length),
    `${setters.join(' and ')} must not set AppArmor profile type to ${joinQuote(valueList)}`,
  );
}

/** The `appArmorProfile` check. */
export const checkAppArmorProfile: Check = {
  id: 'appArmorProfile',
  level: 'baseline',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: appArmorProfile_1_0 }],
};
