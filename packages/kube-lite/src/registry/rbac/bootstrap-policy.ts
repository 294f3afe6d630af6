/**
 * The bootstrap policy subset kube-lite ensures at start (plugin/pkg/auth/authorizer/rbac/bootstrappolicy):
 * `cluster-admin` for `system:masters`, and `system:discovery`, `system:basic-user`,
 * `system:public-info-viewer` bound as upstream so every authenticated user can discover the API, ask about
 * itself and read /version and the health checks (the last two also without credentials).
 * @module
 */
import { type ApiObject, isCreater, type RequestContext, type Storage } from '@apiserver/registry';
import { isAlreadyExists } from '@apiserver/runtime';
import { ALL_AUTHENTICATED, ALL_UNAUTHENTICATED, SYSTEM_PRIVILEGED_GROUP } from '@apiserver/server';
import { RBAC_GROUP_NAME } from './validation.js';

const APIVERSION = `${RBAC_GROUP_NAME}/v1`;
const BOOTSTRAP_META = {
  labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
  annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
};

function clusterRole(name: string, rules: readonly Record<string, readonly string[]>[]): ApiObject {
  return { apiVersion: APIVERSION, kind: 'ClusterRole', metadata: { name, ...structuredClone(BOOTSTRAP_META) }, rules: structuredClone(rules) };
}

function groupBinding(name: string, groups: readonly string[]): ApiObject {
  return {
    apiVersion: APIVERSION,
    kind: 'ClusterRoleBinding',
    metadata: { name, ...structuredClone(BOOTSTRAP_META) },
    roleRef: { apiGroup: RBAC_GROUP_NAME, kind: 'ClusterRole', name },
    subjects: groups.map((g) => ({ kind: 'Group', apiGroup: RBAC_GROUP_NAME, name: g })),
  };
}

/** The bootstrap ClusterRoles (rules sorted as upstream's rule builder sorts them). */
export function bootstrapClusterRoles(): ApiObject[] {
  return [
    clusterRole('cluster-admin', [
      { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
      { nonResourceURLs: ['*'], verbs: ['*'] },
    ]),
    clusterRole('system:discovery', [
      {
        nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'],
        verbs: ['get'],
      },
    ]),
    clusterRole('system:basic-user', [
      { apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], verbs: ['create'] },
      { apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'], verbs: ['create'] },
    ]),
    clusterRole('system:public-info-viewer', [{ nonResourceURLs: ['/healthz', '/livez', '/readyz', '/version', '/version/'], verbs: ['get'] }]),
  ];
}

/** The bootstrap ClusterRoleBindings. */
export function bootstrapClusterRoleBindings(): ApiObject[] {
  return [
    groupBinding('cluster-admin', [SYSTEM_PRIVILEGED_GROUP]),
    groupBinding('system:discovery', [ALL_AUTHENTICATED]),
    groupBinding('system:basic-user', [ALL_AUTHENTICATED]),
    groupBinding('system:public-info-viewer', [ALL_AUTHENTICATED, ALL_UNAUTHENTICATED]),
  ];
}

/** The identity bootstrap writes as (a `system:masters` member, as the API server's loopback client). */
const BOOTSTRAP_CONTEXT: RequestContext = { user: { name: 'system:apiserver', groups: [SYSTEM_PRIVILEGED_GROUP, ALL_AUTHENTICATED] } };

async function createMissing(storage: Storage, objects: readonly ApiObject[]): Promise<void> {
  if (!isCreater(storage)) throw new Error(`the ${objects[0]?.kind ?? 'RBAC'} storage cannot create`);
  for (const obj of objects) {
    try {
      await storage.create(BOOTSTRAP_CONTEXT, obj, undefined, {});
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
  }
}

/** Creates each bootstrap ClusterRole and ClusterRoleBinding that does not exist (existing ones are left as they are). */
export async function ensureBootstrapObjects(clusterRoles: Storage, clusterRoleBindings: Storage): Promise<void> {
  await createMissing(clusterRoles, bootstrapClusterRoles());
  await createMissing(clusterRoleBindings, bootstrapClusterRoleBindings());
}
