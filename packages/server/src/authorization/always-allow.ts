/**
 * The authorizers a delegating server puts before its SubjectAccessReviews (k8s.io/apiserver
 * `pkg/authorization/path` and `authorizerfactory.NewPrivilegedGroups`): paths everyone may read without a
 * review, and groups that may do anything.
 * @module
 */
import { SYSTEM_PRIVILEGED_GROUP } from '../authentication/user.js';
import type { Authorization, Authorizer } from './authorizer.js';

const ALLOW: Authorization = { decision: 'Allow', reason: '' };
const NO_OPINION: Authorization = { decision: 'NoOpinion', reason: '' };

/** Thrown for an always-allowed path that is not usable. */
export class AlwaysAllowPathError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'AlwaysAllowPathError';
  }
}

/**
 * Allows non-resource requests for the given paths (a trailing `*` matches every path with that prefix); no
 * opinion on anything else.
 */
export function alwaysAllowPathsAuthorizer(paths: readonly string[]): Authorizer {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const p of paths) {
    const trimmed = p.replace(/^\//, '');
    if (trimmed.includes('*') && trimmed.indexOf('*') !== trimmed.length - 1) throw new AlwaysAllowPathError(`only trailing * allowed in ${JSON.stringify(p)}`);
    if (trimmed.endsWith('*')) prefixes.push(trimmed.slice(0, -1));
    else exact.add(trimmed);
  }
  return {
    authorize(a) {
      if (a.isResourceRequest) return NO_OPINION;
      const path = a.path.replace(/^\//, '');
      return exact.has(path) || prefixes.some((prefix) => path.startsWith(prefix)) ? ALLOW : NO_OPINION;
    },
  };
}

/**
 * Allows every request of a user in one of `groups` (default `system:masters`, the superuser authorizer
 * kube-apiserver puts before its modes); no opinion otherwise.
 */
export function privilegedGroupsAuthorizer(groups: readonly string[] = [SYSTEM_PRIVILEGED_GROUP]): Authorizer {
  return { authorize: (a) => ((a.user?.groups ?? []).some((g) => groups.includes(g)) ? ALLOW : NO_OPINION) };
}
