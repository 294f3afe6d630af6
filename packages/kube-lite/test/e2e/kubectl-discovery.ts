/**
 * kubectl discovery commands against kube-lite: version, api-versions, api-resources (plain and wide),
 * explain and `get --raw /openapi/v3`.
 */
import type { Test } from 'tap';
import { field, isRecord, type Kubectl } from './harness.js';
import { type PrintedTable, parseTable } from './table.js';

const ALL_VERBS = 'create,delete,deletecollection,get,list,patch,update,watch';

/**
 * What `kubectl api-resources -o wide` prints against a 1.32 kube-apiserver with its default APIs (every GA version;
 * no beta or alpha API is on by default), row by row: names, short names and categories as upstream's REST storages
 * give them, verbs as their capabilities make them. kube-lite must print exactly these rows (checkApiResources).
 */
export const EXPECTED_RESOURCES: ReadonlyArray<{
  readonly name: string;
  readonly shortNames: string;
  readonly apiVersion: string;
  readonly namespaced: boolean;
  readonly kind: string;
  readonly verbs: string;
  readonly categories: string;
}> = [
  { name: 'endpoints', shortNames: 'ep', apiVersion: 'v1', namespaced: true, kind: 'Endpoints', verbs: ALL_VERBS, categories: '' },
  { name: 'configmaps', shortNames: 'cm', apiVersion: 'v1', namespaced: true, kind: 'ConfigMap', verbs: ALL_VERBS, categories: '' },
  { name: 'events', shortNames: 'ev', apiVersion: 'v1', namespaced: true, kind: 'Event', verbs: ALL_VERBS, categories: '' },
  { name: 'namespaces', shortNames: 'ns', apiVersion: 'v1', namespaced: false, kind: 'Namespace', verbs: 'create,delete,get,list,patch,update,watch', categories: '' },
  { name: 'nodes', shortNames: 'no', apiVersion: 'v1', namespaced: false, kind: 'Node', verbs: ALL_VERBS, categories: '' },
  { name: 'persistentvolumeclaims', shortNames: 'pvc', apiVersion: 'v1', namespaced: true, kind: 'PersistentVolumeClaim', verbs: ALL_VERBS, categories: '' },
  { name: 'persistentvolumes', shortNames: 'pv', apiVersion: 'v1', namespaced: false, kind: 'PersistentVolume', verbs: ALL_VERBS, categories: '' },
  { name: 'podtemplates', shortNames: '', apiVersion: 'v1', namespaced: true, kind: 'PodTemplate', verbs: ALL_VERBS, categories: '' },
  { name: 'replicationcontrollers', shortNames: 'rc', apiVersion: 'v1', namespaced: true, kind: 'ReplicationController', verbs: ALL_VERBS, categories: 'all' },
  { name: 'resourcequotas', shortNames: 'quota', apiVersion: 'v1', namespaced: true, kind: 'ResourceQuota', verbs: ALL_VERBS, categories: '' },
  { name: 'limitranges', shortNames: 'limits', apiVersion: 'v1', namespaced: true, kind: 'LimitRange', verbs: ALL_VERBS, categories: '' },
  { name: 'bindings', shortNames: '', apiVersion: 'v1', namespaced: true, kind: 'Binding', verbs: 'create', categories: '' },
  { name: 'componentstatuses', shortNames: 'cs', apiVersion: 'v1', namespaced: false, kind: 'ComponentStatus', verbs: 'get,list', categories: '' },
  { name: 'selfsubjectreviews', shortNames: '', apiVersion: 'authentication.k8s.io/v1', namespaced: false, kind: 'SelfSubjectReview', verbs: 'create', categories: '' },
  { name: 'tokenreviews', shortNames: '', apiVersion: 'authentication.k8s.io/v1', namespaced: false, kind: 'TokenReview', verbs: 'create', categories: '' },
  { name: 'selfsubjectaccessreviews', shortNames: '', apiVersion: 'authorization.k8s.io/v1', namespaced: false, kind: 'SelfSubjectAccessReview', verbs: 'create', categories: '' },
  { name: 'selfsubjectrulesreviews', shortNames: '', apiVersion: 'authorization.k8s.io/v1', namespaced: false, kind: 'SelfSubjectRulesReview', verbs: 'create', categories: '' },
  { name: 'subjectaccessreviews', shortNames: '', apiVersion: 'authorization.k8s.io/v1', namespaced: false, kind: 'SubjectAccessReview', verbs: 'create', categories: '' },
  { name: 'pods', shortNames: 'po', apiVersion: 'v1', namespaced: true, kind: 'Pod', verbs: ALL_VERBS, categories: 'all' },
  { name: 'secrets', shortNames: '', apiVersion: 'v1', namespaced: true, kind: 'Secret', verbs: ALL_VERBS, categories: '' },
  { name: 'serviceaccounts', shortNames: 'sa', apiVersion: 'v1', namespaced: true, kind: 'ServiceAccount', verbs: ALL_VERBS, categories: '' },
  { name: 'services', shortNames: 'svc', apiVersion: 'v1', namespaced: true, kind: 'Service', verbs: ALL_VERBS, categories: 'all' },
  { name: 'deployments', shortNames: 'deploy', apiVersion: 'apps/v1', namespaced: true, kind: 'Deployment', verbs: ALL_VERBS, categories: 'all' },
  { name: 'statefulsets', shortNames: 'sts', apiVersion: 'apps/v1', namespaced: true, kind: 'StatefulSet', verbs: ALL_VERBS, categories: 'all' },
  { name: 'daemonsets', shortNames: 'ds', apiVersion: 'apps/v1', namespaced: true, kind: 'DaemonSet', verbs: ALL_VERBS, categories: 'all' },
  { name: 'controllerrevisions', shortNames: '', apiVersion: 'apps/v1', namespaced: true, kind: 'ControllerRevision', verbs: ALL_VERBS, categories: '' },
  { name: 'replicasets', shortNames: 'rs', apiVersion: 'apps/v1', namespaced: true, kind: 'ReplicaSet', verbs: ALL_VERBS, categories: 'all' },
  { name: 'horizontalpodautoscalers', shortNames: 'hpa', apiVersion: 'autoscaling/v2', namespaced: true, kind: 'HorizontalPodAutoscaler', verbs: ALL_VERBS, categories: 'all' },
  { name: 'cronjobs', shortNames: 'cj', apiVersion: 'batch/v1', namespaced: true, kind: 'CronJob', verbs: ALL_VERBS, categories: 'all' },
  { name: 'jobs', shortNames: '', apiVersion: 'batch/v1', namespaced: true, kind: 'Job', verbs: ALL_VERBS, categories: 'all' },
  { name: 'certificatesigningrequests', shortNames: 'csr', apiVersion: 'certificates.k8s.io/v1', namespaced: false, kind: 'CertificateSigningRequest', verbs: ALL_VERBS, categories: '' },
  { name: 'csidrivers', shortNames: '', apiVersion: 'storage.k8s.io/v1', namespaced: false, kind: 'CSIDriver', verbs: ALL_VERBS, categories: '' },
  { name: 'csinodes', shortNames: '', apiVersion: 'storage.k8s.io/v1', namespaced: false, kind: 'CSINode', verbs: ALL_VERBS, categories: '' },
  { name: 'csistoragecapacities', shortNames: '', apiVersion: 'storage.k8s.io/v1', namespaced: true, kind: 'CSIStorageCapacity', verbs: ALL_VERBS, categories: '' },
  { name: 'storageclasses', shortNames: 'sc', apiVersion: 'storage.k8s.io/v1', namespaced: false, kind: 'StorageClass', verbs: ALL_VERBS, categories: '' },
  { name: 'volumeattachments', shortNames: '', apiVersion: 'storage.k8s.io/v1', namespaced: false, kind: 'VolumeAttachment', verbs: ALL_VERBS, categories: '' },
  { name: 'leases', shortNames: '', apiVersion: 'coordination.k8s.io/v1', namespaced: true, kind: 'Lease', verbs: ALL_VERBS, categories: '' },
  { name: 'events', shortNames: 'ev', apiVersion: 'events.k8s.io/v1', namespaced: true, kind: 'Event', verbs: ALL_VERBS, categories: '' },
  { name: 'clusterrolebindings', shortNames: '', apiVersion: 'rbac.authorization.k8s.io/v1', namespaced: false, kind: 'ClusterRoleBinding', verbs: ALL_VERBS, categories: '' },
  { name: 'clusterroles', shortNames: '', apiVersion: 'rbac.authorization.k8s.io/v1', namespaced: false, kind: 'ClusterRole', verbs: ALL_VERBS, categories: '' },
  { name: 'rolebindings', shortNames: '', apiVersion: 'rbac.authorization.k8s.io/v1', namespaced: true, kind: 'RoleBinding', verbs: ALL_VERBS, categories: '' },
  { name: 'roles', shortNames: '', apiVersion: 'rbac.authorization.k8s.io/v1', namespaced: true, kind: 'Role', verbs: ALL_VERBS, categories: '' },
  { name: 'endpointslices', shortNames: '', apiVersion: 'discovery.k8s.io/v1', namespaced: true, kind: 'EndpointSlice', verbs: ALL_VERBS, categories: '' },
  { name: 'ingressclasses', shortNames: '', apiVersion: 'networking.k8s.io/v1', namespaced: false, kind: 'IngressClass', verbs: ALL_VERBS, categories: '' },
  { name: 'ingresses', shortNames: 'ing', apiVersion: 'networking.k8s.io/v1', namespaced: true, kind: 'Ingress', verbs: ALL_VERBS, categories: '' },
  { name: 'networkpolicies', shortNames: 'netpol', apiVersion: 'networking.k8s.io/v1', namespaced: true, kind: 'NetworkPolicy', verbs: ALL_VERBS, categories: '' },
  { name: 'runtimeclasses', shortNames: '', apiVersion: 'node.k8s.io/v1', namespaced: false, kind: 'RuntimeClass', verbs: ALL_VERBS, categories: '' },
  { name: 'localsubjectaccessreviews', shortNames: '', apiVersion: 'authorization.k8s.io/v1', namespaced: true, kind: 'LocalSubjectAccessReview', verbs: 'create', categories: '' },
  { name: 'poddisruptionbudgets', shortNames: 'pdb', apiVersion: 'policy/v1', namespaced: true, kind: 'PodDisruptionBudget', verbs: ALL_VERBS, categories: '' },
  { name: 'mutatingwebhookconfigurations', shortNames: '', apiVersion: 'admissionregistration.k8s.io/v1', namespaced: false, kind: 'MutatingWebhookConfiguration', verbs: ALL_VERBS, categories: 'api-extensions' },
  { name: 'validatingadmissionpolicies', shortNames: '', apiVersion: 'admissionregistration.k8s.io/v1', namespaced: false, kind: 'ValidatingAdmissionPolicy', verbs: ALL_VERBS, categories: 'api-extensions' },
  { name: 'validatingadmissionpolicybindings', shortNames: '', apiVersion: 'admissionregistration.k8s.io/v1', namespaced: false, kind: 'ValidatingAdmissionPolicyBinding', verbs: ALL_VERBS, categories: 'api-extensions' },
  { name: 'validatingwebhookconfigurations', shortNames: '', apiVersion: 'admissionregistration.k8s.io/v1', namespaced: false, kind: 'ValidatingWebhookConfiguration', verbs: ALL_VERBS, categories: 'api-extensions' },
  { name: 'priorityclasses', shortNames: 'pc', apiVersion: 'scheduling.k8s.io/v1', namespaced: false, kind: 'PriorityClass', verbs: ALL_VERBS, categories: '' },
  { name: 'flowschemas', shortNames: '', apiVersion: 'flowcontrol.apiserver.k8s.io/v1', namespaced: false, kind: 'FlowSchema', verbs: ALL_VERBS, categories: '' },
  { name: 'prioritylevelconfigurations', shortNames: '', apiVersion: 'flowcontrol.apiserver.k8s.io/v1', namespaced: false, kind: 'PriorityLevelConfiguration', verbs: ALL_VERBS, categories: '' },
  { name: 'customresourcedefinitions', shortNames: 'crd,crds', apiVersion: 'apiextensions.k8s.io/v1', namespaced: false, kind: 'CustomResourceDefinition', verbs: ALL_VERBS, categories: 'api-extensions' },
  { name: 'apiservices', shortNames: '', apiVersion: 'apiregistration.k8s.io/v1', namespaced: false, kind: 'APIService', verbs: ALL_VERBS, categories: 'api-extensions' },
];

