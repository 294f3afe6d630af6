/**
 * The RBAC group's four Stores over memory storage, and objects to put in them, shared by the rbac specs.
 * @module
 */
import { type ApiObject, type RequestContext, Store } from '@apiserver/registry';
import { rbacRESTStorageProvider } from '../../../src/registry/rbac/provider.js';
import type { RESTOptionsGetter } from '../../../src/registry/rest-options.js';
import { builtinGroupVersionRegistry } from '../../../src/server/group-version-registry.js';
import { defaultAPIResourceConfig } from '../../../src/server/runtime-config.js';

export const NOW = Date.parse('2026-01-01T03:00:00Z');
export const V1 = 'rbac.authorization.k8s.io/v1';
export const G = 'rbac.authorization.k8s.io';
export const MASTER = { name: 'alice', groups: ['system:masters', 'system:authenticated'] };
export const BOB = { name: 'bob', groups: ['system:authenticated'] };
export const as = (user: { name: string; groups: string[] } | undefined, namespace = ''): RequestContext => ({
  ...(namespace !== '' && { namespace }),
  ...(user !== undefined && { user }),
});

export const roleObj = (name: string, rules: unknown[], extra: Record<string, unknown> = {}): ApiObject => ({ apiVersion: V1, kind: 'Role', metadata: { name }, rules, ...extra });
export const clusterRoleObj = (name: string, rules: unknown[], extra: Record<string, unknown> = {}): ApiObject => ({
  apiVersion: V1,
  kind: 'ClusterRole',
  metadata: { name },
  rules,
  ...extra,
});
export const binding = (kind: 'RoleBinding' | 'ClusterRoleBinding', name: string, refKind: string, ref: string, subjects: unknown[]): ApiObject => ({
  apiVersion: V1,
  kind,
  metadata: { name },
  roleRef: { apiGroup: G, kind: refKind, name: ref },
  subjects,
});

export function groupsFor(getter: RESTOptionsGetter, options: Parameters<typeof rbacRESTStorageProvider>[0] = {}) {
  const provider = rbacRESTStorageProvider({ printer: { now: () => NOW }, ...options });
  const info = provider.newRESTStorage(defaultAPIResourceConfig(builtinGroupVersionRegistry()), getter);
  const map = info.versionedResourcesStorageMap.v1 ?? {};
  const entries: Map<string, unknown> = new Map(map instanceof Map ? map : Object.entries(map));
  const store = (name: string): Store => {
    const s = entries.get(name);
    if (!(s instanceof Store)) throw new TypeError(`${name} is not a Store`);
    return s;
  };
  return {
    provider,
    groups: [info],
    roles: store('roles'),
    rolebindings: store('rolebindings'),
    clusterroles: store('clusterroles'),
    clusterrolebindings: store('clusterrolebindings'),
  };
}
