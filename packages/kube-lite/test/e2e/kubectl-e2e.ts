/**
 * The kubectl (PATH) e2e body, one test file per backend so the two run in parallel.
 * The dispatcher on PATH runs its built-in kubectl 1.32 for kube-lite's 1.32 `/version`.
 */
import { findKubectl } from '@apiserver/testing';
import t from 'tap';
import { edit, liveChanges, manifests } from './kubectl-changes.js';
import { admissionRegistrationKinds } from './kubectl-admreg.js';
import { appsKinds } from './kubectl-apps.js';
import { batchKinds } from './kubectl-batch.js';
import { flowKinds } from './kubectl-flow.js';
import { storeKinds } from './kubectl-store.js';
import { coreKinds } from './kubectl-core.js';
import { cascades, deletes, namespaceDeletion } from './kubectl-deletes.js';
import { discoveryCommands, openAPICommands } from './kubectl-discovery.js';
import { evictions } from './kubectl-evict.js';
import { eventsOfObject, printedKinds } from './kubectl-kinds.js';
import { netKinds } from './kubectl-net.js';
import { describeObjects, getAll, getForms, getSelections, typedCreates, watchChanges } from './kubectl-objects.js';
import { type Backend, Kubectl, startEnv } from './harness.js';

/** Registers the kubectl e2e test of `backend` on the root tap test. */
export async function kubectlE2E(backend: Backend): Promise<void> {
  // ~60 s on a quiet machine; 96-120 s at load 16, where tap's 120 s per-file timeout cut the etcd3 run short.
  t.setTimeout(360_000);
  const found = await findKubectl();
  t.test(`kubectl (PATH) on ${backend}`, { skip: 'reason' in found ? found.reason : false }, async (t) => {
    if (!('binary' in found)) return;
    const env = await startEnv(t, backend);
    const kubectl = new Kubectl(found.binary, env);
    // Discovery, OpenAPI and the kinds' printing and validation are the same over either backend (what reaches
    // storage is one codec's bytes, and the storage conformance suites run on both): they run on memory only. What
    // the backend changes (protobuf bodies stored, selectors, watches, writes and conflicts, TTL'd events, deletion,
    // garbage collection, evictions) runs on both.
    const sameOverBackends = backend === 'memory' ? {} : { skip: 'the same over either backend: run on memory' };
    await t.test('discovery', sameOverBackends, (t) => discoveryCommands(t, kubectl));
    await t.test('openapi and explain', sameOverBackends, (t) => openAPICommands(t, kubectl));
    await t.test('typed create (protobuf bodies)', (t) => typedCreates(t, kubectl, 'e2e-objects'));
    await t.test('get forms', (t) => getForms(t, kubectl, 'e2e-objects'));
    await t.test('get selections', (t) => getSelections(t, kubectl, 'e2e-select'));
    await t.test('get all', (t) => getAll(t, kubectl, 'e2e-objects'));
    await t.test('describe', sameOverBackends, (t) => describeObjects(t, kubectl, 'e2e-objects'));
    await t.test('pods, nodes, leases, replicasets', (t) => printedKinds(t, kubectl, 'e2e-kinds'));
    await t.test('events and describe', (t) => eventsOfObject(t, kubectl, 'e2e-kinds'));
    await t.test('jobs and cronjobs', sameOverBackends, (t) => batchKinds(t, kubectl, 'e2e-batch'));
    await t.test('statefulsets, daemonsets, controllerrevisions', sameOverBackends, (t) => appsKinds(t, kubectl, 'e2e-apps'));
    await t.test('storage, certificates, autoscaling', sameOverBackends, (t) => storeKinds(t, kubectl, 'e2e-store', backend));
    await t.test('claims, volumes, controllers, quotas', (t) => coreKinds(t, kubectl, 'e2e-core', backend));
    await t.test('ingresses, networkpolicies, pdbs, priorityclasses, runtimeclasses', sameOverBackends, (t) => netKinds(t, kubectl, 'e2e-net', backend));
    await t.test('webhook configurations, admission policies and bindings', sameOverBackends, (t) => admissionRegistrationKinds(t, kubectl, backend));
    await t.test('drain through pods/eviction', (t) => evictions(t, kubectl, 'e2e-evict'));
    await t.test('flowschemas, prioritylevelconfigurations', sameOverBackends, (t) => flowKinds(t, kubectl, backend));
    await t.test('get -w', (t) => watchChanges(t, kubectl, 'e2e-objects'));
    await t.test('create -f / apply -f', (t) => manifests(t, kubectl, 'e2e-apply'));
    await t.test('edit', (t) => edit(t, kubectl, env, 'e2e-apply'));
    await t.test('patch, label, annotate, scale, replace', (t) => liveChanges(t, kubectl, 'e2e-apply'));
    await t.test('delete and wait', (t) => deletes(t, kubectl, 'e2e-delete'));
    await t.test('delete a namespace with content', (t) => namespaceDeletion(t, kubectl, 'e2e-gone'));
    await t.test('delete --cascade (garbage collector)', (t) => cascades(t, kubectl, 'e2e-cascade'));
  });
}
