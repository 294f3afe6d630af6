/**
 * The bootstrap ClusterRoles of the cluster's components and their bindings (bootstrappolicy's `ClusterRoles()` and
 * `ClusterRoleBindings()` beyond the user-facing ones): kube-scheduler (`system:kube-scheduler`,
 * `system:volume-scheduler`), kube-controller-manager, the node and kube-proxy, kube-dns, the persistent volume
 * provisioner, heapster, the kube-aggregator, the kubelet API, node bootstrapping and the problem detector, and the
 * certificate signers' approvers (`system:certificates.k8s.io:*`). With them, components that authenticate as
 * `system:kube-scheduler`, `system:kube-controller-manager` or `system:kube-proxy` can run against an RBAC-authorized
 * kube-lite, and a user bound to an approver role can approve a signer's requests. The rules are upstream's, as its
 * golden files `testdata/cluster-roles.yaml` and `testdata/cluster-role-bindings.yaml` list them (kubernetes/kubernetes,
 * read at commits 025f2834a128798cef30018a5e6a6ae82b5ad885 and c60df8997f62f861cf0cd2b13ab62271464589ed).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type BootstrapRule, clusterRole, clusterRoleBinding, namedRule, READ, rule } from './policy-objects.js';

const CERTIFICATES = 'certificates.k8s.io';
const COORDINATION = 'coordination.k8s.io';
const STORAGE = 'storage.k8s.io';
const EVENT_WRITES = ['create', 'patch', 'update'];
/** Events in both event groups (upstream's `eventsRule()`). */
const EVENTS = rule(['', 'events.k8s.io'], ['events'], EVENT_WRITES);
const TOKEN_REVIEWS = rule(['authentication.k8s.io'], ['tokenreviews'], ['create']);
const SUBJECT_ACCESS_REVIEWS = rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create']);
const CSR_READ_CREATE = rule([CERTIFICATES], ['certificatesigningrequests'], ['create', 'get', 'list', 'watch']);

/** `system:certificates.k8s.io:<name>-approver`: approving the requests of one signer. */
const approver = (name: string, signer: string): ApiObject =>
  clusterRole(`system:certificates.k8s.io:${name}-approver`, [namedRule([CERTIFICATES], ['signers'], [signer], ['approve'])]);

function certificateRoles(): ApiObject[] {
  return [
    clusterRole('system:certificates.k8s.io:certificatesigningrequests:nodeclient', [rule([CERTIFICATES], ['certificatesigningrequests/nodeclient'], ['create'])]),
    clusterRole('system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', [rule([CERTIFICATES], ['certificatesigningrequests/selfnodeclient'], ['create'])]),
    approver('kube-apiserver-client', 'kubernetes.io/kube-apiserver-client'),
    approver('kube-apiserver-client-kubelet', 'kubernetes.io/kube-apiserver-client-kubelet'),
    approver('kubelet-serving', 'kubernetes.io/kubelet-serving'),
    approver('legacy-unknown', 'kubernetes.io/legacy-unknown'),
  ];
}

function controllerManagerRules(): BootstrapRule[] {
  return [
    EVENTS,
    rule([COORDINATION], ['leases'], ['create']),
    namedRule([COORDINATION], ['leases'], ['kube-controller-manager'], ['get', 'update']),
    rule([''], ['secrets', 'serviceaccounts'], ['create']),
    rule([''], ['secrets'], ['delete']),
    rule([''], ['configmaps', 'namespaces', 'secrets', 'serviceaccounts'], ['get']),
    rule([''], ['secrets', 'serviceaccounts'], ['update']),
    TOKEN_REVIEWS,
    SUBJECT_ACCESS_REVIEWS,
    rule(['*'], ['*'], ['list', 'watch']),
    rule([''], ['serviceaccounts/token'], ['create']),
  ];
}

function schedulerRules(): BootstrapRule[] {
  return [
    EVENTS,
    rule([COORDINATION], ['leases'], ['create']),
    namedRule([COORDINATION], ['leases'], ['kube-scheduler'], ['get', 'update']),
    rule([''], ['nodes'], READ),
    rule([''], ['pods'], ['delete', 'get', 'list', 'watch']),
    rule([''], ['bindings', 'pods/binding'], ['create']),
    rule([''], ['pods/status'], ['patch', 'update']),
    rule([''], ['replicationcontrollers', 'services'], READ),
    rule(['apps', 'extensions'], ['replicasets'], READ),
    rule(['apps'], ['statefulsets'], READ),
    rule(['policy'], ['poddisruptionbudgets'], READ),
    rule([''], ['persistentvolumeclaims', 'persistentvolumes'], READ),
    TOKEN_REVIEWS,
    SUBJECT_ACCESS_REVIEWS,
    rule([STORAGE], ['csinodes'], READ),
    rule([''], ['namespaces'], READ),
    rule([STORAGE], ['csidrivers'], READ),
    rule([STORAGE], ['csistoragecapacities'], READ),
  ];
}

