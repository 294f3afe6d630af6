/** Installer steps one by one: planActions, routeFor (docs, operation IDs, params, metadata), discoveryEntry. */
import { Container } from '@apiserver/restful';
import { StatusSchema } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { APIGroupVersion } from '../../src/group-version.js';
import { discoveryVerbs, storageVersionHash } from '../../src/installer/discovery-entry.js';
import { type ActionCapabilities, planActions } from '../../src/installer/plan-actions.js';
import { articleFor } from '../../src/installer/route-factories.js';
import { scopeOf } from '../../src/installer/scope.js';
import { declaredStorage } from '../fixtures/declared-storage.js';

const scheme = newBuiltinScheme();
const none: ActionCapabilities = {
  lister: false,
  creater: false,
  collectionDeleter: false,
  watcher: false,
  getter: false,
  getSubpath: false,
  updater: false,
  patcher: false,
  gracefulDeleter: false,
  connecter: false,
  connectSubpath: false,
};
const all: ActionCapabilities = { ...none, lister: true, creater: true, collectionDeleter: true, watcher: true, getter: true, updater: true, patcher: true, gracefulDeleter: true };

t.test('planActions: namespaced and cluster paths differ only by the prefix', async (t) => {
  const ns = planActions({ resource: 'pods', subresource: '' }, scopeOf(true), all).map((a) => `${a.verb} ${a.path}`);
  t.same(ns, [
    'LIST namespaces/{namespace}/pods',
    'POST namespaces/{namespace}/pods',
    'DELETECOLLECTION namespaces/{namespace}/pods',
    'WATCHLIST watch/namespaces/{namespace}/pods',
    'GET namespaces/{namespace}/pods/{name}',
    'PUT namespaces/{namespace}/pods/{name}',
    'PATCH namespaces/{namespace}/pods/{name}',
    'DELETE namespaces/{namespace}/pods/{name}',
    'WATCH watch/namespaces/{namespace}/pods/{name}',
    'LIST pods',
    'WATCHLIST watch/pods',
  ]);
  const cluster = planActions({ resource: 'nodes', subresource: '' }, scopeOf(false), all).map((a) => `${a.verb} ${a.path}`);
  t.same(cluster, ['LIST nodes', 'POST nodes', 'DELETECOLLECTION nodes', 'WATCHLIST watch/nodes', 'GET nodes/{name}', 'PUT nodes/{name}', 'PATCH nodes/{name}', 'DELETE nodes/{name}', 'WATCH watch/nodes/{name}']);
  const sub = planActions({ resource: 'pods', subresource: 'proxy' }, scopeOf(true), { ...none, connecter: true, connectSubpath: true });
  t.same(sub.map((a) => [a.path, a.params, a.withPath]), [
    ['namespaces/{namespace}/pods/{name}/proxy', ['namespace', 'name'], false],
    ['namespaces/{namespace}/pods/{name}/proxy/{path:*}', ['namespace', 'name', 'path'], true],
  ]);
  const evict = planActions({ resource: 'pods', subresource: 'eviction' }, scopeOf(true), { ...none, creater: true });
  t.same(evict.map((a) => [a.verb, a.path, a.params]), [['POST', 'namespaces/{namespace}/pods/{name}/eviction', ['namespace', 'name']]]);
  t.same(planActions({ resource: 'x', subresource: '' }, scopeOf(false), { ...none, watcher: true }).map((a) => a.verb), ['WATCH'], 'WATCHLIST needs a lister');
});

t.test('articles and verbs', async (t) => {
  t.equal(articleFor('ConfigMap'), ' a ');
  t.equal(articleFor('Endpoints'), ' ');
  t.equal(articleFor('Ingress'), ' an ');
  t.equal(articleFor('Event'), ' an ');
  t.same(discoveryVerbs([{ verb: 'CONNECT', path: 'x/{name}', params: ['name'], allNamespaces: false, withPath: false }], ['GET', 'POST', 'OPTIONS', 'HEAD']), ['create', 'get']);
  t.same(discoveryVerbs([], ['GET']), [], 'connect methods count only with a CONNECT action');
});

