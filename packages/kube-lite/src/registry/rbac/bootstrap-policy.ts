/**
 * The bootstrap policy subset kube-lite ensures at start (plugin/pkg/auth/authorizer/rbac/bootstrappolicy):
 * `cluster-admin` for `system:masters`, and `system:discovery`, `system:basic-user`,
 * `system:public-info-viewer` bound as upstream so every authenticated user can discover the API, ask about
 * itself and read /version and the health checks (the last two also without credentials); the user-facing roles
 * `admin`, `edit` and `view` (aggregated from `system:aggregate-to-admin`, `-edit` and `-view` and from every role
 * labelled to aggregate into them), `system:auth-delegator`, `system:monitoring` bound to its group, and
 * `system:service-account-issuer-discovery` bound to every service account; the roles of the cluster's components
 * and their bindings are component-policy.ts, the namespaced part namespace-policy.ts. The rules
 * are upstream's, as its golden file `testdata/cluster-roles.yaml` lists them (kubernetes/kubernetes, read at commit
 * 025f2834a128798cef30018a5e6a6ae82b5ad885).
 * @module
 */
import { type ApiObject, isCreater, type RequestContext, type Storage } from '@apiserver/registry';
import { isAlreadyExists } from '@apiserver/runtime';
import { ALL_AUTHENTICATED, ALL_SERVICE_ACCOUNTS_GROUP, ALL_UNAUTHENTICATED, SYSTEM_PRIVILEGED_GROUP } from '@apiserver/server';
import { componentClusterRoleBindings, componentClusterRoles } from './component-policy.js';
import { clusterRole, clusterRoleBinding, READ, rule } from './policy-objects.js';

const AGGREGATE_TO = 'rbac.authorization.k8s.io/aggregate-to-';
const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const READ_WRITE = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** `role` with `labels` added to the bootstrap ones. */
function labelled(role: ApiObject, labels: Record<string, string>): ApiObject {
  return { ...role, metadata: { ...role.metadata, labels: { ...role.metadata.labels, ...labels } } };
}

/** A ClusterRole without rules of its own, aggregating those of the roles labelled to aggregate into it. */
function aggregatedClusterRole(name: string, labels: Record<string, string> = {}): ApiObject {
  const { rules: _none, ...role } = labelled(clusterRole(name, []), labels);
  return { ...role, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [`${AGGREGATE_TO}${name}`]: 'true' } }] } };
}

/** `system:aggregate-to-<target>`: rules that aggregate into `target`. */
function aggregateTo(target: string, rules: readonly Record<string, readonly string[]>[]): ApiObject {
  return labelled(clusterRole(`system:aggregate-to-${target}`, rules), { [`${AGGREGATE_TO}${target}`]: 'true' });
}

/** `system:aggregate-to-admin`, `-edit` and `-view`: the rules of `admin`, `edit` and `view`. */
function aggregateToRoles(): ApiObject[] {
  return [
    aggregateTo('admin', [rule(['authorization.k8s.io'], ['localsubjectaccessreviews'], ['create']), rule(['rbac.authorization.k8s.io'], ['rolebindings', 'roles'], READ_WRITE)]),
    aggregateTo('edit', [
      rule([''], ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy'], READ),
      rule([''], ['serviceaccounts'], ['impersonate']),
      rule([''], ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'], WRITE),
      rule([''], ['pods/eviction'], ['create']),
      rule([''], ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy'], WRITE),
      rule([''], ['serviceaccounts/token'], ['create']),
      rule(['apps'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale'], WRITE),
      rule(['autoscaling'], ['horizontalpodautoscalers'], WRITE),
      rule(['batch'], ['cronjobs', 'jobs'], WRITE),
      rule(['extensions'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale'], WRITE),
      rule(['policy'], ['poddisruptionbudgets'], WRITE),
      rule(['networking.k8s.io'], ['ingresses', 'networkpolicies'], WRITE),
      rule(['coordination.k8s.io'], ['leases'], READ_WRITE),
    ]),
    aggregateTo('view', [
      rule([''], ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status'], READ),
      rule([''], ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status'], READ),
      rule([''], ['namespaces'], READ),
      rule(['discovery.k8s.io'], ['endpointslices'], READ),
      rule(['apps'], ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status'], READ),
      rule(['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status'], READ),
      rule(['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status'], READ),
      rule(['extensions'], ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale'], READ),
      rule(['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status'], READ),
      rule(['networking.k8s.io'], ['ingresses', 'ingresses/status', 'networkpolicies'], READ),
    ]),
  ];
}

/** The ClusterRole `name` bound to `groups`. */
function groupBinding(name: string, groups: readonly string[]): ApiObject {
  return clusterRoleBinding(name, groups.map((g) => `Group:${g}`));
}

/**
 * The bootstrap ClusterRoles (rules sorted as upstream's rule builder sorts them). The aggregated ones are created
 * without rules, as upstream creates them; the clusterrole-aggregation controller fills them after start (so a
 * backend refusing the large aggregated role, e.g. a small `--max-request-bytes`, does not keep the server from
 * being ready).
 */
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
    aggregatedClusterRole('admin'),
    aggregatedClusterRole('edit', { [`${AGGREGATE_TO}admin`]: 'true' }),
    aggregatedClusterRole('view', { [`${AGGREGATE_TO}edit`]: 'true' }),
    ...aggregateToRoles(),
    clusterRole('system:auth-delegator', [rule(['authentication.k8s.io'], ['tokenreviews'], ['create']), rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create'])]),
    clusterRole('system:monitoring', [
      { nonResourceURLs: ['/healthz', '/healthz/*', '/livez', '/livez/*', '/metrics', '/metrics/slis', '/readyz', '/readyz/*'], verbs: ['get'] },
    ]),
    clusterRole('system:service-account-issuer-discovery', [
      { nonResourceURLs: ['/.well-known/openid-configuration', '/.well-known/openid-configuration/', '/openid/v1/jwks', '/openid/v1/jwks/'], verbs: ['get'] },
    ]),
    ...componentClusterRoles(),
  ];
}

/** The bootstrap ClusterRoleBindings. */
export function bootstrapClusterRoleBindings(): ApiObject[] {
  return [
    groupBinding('cluster-admin', [SYSTEM_PRIVILEGED_GROUP]),
    groupBinding('system:discovery', [ALL_AUTHENTICATED]),
    groupBinding('system:basic-user', [ALL_AUTHENTICATED]),
    groupBinding('system:public-info-viewer', [ALL_AUTHENTICATED, ALL_UNAUTHENTICATED]),
    groupBinding('system:monitoring', ['system:monitoring']),
    groupBinding('system:service-account-issuer-discovery', [ALL_SERVICE_ACCOUNTS_GROUP]),
    ...componentClusterRoleBindings(),
  ];
}

/** The identity bootstrap writes as (a `system:masters` member, as the API server's loopback client). */
const BOOTSTRAP_CONTEXT: RequestContext = { user: { name: 'system:apiserver', groups: [SYSTEM_PRIVILEGED_GROUP, ALL_AUTHENTICATED] } };

/** Creates each of `objects` that does not exist in `storage` (existing ones are left as they are). */
export async function createMissing(storage: Storage, objects: readonly ApiObject[]): Promise<void> {
  if (!isCreater(storage)) throw new Error(`the ${objects[0]?.kind ?? 'RBAC'} storage cannot create`);
  for (const obj of objects) {
    try {
      const namespace = obj.metadata.namespace;
      await storage.create(namespace === undefined ? BOOTSTRAP_CONTEXT : { ...BOOTSTRAP_CONTEXT, namespace }, obj, undefined, {});
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
