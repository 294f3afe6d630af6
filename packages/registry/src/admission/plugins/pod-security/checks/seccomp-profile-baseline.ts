/**
 * Baseline `seccompProfile_baseline`: up to 1.18 the seccomp annotations, from 1.19 the `seccompProfile.type` fields
 * may name only the runtime default or a localhost profile (replaced by `seccompProfile_restricted` in restricted
 * from 1.19).
 * @module
 */
import { goQuote } from '@apiserver/runtime';
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { annotationsOf, child, containerName, containerSecurityContext, containersPhrase, joinQuote, pluralize, podContainers, podSecurityContext, sortedSet, stringAt } from '../pod-spec.js';

/** The ID of the check, which `seccompProfile_restricted` overrides. */
export const CHECK_SECCOMP_BASELINE_ID = 'seccompProfile_baseline';

const POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

/** Whether a `seccompProfile.type` is allowed. */
export const validSeccompType = (t: string): boolean => t === 'Localhost' || t === 'RuntimeDefault';

const validAnnotation = (v: string): boolean => v === 'runtime/default' || v === 'docker/default' || v.startsWith('localhost/');

function seccompProfileBaseline_1_0(meta: JSONRecord, spec: JSONRecord): CheckResult {
  const annotations = annotationsOf(meta);
  const forbidden: string[] = [];
  const judge = (key: string) => {
    const v = annotations[key];
    if (v !== undefined && !validAnnotation(v)) forbidden.push(`${key}=${goQuote(v)}`);
  };
  judge(POD_ANNOTATION);
  for (const c of podContainers(spec)) judge(CONTAINER_ANNOTATION_PREFIX + containerName(c));
  if (forbidden.length === 0) return ALLOWED;
  const list = sortedSet(forbidden);
  return forbiddenResult('seccompProfile', `forbidden ${pluralize('annotation', 'annotations', list.length)} ${list.join(', ')}`);
}

/** The seccomp profile type a security context sets, when it sets one. */
export function seccompType(sc: JSONRecord | undefined): string | undefined {
  const profile = child(sc, 'seccompProfile');
  return profile === undefined ? undefined : stringAt(profile, 'type');
}

/** The pod (`pod`) and containers (`container "a"`) explicitly setting a bad type, and the bad types. */
export function explicitSeccompSetters(spec: JSONRecord): { setters: string[]; values: string[] } {
  const setters: string[] = [];
  const values: string[] = [];
  const podType = seccompType(podSecurityContext(spec));
  if (podType !== undefined && !validSeccompType(podType)) {
    setters.push('pod');
    values.push(podType);
  }
  const bad: string[] = [];
  for (const c of podContainers(spec)) {
    const type = seccompType(containerSecurityContext(c));
    if (type === undefined || validSeccompType(type)) continue;
    bad.push(containerName(c));
    values.push(type);
  }
  if (bad.length > 0) setters.push(containersPhrase(bad));
  return { setters, values };
}

/** `… must not set securityContext.seccompProfile.type to "…"`, or undefined when nothing sets a bad type. */
export function explicitSeccompResult(spec: JSONRecord): CheckResult | undefined {
  const { setters, values } = explicitSeccompSetters(spec);
  if (setters.length === 0) return undefined;
  return forbiddenResult('seccompProfile', `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}`);
}

function seccompProfileBaseline_1_19(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  return explicitSeccompResult(spec) ?? ALLOWED;
}

/** The `seccompProfile_baseline` check. */
export const checkSeccompProfileBaseline: Check = {
  id: CHECK_SECCOMP_BASELINE_ID,
  level: 'baseline',
  versions: [
    { minimumVersion: majorMinorVersion(1, 0), checkPod: seccompProfileBaseline_1_0 },
    { minimumVersion: majorMinorVersion(1, 19), checkPod: seccompProfileBaseline_1_19 },
  ],
};
