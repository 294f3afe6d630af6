/**
 * The namespaced part of the bootstrap policy (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/namespace_policy.go):
 * the Roles and RoleBindings kube-apiserver keeps in `kube-system` and `kube-public`. The one clients meet is
 * `extension-apiserver-authentication-reader`, which lets an aggregated API server read the
 * `kube-system/extension-apiserver-authentication` ConfigMap its delegated authentication needs (its manifests bind
 * it to the server's service account). The rules are upstream's, as its golden files `testdata/namespace-roles.yaml`
 * and `namespace-role-bindings.yaml` list them (kubernetes/kubernetes, read at commit
 * 008b3652959ca58af8be3fb5b6ecfe9ae7638282).
 * @module
 */
import type { ApiObject, Storage } from '@apiserver/registry';
import { createMissing } from './bootstrap-policy.js';
import { APIVERSION, bootstrapMetadata, bootstrapSubject, READ } from './policy-objects.js';
import { RBAC_GROUP_NAME } from './validation.js';

const LEADER_LOCKING = ['create', 'get', 'list', 'update', 'watch'];
const EVENTS_RULE = { apiGroups: ['', 'events.k8s.io'], resources: ['events'], verbs: ['create', 'patch', 'update'] };

type Rule = Readonly<Record<string, readonly string[]>>;

function role(namespace: string, name: string, rules: readonly Rule[]): ApiObject {
  return { apiVersion: APIVERSION, kind: 'Role', metadata: bootstrapMetadata(name, namespace), rules: structuredClone(rules) };
}

function roleBinding(namespace: string, name: string, roleName: string, subjects: readonly string[]): ApiObject {
  return {
    apiVersion: APIVERSION,
    kind: 'RoleBinding',
    metadata: bootstrapMetadata(name, namespace),
    roleRef: { apiGroup: RBAC_GROUP_NAME, kind: 'Role', name: roleName },
    subjects: subjects.map(bootstrapSubject),
  };
}

const leaderLocking = (): Rule[] => [
  { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: LEADER_LOCKING },
  { apiGroups: ['coordination.k8s.io'], resources: ['leasecandidates'], verbs: LEADER_LOCKING },
];

/** The bootstrap Roles, in the golden file's order (namespaces by name, then roles by name). */
export function bootstrapNamespaceRoles(): ApiObject[] {
  return [
    role('kube-public', 'system:controller:bootstrap-signer', [
      { apiGroups: [''], resources: ['configmaps'], verbs: READ },
      { apiGroups: [''], resourceNames: ['cluster-info'], resources: ['configmaps'], verbs: ['update'] },
      EVENTS_RULE,
    ]),
    role('kube-system', 'extension-apiserver-authentication-reader', [
      { apiGroups: [''], resourceNames: ['extension-apiserver-authentication'], resources: ['configmaps'], verbs: READ },
    ]),
    role('kube-system', 'system::leader-locking-kube-controller-manager', leaderLocking()),
    role('kube-system', 'system::leader-locking-kube-scheduler', leaderLocking()),
    role('kube-system', 'system:controller:bootstrap-signer', [{ apiGroups: [''], resources: ['secrets'], verbs: READ }]),
    role('kube-system', 'system:controller:cloud-provider', [{ apiGroups: [''], resources: ['configmaps'], verbs: ['create', 'get', 'list', 'watch'] }]),
    role('kube-system', 'system:controller:token-cleaner', [{ apiGroups: [''], resources: ['secrets'], verbs: ['delete', 'get', 'list', 'watch'] }, EVENTS_RULE]),
  ];
}

/** The bootstrap RoleBindings, in the golden file's order. */
export function bootstrapNamespaceRoleBindings(): ApiObject[] {
  return [
    roleBinding('kube-public', 'system:controller:bootstrap-signer', 'system:controller:bootstrap-signer', ['bootstrap-signer']),
    roleBinding('kube-system', 'system::extension-apiserver-authentication-reader', 'extension-apiserver-authentication-reader', [
      'User:system:kube-controller-manager',
      'User:system:kube-scheduler',
    ]),
    roleBinding('kube-system', 'system::leader-locking-kube-controller-manager', 'system::leader-locking-kube-controller-manager', [
      'User:system:kube-controller-manager',
      'kube-controller-manager',
      'leader-election-controller',
    ]),
    roleBinding('kube-system', 'system::leader-locking-kube-scheduler', 'system::leader-locking-kube-scheduler', ['User:system:kube-scheduler', 'kube-scheduler']),
    roleBinding('kube-system', 'system:controller:bootstrap-signer', 'system:controller:bootstrap-signer', ['bootstrap-signer']),
    roleBinding('kube-system', 'system:controller:cloud-provider', 'system:controller:cloud-provider', ['cloud-provider']),
    roleBinding('kube-system', 'system:controller:token-cleaner', 'system:controller:token-cleaner', ['token-cleaner']),
  ];
}

/** The namespaces the namespaced bootstrap objects live in. */
const BOOTSTRAP_NAMESPACES = ['kube-public', 'kube-system'];

/** Where the namespaced bootstrap objects are written. */
export interface NamespacedBootstrapStorages {
  /** The namespaces storage, to create `kube-system` and `kube-public` first when missing (upstream's `tryEnsureNamespace`). */
  readonly namespaces?: Storage;
  /** The roles storage. */
  readonly roles: Storage;
  /** The role bindings storage. */
  readonly roleBindings: Storage;
}

/** Creates each bootstrap Role and RoleBinding that does not exist, and their namespaces when missing. */
export async function ensureNamespacedBootstrapObjects(s: NamespacedBootstrapStorages): Promise<void> {
  if (s.namespaces !== undefined) await createMissing(s.namespaces, BOOTSTRAP_NAMESPACES.map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } })));
  await createMissing(s.roles, bootstrapNamespaceRoles());
  await createMissing(s.roleBindings, bootstrapNamespaceRoleBindings());
}
