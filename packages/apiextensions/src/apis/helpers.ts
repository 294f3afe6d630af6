/**
 * Helpers over CRD objects (`apiextensionshelpers`): conditions, versions and the names served.
 *
 * @module
 */
import { nowTime } from '@apiserver/runtime';
import type {
  CustomResourceDefinition,
  CustomResourceDefinitionCondition,
  CustomResourceDefinitionNames,
  CustomResourceDefinitionVersion,
} from './types.js';

/** The condition of a type, if present. */
export function findCondition(crd: CustomResourceDefinition, type: string): CustomResourceDefinitionCondition | undefined {
  return crd.status?.conditions?.find((c) => c.type === type);
}

/** Whether the condition of a type is `True`. */
export function isConditionTrue(crd: CustomResourceDefinition, type: string): boolean {
  return findCondition(crd, type)?.status === 'True';
}

/**
 * Sets a condition on `crd` in place (`SetCRDCondition`): the transition time changes only when the
 * status does; returns whether anything changed.
 */
export function setCondition(crd: CustomResourceDefinition, condition: CustomResourceDefinitionCondition, clock: () => number = Date.now): boolean {
  const status = (crd.status ??= {});
  const conditions = (status.conditions ??= []);
  const existing = conditions.find((c) => c.type === condition.type);
  if (existing === undefined) {
    conditions.push({ ...condition, lastTransitionTime: nowTime(clock) });
    return true;
  }
  if (existing.status === condition.status && existing.reason === condition.reason && existing.message === condition.message) return false;
  if (existing.status !== condition.status) existing.lastTransitionTime = nowTime(clock);
  existing.status = condition.status;
  if (condition.reason === undefined) delete existing.reason;
  else existing.reason = condition.reason;
  if (condition.message === undefined) delete existing.message;
  else existing.message = condition.message;
  return true;
}

/** The storage version's name (the one version with `storage: true`). */
export function storageVersion(crd: CustomResourceDefinition): string | undefined {
  return crd.spec.versions.find((v) => v.storage)?.name;
}

/** The served versions, in the CRD's order. */
export function servedVersions(crd: CustomResourceDefinition): CustomResourceDefinitionVersion[] {
  return crd.spec.versions.filter((v) => v.served);
}

/** Whether the CRD is being deleted. */
export function isTerminating(crd: CustomResourceDefinition): boolean {
  return crd.metadata.deletionTimestamp !== undefined && crd.metadata.deletionTimestamp !== null;
}

/** The names with upstream's defaults (`singular` = lower-cased kind, `listKind` = kind + `List`). */
export function defaultedNames(names: CustomResourceDefinitionNames): CustomResourceDefinitionNames {
  return {
    ...names,
    singular: names.singular !== undefined && names.singular !== '' ? names.singular : names.kind.toLowerCase(),
    listKind: names.listKind !== undefined && names.listKind !== '' ? names.listKind : `${names.kind}List`,
  };
}

const VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

/**
 * Orders versions as Kubernetes does (`version.CompareKubeAwareVersionStrings`): GA before beta before
 * alpha, higher majors and minors first, other strings last in alphabetical order.
 */
export function compareKubeAwareVersions(a: string, b: string): number {
  const ma = VERSION.exec(a);
  const mb = VERSION.exec(b);
  if (ma === null || mb === null) {
    if (ma !== null) return -1;
    if (mb !== null) return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const rank = (m: RegExpExecArray): number => (m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0);
  if (rank(ma) !== rank(mb)) return rank(mb) - rank(ma);
  if (ma[1] !== mb[1]) return Number(mb[1]) - Number(ma[1]);
  return Number(mb[3] ?? 0) - Number(ma[3] ?? 0);
}