/** kubectl ≤ 1.2x prints lists as `[a b]`, newer ones as `a,b`: compare both as `a,b`. */
export function normaliseList(cell: string | undefined): string {
  return (cell ?? '').replace(/^\[|\]$/g, '').split(/[\s,]+/).filter((s) => s !== '').join(',');
}

/** The group of an apiVersion (`apps/v1` → `apps`, `v1` → ``), as old kubectl's APIGROUP column prints it. */
function groupOf(apiVersion: string): string {
  return apiVersion.includes('/') ? (apiVersion.split('/')[0] ?? '') : '';
}

/**
 * Asserts the api-resources table (APIVERSION, or APIGROUP in old kubectl) lists exactly the expected resources,
 * no more and none missing (by name and version or group: `events` is in v1 and events.k8s.io/v1), each row as
 * expected.
 */
export function checkApiResources(t: Test, table: PrintedTable, wide: boolean, categories = wide): void {
  const versionColumn = table.headers.includes('APIVERSION') ? 'APIVERSION' : 'APIGROUP';
  const wideHeaders = [...(wide ? ['VERBS'] : []), ...(categories ? ['CATEGORIES'] : [])];
  const expectedHeaders = ['NAME', 'SHORTNAMES', versionColumn, 'NAMESPACED', 'KIND', ...wideHeaders];
  t.same(table.headers, expectedHeaders, 'api-resources headers');
  const versionOf = (apiVersion: string): string => (versionColumn === 'APIVERSION' ? apiVersion : groupOf(apiVersion));
  const printed = table.rows.map((row) => `${row.NAME} ${row[versionColumn]}`).sort();
  t.same(printed, EXPECTED_RESOURCES.map((r) => `${r.name} ${versionOf(r.apiVersion)}`).sort(), `api-resources lists exactly the ${EXPECTED_RESOURCES.length} resources of 1.32`);
  for (const r of EXPECTED_RESOURCES) {
    const version = versionOf(r.apiVersion);
    const row = table.rows.find((x) => x.NAME === r.name && x[versionColumn] === version);
    t.same(
      row && { SHORTNAMES: normaliseList(row.SHORTNAMES), NAMESPACED: row.NAMESPACED, KIND: row.KIND },
      { SHORTNAMES: r.shortNames, NAMESPACED: String(r.namespaced), KIND: r.kind },
      `api-resources row ${r.name} ${version}`,
    );
    if (wide && row !== undefined) {
      t.equal(normaliseList(row.VERBS), r.verbs, `${r.name} ${version} verbs`);
      if (categories) t.equal(normaliseList(row.CATEGORIES), r.categories, `${r.name} ${version} categories`);
    }
  }
}

