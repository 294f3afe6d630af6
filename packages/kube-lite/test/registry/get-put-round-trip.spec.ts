/**
 * Read-modify-write as every controller does it (issue #21 item 4): GET an object, PUT the very bytes back →
 * 200 with the same resourceVersion and generation (nothing changed as a Go value, so upstream writes nothing);
 * a merge patch `{}` changes nothing either. Before Go value semantics, a Pod answered 422 ("pod updates may
 * not change fields…", the GET adds `"resources": {}` to each container) and a Deployment or ReplicaSet got a new
 * resourceVersion and generation. Every resource served with create, get and update must have a fixture here.
 */
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';
import { b64, EC_CSR } from './certificates/pem-fixtures.js';

type Json = Record<string, unknown>;

const NS = 'round-trip';
const labels = { app: 'rt' };
const podSpec = { containers: [{ name: 'c', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] };
const template = { metadata: { labels }, spec: podSpec };
const rules = [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }];
const subjects = [{ kind: 'User', name: 'alice', apiGroup: 'rbac.authorization.k8s.io' }];
const eventTime = '2026-01-01T00:00:00.000000Z';
const admissionRule = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };
const webhook = { name: 'rt.example.com', clientConfig: { service: { namespace: NS, name: 'rt' } }, sideEffects: 'None', admissionReviewVersions: ['v1'] };