t.test('storageVersionHash matches real clusters', async (t) => {
  t.equal(storageVersionHash('', 'v1', 'ConfigMap'), 'qFsyl6wFWjQ=');
  t.equal(storageVersionHash('', 'v1', 'Pod'), 'xPOwRZ+Yhw8=');
  t.equal(storageVersionHash('apps', 'v1', 'Deployment'), '8aSe+NMegvE=');
  t.equal(storageVersionHash('', 'v1', 'Namespace'), 'Q3oi5N2YM8M=');
});

function install(storage: Record<string, ReturnType<typeof declaredStorage>>, group = '') {
  return new APIGroupVersion({ root: group === '' ? '/api' : '/apis', groupVersion: { group, version: 'v1' }, storage, scheme }).installREST(new Container());
}

t.test('routes: docs, operation IDs, params, metadata', async (t) => {
  const installed = install({
    configmaps: declaredStorage({ kind: 'ConfigMap', namespaced: true, singular: 'configmap', list: true, create: true, deleteCollection: true, watch: true, get: true, update: true, delete: true }),
    pods: declaredStorage({ kind: 'Pod', namespaced: true, singular: 'pod', get: true }),
    'pods/log': declaredStorage({ kind: 'Pod', getOptions: { container: '', follow: false, tailLines: 0 } }),
    'pods/proxy': declaredStorage({ kind: 'Pod', connect: ['GET', 'POST'], connectSubpath: true }),
    'pods/status': declaredStorage({ kind: 'Pod', get: true, update: true }),
  });
  const routes = installed.webService.routes();
  const byOp = new Map(routes.map((r) => [r.operation, r]));
  const expected: Record<string, string> = {
    listNamespacedConfigMap: 'list or watch objects of kind ConfigMap',
    createNamespacedConfigMap: 'create a ConfigMap',
    deletecollectionNamespacedConfigMap: 'delete collection of ConfigMap',
    watchNamespacedConfigMapList: "watch individual changes to a list of ConfigMap. deprecated: use the 'watch' parameter with a list operation instead.",
    readNamespacedConfigMap: 'read the specified ConfigMap',
    replaceNamespacedConfigMap: 'replace the specified ConfigMap',
    patchNamespacedConfigMap: 'partially update the specified ConfigMap',
    deleteNamespacedConfigMap: 'delete a ConfigMap',
    watchNamespacedConfigMap:
      "watch changes to an object of kind ConfigMap. deprecated: use the 'watch' parameter with a list operation instead, filtered to a single item with the 'fieldSelector' parameter.",
    listConfigMapForAllNamespaces: 'list or watch objects of kind ConfigMap',
    watchConfigMapListForAllNamespaces: "watch individual changes to a list of ConfigMap. deprecated: use the 'watch' parameter with a list operation instead.",
    readNamespacedPodLog: 'read log of the specified Pod',
    connectGetNamespacedPodProxy: 'connect GET requests to proxy of Pod',
    connectPostNamespacedPodProxyWithPath: 'connect POST requests to proxy of Pod',
    readNamespacedPodStatus: 'read status of the specified Pod',
    replaceNamespacedPodStatus: 'replace status of the specified Pod',
    patchNamespacedPodStatus: 'partially update status of the specified Pod',
    connectPostNamespacedPodProxy: 'connect POST requests to proxy of Pod',
    connectGetNamespacedPodProxyWithPath: 'connect GET requests to proxy of Pod',
    getAPIResources: 'get available resources',
  };
  t.same(Object.fromEntries(routes.map((r) => [r.operation, r.doc])), { ...expected, readNamespacedPod: 'read the specified Pod' });
  const list = byOp.get('listNamespacedConfigMap');
  t.same(list?.parameterDocs.map((p) => p.data().name), ['namespace', 'pretty', 'labelSelector', 'fieldSelector', 'watch', 'allowWatchBookmarks', 'resourceVersion', 'resourceVersionMatch', 'timeoutSeconds', 'limit', 'continue', 'sendInitialEvents']);
  t.same(list?.metadata, { 'x-kubernetes-group-version-kind': { group: '', version: 'v1', kind: 'ConfigMap' }, 'x-kubernetes-action': 'list' });
  const del = byOp.get('deleteNamespacedConfigMap');
  t.same(del?.parameterDocs.map((p) => [p.data().name, p.data().required]), [
    ['namespace', true],
    ['name', true],
    ['pretty', false],
    ['gracePeriodSeconds', false],
    ['orphanDependents', false],
    ['propagationPolicy', false],
    ['dryRun', false],
    ['ignoreStoreReadErrorWithClusterBreakingPotential', false],
    ['body', false],
  ]);
  t.same(Object.keys(del?.responseErrors ?? {}), ['200', '202']);
  t.same(byOp.get('readNamespacedPodLog')?.parameterDocs.map((p) => [p.data().name, p.data().dataType]).slice(3), [
    ['container', 'string'],
    ['follow', 'boolean'],
    ['tailLines', 'integer'],
  ]);
  t.same(byOp.get('deletecollectionNamespacedConfigMap')?.parameterDocs.map((p) => p.data().name).slice(-9), ['labelSelector', 'fieldSelector', 'resourceVersion', 'resourceVersionMatch', 'timeoutSeconds', 'limit', 'continue', 'sendInitialEvents', 'body']);
  t.same(byOp.get('connectGetNamespacedPodProxy')?.produces, ['*/*']);
  t.same(installed.apiResources.map((r) => [r.name, r.singularName, r.verbs]), [
    ['configmaps', 'configmap', ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']],
    ['pods', 'pod', ['get']],
    ['pods/log', '', ['get']],
    ['pods/proxy', '', ['create', 'get']],
    ['pods/status', '', ['get', 'patch', 'update']],
  ]);
});

t.test('DELETE responses: the object when the storage returns the deleted object, else a Status', async (t) => {
  const installed = install({
    pods: declaredStorage({ kind: 'Pod', namespaced: true, singular: 'pod', get: true, delete: true, deleteReturnsObject: true }),
    secrets: declaredStorage({ kind: 'Secret', namespaced: true, singular: 'secret', get: true, delete: true, deleteReturnsObject: false }),
    configmaps: declaredStorage({ kind: 'ConfigMap', namespaced: true, singular: 'configmap', get: true, delete: true }),
  });
  const byOp = new Map(installed.webService.routes().map((r) => [r.operation, r]));
  const models = (op: string) => Object.values(byOp.get(op)?.responseErrors ?? {}).map((r) => [r.code, r.model]);
  const pod = scheme.lookup({ group: '', version: 'v1', kind: 'Pod' })?.schema;
  t.ok(pod, 'the Pod schema is registered');
  t.same(models('deleteNamespacedPod'), [
    [200, pod],
    [202, pod],
  ]);
  t.same(models('deleteNamespacedSecret'), [
    [200, StatusSchema],
    [202, StatusSchema],
  ]);
  t.same(models('deleteNamespacedConfigMap'), [
    [200, StatusSchema],
    [202, StatusSchema],
  ]);
});

t.test('discovery entry overrides: GroupVersionKindProvider, KindProvider-less, categories, storage version', async (t) => {
  const installed = install(
    {
      deployments: declaredStorage({ kind: 'Deployment', namespaced: true, singular: 'deployment', get: true, list: true, shortNames: ['deploy'], categories: ['all'], storageVersion: { group: 'apps', version: 'v1', kind: 'Deployment' } }),
      'deployments/scale': declaredStorage({ kind: 'Scale', get: true, update: true, gvk: { group: 'autoscaling', version: 'v1', kind: 'Scale' } }),
    },
    'apps',
  );
  t.same(installed.apiResources, [
    { name: 'deployments', singularName: 'deployment', namespaced: true, kind: 'Deployment', verbs: ['get', 'list'], shortNames: ['deploy'], categories: ['all'], storageVersionHash: '8aSe+NMegvE=' },
    { name: 'deployments/scale', singularName: '', namespaced: true, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] },
  ]);
  const scaleRoute = installed.webService.routes().find((r) => r.operation === 'readNamespacedDeploymentScale');
  t.same(scaleRoute?.metadata['x-kubernetes-group-version-kind'], { group: 'autoscaling', version: 'v1', kind: 'Scale' });
});

t.test('install errors', async (t) => {
  t.throws(() => install({ 'a/b/c': declaredStorage({ kind: 'X', singular: 'x' }) }), /one or two segment paths/);
  t.throws(() => install({ things: declaredStorage({ kind: 'X' }) }), /must implement SingularNameProvider/);
  t.throws(() => install({ 'things/status': declaredStorage({ kind: 'X' }) }), /missing parent storage/);
  t.throws(() => install({ things: declaredStorage({ kind: '', singular: 'x', get: true }) }), /newObject\(\) has no kind/);
});