function nodeRules(): BootstrapRule[] {
  return [
    TOKEN_REVIEWS,
    rule(['authorization.k8s.io'], ['localsubjectaccessreviews', 'subjectaccessreviews'], ['create']),
    rule([''], ['services'], READ),
    rule([''], ['nodes'], ['create', 'get', 'list', 'watch']),
    rule([''], ['nodes/status'], ['patch', 'update']),
    rule([''], ['nodes'], ['patch', 'update']),
    rule([''], ['events'], EVENT_WRITES),
    rule([''], ['pods'], READ),
    rule([''], ['pods'], ['create', 'delete']),
    rule([''], ['pods/status'], ['patch', 'update']),
    rule([''], ['pods/eviction'], ['create']),
    rule([''], ['configmaps', 'secrets'], READ),
    rule([''], ['persistentvolumeclaims', 'persistentvolumes'], ['get']),
    rule([''], ['endpoints'], ['get']),
    CSR_READ_CREATE,
    rule([COORDINATION], ['leases'], ['create', 'delete', 'get', 'patch', 'update']),
    rule([STORAGE], ['volumeattachments'], ['get']),
    rule([''], ['serviceaccounts/token'], ['create']),
    rule([''], ['persistentvolumeclaims/status'], ['get', 'patch', 'update']),
    rule([STORAGE], ['csidrivers'], READ),
    rule([STORAGE], ['csinodes'], ['create', 'delete', 'get', 'patch', 'update']),
    rule(['node.k8s.io'], ['runtimeclasses'], READ),
  ];
}

/** The components' ClusterRoles, by name. */
export function componentClusterRoles(): ApiObject[] {
  return [
    ...certificateRoles(),
    clusterRole('system:heapster', [rule([''], ['events', 'namespaces', 'nodes', 'pods'], READ), rule(['extensions'], ['deployments'], READ)]),
    clusterRole('system:kube-aggregator', [rule([''], ['endpoints', 'services'], READ)]),
    clusterRole('system:kube-controller-manager', controllerManagerRules()),
    clusterRole('system:kube-dns', [rule([''], ['endpoints', 'services'], ['list', 'watch'])]),
    clusterRole('system:kube-scheduler', schedulerRules()),
    clusterRole('system:kubelet-api-admin', [
      rule([''], ['nodes'], READ),
      rule([''], ['nodes'], ['proxy']),
      rule([''], ['nodes/log', 'nodes/metrics', 'nodes/proxy', 'nodes/stats'], ['*']),
    ]),
    clusterRole('system:node', nodeRules()),
    clusterRole('system:node-bootstrapper', [CSR_READ_CREATE]),
    clusterRole('system:node-problem-detector', [rule([''], ['nodes'], ['get']), rule([''], ['nodes/status'], ['patch']), EVENTS]),
    clusterRole('system:node-proxier', [
      rule([''], ['endpoints', 'services'], ['list', 'watch']),
      rule([''], ['nodes'], READ),
      EVENTS,
      rule(['discovery.k8s.io'], ['endpointslices'], ['list', 'watch']),
    ]),
    clusterRole('system:persistent-volume-provisioner', [
      rule([''], ['persistentvolumes'], ['create', 'delete', 'get', 'list', 'watch']),
      rule([''], ['persistentvolumeclaims'], ['get', 'list', 'update', 'watch']),
      rule([STORAGE], ['storageclasses'], READ),
      rule([''], ['events'], ['watch']),
      EVENTS,
    ]),
    clusterRole('system:volume-scheduler', [
      rule([''], ['persistentvolumes'], ['get', 'list', 'patch', 'update', 'watch']),
      rule([STORAGE], ['storageclasses'], READ),
      rule([''], ['persistentvolumeclaims'], ['get', 'list', 'patch', 'update', 'watch']),
    ]),
  ];
}

/**
 * The components' ClusterRoleBindings. `system:node` binds no one, as upstream's (nodes are authorized by the Node
 * authorizer there, which kube-lite does not have).
 */
export function componentClusterRoleBindings(): ApiObject[] {
  return [
    clusterRoleBinding('system:kube-controller-manager', ['User:system:kube-controller-manager']),
    clusterRoleBinding('system:kube-dns', ['kube-dns']),
    clusterRoleBinding('system:kube-scheduler', ['User:system:kube-scheduler']),
    clusterRoleBinding('system:node', []),
    clusterRoleBinding('system:node-proxier', ['User:system:kube-proxy']),
    clusterRoleBinding('system:volume-scheduler', ['User:system:kube-scheduler']),
  ];
}