/** A valid object of each served resource, by `<groupVersion path> <resource>`. */
const FIXTURES: Readonly<Record<string, Json>> = {
  'api/v1 configmaps': { data: { a: 'b' } },
  'api/v1 endpoints': { subsets: [{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80 }] }] },
  'api/v1 events': { involvedObject: { kind: 'Pod', name: 'p', namespace: NS }, reason: 'R', message: 'm', type: 'Normal' },
  'api/v1 namespaces': {},
  'api/v1 nodes': { spec: { podCIDR: '10.1.0.0/24' } },
  'api/v1 persistentvolumeclaims': { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
  'api/v1 persistentvolumes': { spec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, hostPath: { path: '/rt' } } },
  'api/v1 podtemplates': { template },
  'api/v1 replicationcontrollers': { spec: { selector: labels, template } },
  'api/v1 resourcequotas': { spec: { hard: { pods: '10', 'requests.cpu': '2' } } },
  'api/v1 limitranges': { spec: { limits: [{ type: 'Container', max: { cpu: '2' }, min: { cpu: '100m' } }] } },
  'api/v1 pods': { spec: { ...podSpec, tolerations: [{ key: 'k', operator: 'Exists' }] } },
  'api/v1 secrets': { stringData: { a: 'b' } },
  'api/v1 serviceaccounts': {},
  'api/v1 services': { spec: { selector: labels, ports: [{ port: 80, targetPort: 8080 }] } },
  'apis/apiregistration.k8s.io/v1 apiservices': { spec: { group: 'rt.example.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10 } },
  'apis/apps/v1 deployments': { spec: { selector: { matchLabels: labels }, template } },
  'apis/apps/v1 replicasets': { spec: { selector: { matchLabels: labels }, template } },
  'apis/apps/v1 statefulsets': { spec: { selector: { matchLabels: labels }, serviceName: 'rt', template } },
  'apis/apps/v1 daemonsets': { spec: { selector: { matchLabels: labels }, template } },
  'apis/apps/v1 controllerrevisions': { data: { spec: { template: { metadata: { labels } } } }, revision: 1 },
  'apis/batch/v1 jobs': { spec: { template: { metadata: { labels }, spec: { ...podSpec, restartPolicy: 'Never' } } } },
  'apis/batch/v1 cronjobs': { spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { ...podSpec, restartPolicy: 'OnFailure' } } } } } },
  'apis/autoscaling/v2 horizontalpodautoscalers': { spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'rt' }, maxReplicas: 3, behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } } },
  'apis/certificates.k8s.io/v1 certificatesigningrequests': { spec: { request: b64(EC_CSR), signerName: 'example.com/rt', usages: ['digital signature', 'client auth'], expirationSeconds: 3600 } },
  'apis/storage.k8s.io/v1 storageclasses': { provisioner: 'rt.example.com/disk', parameters: { type: 'ssd' }, allowedTopologies: [{ matchLabelExpressions: [{ key: 'zone', values: ['a'] }] }] },
  'apis/storage.k8s.io/v1 csidrivers': { spec: { attachRequired: false, tokenRequests: [{ audience: 'rt' }] } },
  'apis/storage.k8s.io/v1 csinodes': { spec: { drivers: [{ name: 'rt.example.com', nodeID: 'n-1', topologyKeys: ['zone'], allocatable: { count: 3 } }] } },
  'apis/storage.k8s.io/v1 csistoragecapacities': { storageClassName: 'rt', capacity: '1Gi', nodeTopology: { matchLabels: { zone: 'a' } } },
  'apis/storage.k8s.io/v1 volumeattachments': { spec: { attacher: 'rt.example.com', nodeName: 'n-1', source: { persistentVolumeName: 'pv-1' } } },
  'apis/events.k8s.io/v1 events': { eventTime, reportingController: 'rt/c', reportingInstance: 'i', action: 'A', reason: 'R', type: 'Normal', regarding: { kind: 'Pod', name: 'p', namespace: NS } },
  'apis/rbac.authorization.k8s.io/v1 clusterrolebindings': { roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, subjects },
  'apis/rbac.authorization.k8s.io/v1 clusterroles': { rules },
  'apis/rbac.authorization.k8s.io/v1 rolebindings': { roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r' }, subjects },
  'apis/rbac.authorization.k8s.io/v1 roles': { rules },
  'apis/apiextensions.k8s.io/v1 customresourcedefinitions': {
    spec: {
      group: 'rt.example.com',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } } }],
    },
  },
  'apis/coordination.k8s.io/v1 leases': { spec: { holderIdentity: 'h', leaseDurationSeconds: 15 } },
  'apis/discovery.k8s.io/v1 endpointslices': { addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'] }], ports: [{ port: 80, protocol: 'TCP' }] },
  'apis/networking.k8s.io/v1 ingresses': { spec: { rules: [{ host: 'rt.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'rt', port: { number: 80 } } } }] } }] } },
  'apis/networking.k8s.io/v1 ingressclasses': { spec: { controller: 'example.com/rt', parameters: { kind: 'P', name: 'p' } } },
  'apis/networking.k8s.io/v1 networkpolicies': { spec: { podSelector: { matchLabels: labels }, ingress: [{ ports: [{ port: 80 }] }], egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' } }] }] } },
  'apis/node.k8s.io/v1 runtimeclasses': { handler: 'runc', overhead: { podFixed: { cpu: '250m' } }, scheduling: { nodeSelector: labels, tolerations: [{ key: 'k', operator: 'Exists' }] } },
  'apis/policy/v1 poddisruptionbudgets': { spec: { minAvailable: '50%', selector: { matchLabels: labels } } },
  'apis/scheduling.k8s.io/v1 priorityclasses': { value: 1000, description: 'rt' },
  'apis/admissionregistration.k8s.io/v1 validatingwebhookconfigurations': { webhooks: [{ ...webhook, rules: [admissionRule] }] },
  'apis/admissionregistration.k8s.io/v1 mutatingwebhookconfigurations': { webhooks: [{ ...webhook, clientConfig: { url: 'https://rt.example.com/mutate' }, matchConditions: [{ name: 'rt', expression: 'true' }] }] },
  'apis/admissionregistration.k8s.io/v1 validatingadmissionpolicies': { spec: { matchConstraints: { resourceRules: [admissionRule] }, validations: [{ expression: 'true' }], paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } } },
  'apis/admissionregistration.k8s.io/v1 validatingadmissionpolicybindings': { spec: { policyName: 'rt', validationActions: ['Deny'], paramRef: { name: 'rt', namespace: NS, parameterNotFoundAction: 'Deny' } } },
  'apis/flowcontrol.apiserver.k8s.io/v1 flowschemas': {
    spec: { priorityLevelConfiguration: { name: 'global-default' }, rules: [{ subjects: [{ kind: 'User', user: { name: 'rt' } }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/rt/*'] }] }] },
  },
  'apis/flowcontrol.apiserver.k8s.io/v1 prioritylevelconfigurations': { spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } } },
};

/** Names that resource needs (a CRD is named `<plural>.<group>`, an APIService `<version>.<group>`). */
const NAMES: Readonly<Record<string, string>> = {
  customresourcedefinitions: 'widgets.rt.example.com',
  apiservices: 'v1.rt.example.com',
};

interface ServedResource {
  readonly gvPath: string;
  readonly name: string;
  readonly kind: string;
  readonly namespaced: boolean;
}

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Every served resource that can be created, read and updated, from discovery. */
async function writableResources(base: string): Promise<ServedResource[]> {
  const groups = (await json(`${base}/apis`)).body.groups as { preferredVersion: { groupVersion: string } }[];
  const out: ServedResource[] = [];
  for (const gvPath of ['api/v1', ...groups.map((g) => `apis/${g.preferredVersion.groupVersion}`)]) {
    const list = (await json(`${base}/${gvPath}`)).body.resources as { name: string; kind: string; namespaced: boolean; verbs: string[] }[];
    for (const r of list) {
      if (r.name.includes('/') || !['create', 'get', 'update'].every((v) => r.verbs.includes(v))) continue;
      out.push({ gvPath, name: r.name, kind: r.kind, namespaced: r.namespaced });
    }
  }
  return out;
}

function metaOf(body: Json): Json {
  return (body.metadata ?? {}) as Json;
}

t.test('GET then PUT of the same body, and PATCH {}, change nothing for every served kind', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const created = await json(`${kl.url}/api/v1/namespaces`, { method: 'POST', body: JSON.stringify({ metadata: { name: NS } }) });
  t.equal(created.status, 201, 'namespace');
  const resources = await writableResources(kl.url);
  t.ok(resources.length >= 20, `${resources.length} writable resources served`);
  const targets: { key: string; url: string }[] = [];
  for (const r of resources) {
    const key = `${r.gvPath} ${r.name}`;
    const fixture = FIXTURES[key];
    if (fixture === undefined) {
      t.fail(`${key}: no fixture (every served kind needs one)`);
      continue;
    }
    const collection = `${kl.url}/${r.gvPath}${r.namespaced ? `/namespaces/${NS}` : ''}/${r.name}`;
    // core/v1 and events.k8s.io/v1 events share one storage: the group keeps their names apart.
    const name = NAMES[r.name] ?? `rt-${r.gvPath.split('/')[1]?.replace(/\./g, '-')}-${r.name}`;
    const apiVersion = r.gvPath.replace(/^apis?\//, '');
    const post = await json(collection, { method: 'POST', body: JSON.stringify({ apiVersion, kind: r.kind, ...fixture, metadata: { name } }) });
    t.equal(post.status, 201, `${key}: created ${JSON.stringify(post.body.message ?? '')}`);
    targets.push({ key, url: `${collection}/${name}` });
  }
  // managedFields times have a resolution of one second: a write that wrongly counts as a change shows as a new
  // time (and resourceVersion) only when the second changed since the create, so every PUT comes a second later.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  for (const { key, url } of targets) {
    const got = await json(url);
    const before = metaOf(got.body);
    const put = await json(url, { method: 'PUT', body: JSON.stringify(got.body) });
    t.equal(put.status, 200, `${key}: PUT of the GET body answers 200 ${JSON.stringify(put.body.message ?? '')}`);
    t.equal(metaOf(put.body).resourceVersion, before.resourceVersion, `${key}: PUT keeps resourceVersion ${String(before.resourceVersion)}`);
    t.equal(metaOf(put.body).generation, before.generation, `${key}: PUT keeps generation`);
    const patch = await json(url, { method: 'PATCH', body: '{}', headers: { 'Content-Type': 'application/merge-patch+json' } });
    t.equal(patch.status, 200, `${key}: PATCH {} answers 200`);
    t.equal(metaOf(patch.body).resourceVersion, before.resourceVersion, `${key}: PATCH {} keeps resourceVersion`);
  }
});
