/**
 * The managedFields a create records, as a real cluster records them. The expected entries are what kube-apiserver
 * 1.32 answers to `kubectl create deployment nginx --image=nginx` and `kubectl run nginx --image=nginx` (the
 * bodies below are what those commands send): the creating manager owns the fields the request's defaulting set
 * (`imagePullPolicy`, `strategy`, …), the atomic `selector` and `ownerReferences` items as wholes, every new
 * container's `resources: {}` (a Go value struct), no `.` for `containers` (a slice without omitempty, present in an
 * empty typed object), and nothing for empty omitempty maps and slices (`args: []`, `annotations: {}`).
 */
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

type Json = Record<string, unknown>;

const CONTAINER_FIELDS = {
  '.': {},
  'f:image': {},
  'f:imagePullPolicy': {},
  'f:name': {},
  'f:resources': {},
  'f:terminationMessagePath': {},
  'f:terminationMessagePolicy': {},
};
const POD_SPEC_DEFAULTS = {
  'f:dnsPolicy': {},
  'f:restartPolicy': {},
  'f:schedulerName': {},
  'f:securityContext': {},
  'f:terminationGracePeriodSeconds': {},
};

async function create(url: string, body: Json): Promise<{ status: number; fields: unknown }> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { metadata?: { managedFields?: Array<{ manager: string; fieldsV1: unknown }> } };
  return { status: res.status, fields: json.metadata?.managedFields?.map((e) => [e.manager, e.fieldsV1]) };
}

t.test('created objects record the fields upstream records', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());

  const deployment = await create(`${kl.url}/apis/apps/v1/namespaces/default/deployments?fieldManager=kubectl-create`, {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { name: 'nginx', creationTimestamp: null, labels: { app: 'nginx' } },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { creationTimestamp: null, labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }] } },
      strategy: {},
    },
    status: {},
  });
  t.equal(deployment.status, 201);
  t.same(deployment.fields, [
    [
      'kubectl-create',
      {
        'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
        'f:spec': {
          'f:progressDeadlineSeconds': {},
          'f:replicas': {},
          'f:revisionHistoryLimit': {},
          'f:selector': {},
          'f:strategy': { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {}, 'f:maxUnavailable': {} }, 'f:type': {} },
          'f:template': {
            'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
            'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': CONTAINER_FIELDS }, ...POD_SPEC_DEFAULTS },
          },
        },
      },
    ],
  ]);

  const pod = await create(`${kl.url}/api/v1/namespaces/default/pods?fieldManager=kubectl-run`, {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: { name: 'nginx', creationTimestamp: null, labels: { run: 'nginx' } },
    spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }], dnsPolicy: 'ClusterFirst', restartPolicy: 'Always' },
    status: {},
  });
  t.equal(pod.status, 201);
  t.same(pod.fields, [
    [
      'kubectl-run',
      {
        'f:metadata': { 'f:labels': { '.': {}, 'f:run': {} } },
        'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': CONTAINER_FIELDS }, 'f:enableServiceLinks': {}, ...POD_SPEC_DEFAULTS },
      },
    ],
  ]);

  const empties = await create(`${kl.url}/api/v1/namespaces/default/pods?fieldManager=m`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'empties',
      annotations: {},
      ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: 'u-1', controller: true }],
    },
    spec: { containers: [{ name: 'c', image: 'i', args: [], env: [], resources: { limits: { cpu: '1' } } }], volumes: [], nodeSelector: {} },
  });
  t.equal(empties.status, 201);
  t.same(empties.fields, [
    [
      'm',
      {
        'f:metadata': { 'f:ownerReferences': { '.': {}, 'k:{"uid":"u-1"}': {} } },
        'f:spec': {
          'f:containers': {
            // Pods default their requests from their limits (core/v1 SetDefaults_Pod).
            'k:{"name":"c"}': { ...CONTAINER_FIELDS, 'f:resources': { '.': {}, 'f:limits': { '.': {}, 'f:cpu': {} }, 'f:requests': { '.': {}, 'f:cpu': {} } } },
          },
          'f:enableServiceLinks': {},
          ...POD_SPEC_DEFAULTS,
        },
      },
    ],
  ], 'empty omitempty maps and slices are not fields; an owner reference is atomic');

  // `kubectl create namespace foo` sends spec and status empty: core/v1 SetDefaults_Namespace labels the namespace with
  // its name, which the creator owns; the defaulted `status.phase` is a reset field and `spec.finalizers` comes later.
  const namespace = await create(`${kl.url}/api/v1/namespaces?fieldManager=kubectl-create`, {
    kind: 'Namespace',
    apiVersion: 'v1',
    metadata: { name: 'foo', creationTimestamp: null },
    spec: {},
    status: {},
  });
  t.equal(namespace.status, 201);
  t.same(namespace.fields, [['kubectl-create', { 'f:metadata': { 'f:labels': { '.': {}, 'f:kubernetes.io/metadata.name': {} } } }]]);
});
