/** @kubernetes/client-node (2.0 on Node 22+, 1.4 on Node 20) against kube-lite on memory and etcd3. */
import t from 'tap';
import { crdValidationRules } from './client-node-cel.js';
import { garbageCollection } from './client-node-gc.js';
import { appsCrud, coreCrud, health, objectApi } from './client-node-suite.js';
import { CLIENT_NODE_MAJOR } from './client-node-module.js';
import { evictionAndLocalReview } from './client-node-evict.js';
import { everyKind } from './client-node-kinds.js';
import { informer, watchEvents } from './client-node-watch.js';
import { BACKENDS, startEnv } from './harness.js';

// The Watch test writes until resourceVersion 1 leaves the configmaps watch cache window; a 100-event window
// (the default is 1024 here) makes that about 130 writes instead of over 1000, the assertions unchanged.
const WATCH_CACHE_SIZES = ['configmaps#100'];

// 69-74 s in clean clones here (cc103) and up to 1.4x that on CI's machine: near tap's 120 s per-file timeout.
t.setTimeout(300_000);

for (const backend of BACKENDS) {
  t.test(`client-node ${CLIENT_NODE_MAJOR}.x on ${backend}`, async (t) => {
    const env = await startEnv(t, backend, { watchCacheSizes: WATCH_CACHE_SIZES });
    await t.test('Health', (t) => health(t, env));
    await t.test('CoreV1Api CRUD and patches', (t) => coreCrud(t, env, 'cn-core'));
    await t.test('AppsV1Api with scale and status', (t) => appsCrud(t, env, 'cn-core'));
    await t.test('KubernetesObjectApi', (t) => objectApi(t, env, 'cn-core'));
    await t.test('pods/eviction and localsubjectaccessreviews', (t) => evictionAndLocalReview(t, env, 'cn-evict'));
    await t.test('Watch', (t) => watchEvents(t, env, 'cn-watch'));
    await t.test('makeInformer with a 410 relist', (t) => informer(t, env, 'cn-watch'));
    // Before the subtests that define custom resources: every kind means every kind discovery lists, each with its fixture.
    if (backend === 'memory') await t.test('every kind, every verb (KubernetesObjectApi, Watch, Table)', (t) => everyKind(t, env, 'cn-kinds'));
    await t.test('CRD CEL rules through ApiextensionsV1Api and CustomObjectsApi', (t) => crdValidationRules(t, env, 'cn-cel'));
    await t.test('garbage collection by propagationPolicy', (t) => garbageCollection(t, env, 'cn-gc'));
  });
}
