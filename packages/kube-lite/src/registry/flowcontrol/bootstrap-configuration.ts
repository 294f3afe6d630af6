/**
 * The bootstrap configuration of API Priority and Fairness as kube-apiserver 1.32 creates it. Source: the facts of
 * k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go (Kubernetes v1.32): the mandatory `exempt` and
 * `catch-all` objects and the suggested priority levels and flow schemas, each annotated
 * `apf.kubernetes.io/autoupdate-spec: "true"`.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AUTO_UPDATE_ANNOTATION, CATCH_ALL_NAME, EXEMPT_NAME, FLOWCONTROL_API_VERSION } from './names.js';

type Json = Record<string, unknown>;

const ALL = ['*'];
const NODES_GROUP = 'system:nodes';
const KCM = 'system:kube-controller-manager';
const SCHEDULER = 'system:kube-scheduler';

const group = (name: string): Json => ({ kind: 'Group', group: { name } });
const user = (name: string): Json => ({ kind: 'User', user: { name } });
const kubeSystemSA = (name: string): Json => ({ kind: 'ServiceAccount', serviceAccount: { namespace: 'kube-system', name } });
const resources = (verbs: string[], apiGroups: string[], names: string[], namespaces: string[], clusterScope: boolean): Json => ({
  verbs,
  apiGroups,
  resources: names,
  ...(clusterScope && { clusterScope }),
  namespaces,
});
const EVERYTHING = { resourceRules: [resources(ALL, ALL, ALL, ALL, true)], nonResourceRules: [{ verbs: ALL, nonResourceURLs: ALL }] };
const LEADER_VERBS = ['get', 'create', 'update'];

function meta(name: string): ApiObject['metadata'] {
  return { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } };
}

function flowSchema(name: string, level: string, matchingPrecedence: number, distinguisher: string | undefined, rule: Json): ApiObject {
  const spec: Json = { priorityLevelConfiguration: { name: level }, matchingPrecedence, ...(distinguisher !== undefined && { distinguisherMethod: { type: distinguisher } }), rules: [rule] };
  return { apiVersion: FLOWCONTROL_API_VERSION, kind: 'FlowSchema', metadata: meta(name), spec };
}

function limited(name: string, nominalConcurrencyShares: number, lendablePercent: number, queues: number, handSize: number): ApiObject {
  const limitResponse = { type: 'Queue', queuing: { queues, handSize, queueLengthLimit: 50 } };
  return { apiVersion: FLOWCONTROL_API_VERSION, kind: 'PriorityLevelConfiguration', metadata: meta(name), spec: { type: 'Limited', limited: { nominalConcurrencyShares, lendablePercent, limitResponse } } };
}

/** The mandatory priority levels, in upstream's order (`MandatoryPriorityLevelConfigurations`). */
export const MANDATORY_PRIORITY_LEVELS: readonly ApiObject[] = [
  {
    apiVersion: FLOWCONTROL_API_VERSION,
    kind: 'PriorityLevelConfiguration',
    metadata: meta(CATCH_ALL_NAME),
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } } },
  },
  {
    apiVersion: FLOWCONTROL_API_VERSION,
    kind: 'PriorityLevelConfiguration',
    metadata: meta(EXEMPT_NAME),
    spec: { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } },
  },
];

/** The mandatory flow schemas (`MandatoryFlowSchemas`). */
export const MANDATORY_FLOW_SCHEMAS: readonly ApiObject[] = [
  flowSchema(EXEMPT_NAME, EXEMPT_NAME, 1, undefined, { subjects: [group('system:masters')], ...EVERYTHING }),
  flowSchema(CATCH_ALL_NAME, CATCH_ALL_NAME, 10_000, 'ByUser', { subjects: [group('system:unauthenticated'), group('system:authenticated')], ...EVERYTHING }),
];

/** The suggested priority levels (`SuggestedPriorityLevelConfigurations`). */
export const SUGGESTED_PRIORITY_LEVELS: readonly ApiObject[] = [
  limited('system', 30, 33, 64, 6),
  limited('node-high', 40, 25, 64, 6),
  limited('leader-election', 10, 0, 16, 4),
  limited('workload-high', 40, 50, 128, 6),
  limited('workload-low', 100, 90, 128, 6),
  limited('global-default', 20, 50, 128, 6),
];

/** The suggested flow schemas (`SuggestedFlowSchemas`, in upstream's order). */
export const SUGGESTED_FLOW_SCHEMAS: readonly ApiObject[] = [
  flowSchema('system-nodes', 'system', 500, 'ByUser', { subjects: [group(NODES_GROUP)], ...EVERYTHING }),
  flowSchema('system-node-high', 'node-high', 400, 'ByUser', {
    subjects: [group(NODES_GROUP)],
    resourceRules: [resources(ALL, [''], ['nodes', 'nodes/status'], ALL, true), resources(ALL, ['coordination.k8s.io'], ['leases'], ALL, false)],
  }),
  flowSchema('probes', EXEMPT_NAME, 2, undefined, {
    subjects: [group('system:unauthenticated'), group('system:authenticated')],
    nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }],
  }),
  flowSchema('system-leader-election', 'leader-election', 100, 'ByUser', {
    subjects: [user(KCM), user(SCHEDULER), kubeSystemSA('*')],
    resourceRules: [resources(LEADER_VERBS, ['coordination.k8s.io'], ['leases'], ALL, false)],
  }),
  flowSchema('workload-leader-election', 'leader-election', 200, 'ByUser', {
    subjects: [kubeSystemSA('*')],
    resourceRules: [resources(LEADER_VERBS, [''], ['endpoints', 'configmaps'], ALL, false), resources(LEADER_VERBS, ['coordination.k8s.io'], ['leases'], ALL, false)],
  }),
  flowSchema('endpoint-controller', 'workload-high', 150, 'ByUser', {
    subjects: [user(KCM), kubeSystemSA('endpoint-controller'), kubeSystemSA('endpointslicemirroring-controller')],
    resourceRules: [resources(LEADER_VERBS, [''], ['endpoints'], ALL, false)],
  }),
  flowSchema('kube-controller-manager', 'workload-high', 800, 'ByNamespace', { subjects: [user(KCM)], ...EVERYTHING }),
  flowSchema('kube-scheduler', 'workload-high', 800, 'ByNamespace', { subjects: [user(SCHEDULER)], ...EVERYTHING }),
  flowSchema('kube-system-service-accounts', 'workload-high', 900, 'ByNamespace', { subjects: [kubeSystemSA('*')], ...EVERYTHING }),
  flowSchema('service-accounts', 'workload-low', 9000, 'ByUser', { subjects: [group('system:serviceaccounts')], ...EVERYTHING }),
  flowSchema('global-default', 'global-default', 9900, 'ByUser', { subjects: [group('system:unauthenticated'), group('system:authenticated')], ...EVERYTHING }),
];

/** The mandatory object of `name` in `objects`, if any. */
export function bootstrapObjectNamed(objects: readonly ApiObject[], name: string | undefined): ApiObject | undefined {
  return objects.find((o) => o.metadata.name === name);
}
