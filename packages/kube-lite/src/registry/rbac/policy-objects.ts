/**
 * The shapes of the bootstrap policy's objects (plugin/pkg/auth/authorizer/rbac/bootstrappolicy): metadata with
 * upstream's bootstrapping label and autoupdate annotation, ClusterRoles, rules and the common verb sets.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { RBAC_GROUP_NAME } from './validation.js';

/** The apiVersion of every bootstrap object. */
export const APIVERSION = `${RBAC_GROUP_NAME}/v1`;

/** A policy rule as the bootstrap objects write it. */
export type BootstrapRule = Readonly<Record<string, readonly string[]>>;

/** The read verbs. */
export const READ = ['get', 'list', 'watch'];

/** The metadata of a bootstrap object: its name (and namespace), upstream's bootstrapping label and autoupdate annotation. */
export function bootstrapMetadata(name: string, namespace?: string): ApiObject['metadata'] {
  return {
    name,
    ...(namespace !== undefined && { namespace }),
    labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
    annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
  };
}

/** A bootstrap ClusterRole with `rules`. */
export function clusterRole(name: string, rules: readonly BootstrapRule[]): ApiObject {
  return { apiVersion: APIVERSION, kind: 'ClusterRole', metadata: bootstrapMetadata(name), rules: structuredClone(rules) };
}

/** A rule granting `verbs` on `resources` of `apiGroups`. */
export const rule = (apiGroups: readonly string[], resources: readonly string[], verbs: readonly string[]): BootstrapRule => ({ apiGroups, resources, verbs });

/** A rule granting `verbs` on the objects `names` of `resources` in `apiGroups`. */
export const namedRule = (apiGroups: readonly string[], resources: readonly string[], names: readonly string[], verbs: readonly string[]): BootstrapRule => ({
  apiGroups,
  resourceNames: names,
  resources,
  verbs,
});

/** A binding subject: a user (`User:<name>`), a group (`Group:<name>`) or a service account of kube-system (`<name>`). */
export function bootstrapSubject(spec: string): Record<string, string> {
  for (const kind of ['User', 'Group']) {
    if (spec.startsWith(`${kind}:`)) return { apiGroup: RBAC_GROUP_NAME, kind, name: spec.slice(kind.length + 1) };
  }
  return { kind: 'ServiceAccount', name: spec, namespace: 'kube-system' };
}

/** A bootstrap binding of the ClusterRole of the same name to `subjects` ({@link bootstrapSubject}); none is written without any. */
export function clusterRoleBinding(name: string, subjects: readonly string[]): ApiObject {
  return {
    apiVersion: APIVERSION,
    kind: 'ClusterRoleBinding',
    metadata: bootstrapMetadata(name),
    roleRef: { apiGroup: RBAC_GROUP_NAME, kind: 'ClusterRole', name },
    ...(subjects.length > 0 && { subjects: subjects.map(bootstrapSubject) }),
  };
}