/** version, api-versions, api-resources (+ filters, -o wide, -o name). */
export async function discoveryCommands(t: Test, kubectl: Kubectl): Promise<void> {
  const version: unknown = JSON.parse(await kubectl.ok(t, ['version', '-o', 'json']));
  t.match(field(version, 'serverVersion'), { major: '1', minor: '32', gitVersion: /^v1\.32\.\d+/, platform: /\// });
  // For a 1.32 server the dispatcher runs its own built-in kubectl 1.32 (`v1.32.4-dispatcher`).
  t.match(field(version, 'clientVersion', 'gitVersion'), /^v1\.32\.\d+(-dispatcher)?$/, 'kubectl 1.32 ran');
  const plain = await kubectl.ok(t, ['version']);
  t.match(plain, /^Client Version: v1\.32\.\d+\S*\nKustomize Version: v\S+\nServer Version: v1\.32\.\d+\S*\n$/);
  t.notMatch(plain, /WARNING: version difference/, 'no version skew warning');

  const apiVersions = (await kubectl.ok(t, ['api-versions'])).split('\n').filter((l) => l !== '');
  for (const gv of ['apps/v1', 'batch/v1', 'coordination.k8s.io/v1', 'discovery.k8s.io/v1', 'v1']) t.ok(apiVersions.includes(gv), `api-versions lists ${gv}`);
  t.same(apiVersions, [...apiVersions].sort(), 'api-versions sorted');

  checkApiResources(t, parseTable(await kubectl.ok(t, ['api-resources'])), false);
  checkApiResources(t, parseTable(await kubectl.ok(t, ['api-resources', '-o', 'wide'])), true);
  const apps = parseTable(await kubectl.ok(t, ['api-resources', '--api-group=apps']));
  t.same(apps.rows.map((r) => r.NAME).sort(), ['controllerrevisions', 'daemonsets', 'deployments', 'replicasets', 'statefulsets']);
  const cluster = parseTable(await kubectl.ok(t, ['api-resources', '--namespaced=false', '--api-group=']));
  t.same(cluster.rows.map((r) => r.NAME).sort(), ['componentstatuses', 'namespaces', 'nodes', 'persistentvolumes']);
  t.match(
    await kubectl.ok(t, ['cluster-info']),
    /^Kubernetes control plane is running at http:\/\/127\.0\.0\.1:\d+\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'\.\n$/,
  );
  const names = (await kubectl.ok(t, ['api-resources', '-o', 'name', '--api-group=apps'])).split('\n');
  t.same(names.filter((n) => n !== '').sort(), ['controllerrevisions.apps', 'daemonsets.apps', 'deployments.apps', 'replicasets.apps', 'statefulsets.apps']);
}

/** explain (OpenAPI v3 schemas with descriptions) and the OpenAPI v3 root document. */
export async function openAPICommands(t: Test, kubectl: Kubectl): Promise<void> {
  const raw: unknown = JSON.parse(await kubectl.ok(t, ['get', '--raw', '/openapi/v3']));
  const paths = field(raw, 'paths');
  t.ok(isRecord(paths), '/openapi/v3 has paths');
  for (const gv of ['api/v1', 'apis/apps/v1', 'apis/coordination.k8s.io/v1']) {
    t.match(field(paths, gv, 'serverRelativeURL'), new RegExp(`^/openapi/v3/${gv.replace(/\./g, '\\.')}\\?hash=\\w+$`), `${gv} in /openapi/v3`);
  }
  const cm = await kubectl.ok(t, ['explain', 'configmaps']);
  // Descriptions are the project's own prose (upstream's doc strings are not copied): only their presence is checked.
  t.match(cm, /^KIND:\s+ConfigMap\nVERSION:\s+v1\n\nDESCRIPTION:\n {4}\S[^\n]*\n/);
  t.match(cm, /\nFIELDS:\n/);
  t.match(cm, /\n {2}data\t<map\[string\]string>\n/);
  t.match(cm, /\n {2}metadata\t<ObjectMeta>\n/);
  const replicas = await kubectl.ok(t, ['explain', 'deployment.spec.replicas']);
  t.match(replicas, /^GROUP:\s+apps\nKIND:\s+Deployment\nVERSION:\s+v1\n\nFIELD: replicas <integer>\n(.*\n)*DESCRIPTION:\n {4}\S/);
  const labels = await kubectl.ok(t, ['explain', 'pods.metadata.labels']);
  t.match(labels, /FIELD: labels <map\[string\]string>/);
  await kubectl.fails(t, ['explain', 'configmaps.nosuchfield'], /field "nosuchfield" does not exist/);
}
