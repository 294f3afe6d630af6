/**
 * @kubernetes/client-node against kube-lite's garbage collector (issue #22): Deployments each owning two
 * ReplicaSets (`controller` and `blockOwnerDeletion` references to the Deployment's uid), deleted through
 * AppsV1Api with `propagationPolicy` Background (the owner goes at once, its ReplicaSets after it), Foreground
 * (the owner stays, with the `foregroundDeletion` finalizer and a deletionTimestamp, until its ReplicaSets are gone)
 * and Orphan (the ReplicaSets stay, without their owner reference). The client-node side of kubectl-deletes.ts'
 * `cascades()`.
 */
import type * as ClientNode from '@kubernetes/client-node';
import type { Test } from 'tap';
import { k8s } from './client-node-module.js';
import { apiError, kubeConfig, rejection, until } from './client-node-suite.js';
import type { KubeLiteEnv } from './harness.js';

/** A finalizer of the test's own: it keeps one foreground dependent in deletion until the test removes it. */
const HOLD = 'example.com/hold';

const TIMEOUT_MS = 20_000;

type Apps = ClientNode.AppsV1Api;

const labelsOf = (owner: string) => ({ app: `gc-${owner}` });
const podTemplate = (owner: string) => ({ metadata: { labels: labelsOf(owner) }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });

/** Creates Deployment `name` and its ReplicaSets `<name>-a`, `<name>-b` (`-a` with `finalizers`); the Deployment's uid. */
async function ownerWithReplicaSets(apps: Apps, ns: string, name: string, finalizers?: string[]): Promise<string> {
  const spec = { selector: { matchLabels: labelsOf(name) }, template: podTemplate(name) };
  const deployment = await apps.createNamespacedDeployment({ namespace: ns, body: { metadata: { name }, spec } });
  const uid = deployment.metadata?.uid ?? '';
  const ownerReferences = [{ apiVersion: 'apps/v1', kind: 'Deployment', name, uid, controller: true, blockOwnerDeletion: true }];
  for (const suffix of ['a', 'b']) {
    const held = suffix === 'a' && finalizers !== undefined ? { finalizers } : {};
    const metadata = { name: `${name}-${suffix}`, labels: labelsOf(name), ownerReferences, ...held };
    await apps.createNamespacedReplicaSet({ namespace: ns, body: { metadata, spec } });
  }
  return uid;
}

/** The ReplicaSets of `owner` (by label) in `ns`, by name. */
async function replicaSetsOf(apps: Apps, ns: string, owner: string): Promise<ClientNode.V1ReplicaSet[]> {
  const list = await apps.listNamespacedReplicaSet({ namespace: ns, labelSelector: `app=gc-${owner}` });
  return list.items;
}

/** The HTTP code of reading Deployment `name` (200, or the error's). */
async function readCode(apps: Apps, ns: string, name: string): Promise<number> {
  return apps.readNamespacedDeployment({ name, namespace: ns }).then(
    () => 200,
    (err: unknown) => apiError(err).code,
  );
}

/** Background: the Deployment is deleted at once (a Success Status), its ReplicaSets after it. */
async function background(t: Test, apps: Apps, ns: string): Promise<void> {
  const uid = await ownerWithReplicaSets(apps, ns, 'background');
  const res = await apps.deleteNamespacedDeploymentWithHttpInfo({ name: 'background', namespace: ns, propagationPolicy: 'Background' });
  t.equal(res.httpStatusCode, 200);
  t.match(res.data, { kind: 'Status', apiVersion: 'v1', status: 'Success', details: { name: 'background', group: 'apps', kind: 'deployments', uid } });
  t.equal(await readCode(apps, ns, 'background'), 404, 'the owner is gone at once');
  await until('the background ReplicaSets collected', async () => (await replicaSetsOf(apps, ns, 'background')).length === 0, TIMEOUT_MS);
}

/** Foreground: the Deployment waits, with its finalizer, for the held ReplicaSet, then goes. */
async function foreground(t: Test, apps: Apps, ns: string): Promise<void> {
  await ownerWithReplicaSets(apps, ns, 'foreground', [HOLD]);
  const res = await apps.deleteNamespacedDeploymentWithHttpInfo({ name: 'foreground', namespace: ns, propagationPolicy: 'Foreground' });
  t.equal(res.httpStatusCode, 200);
  t.match(res.data, { kind: 'Deployment', apiVersion: 'apps/v1' }, 'the owner, not a Status: it is not deleted yet');
  const owner = await apps.readNamespacedDeployment({ name: 'foreground', namespace: ns });
  t.same(owner.metadata?.finalizers, ['foregroundDeletion']);
  t.ok(owner.metadata?.deletionTimestamp instanceof Date, 'the owner has a deletionTimestamp');

  const held = async () => {
    const names = (await replicaSetsOf(apps, ns, 'foreground')).map((rs) => `${rs.metadata?.name} ${rs.metadata?.deletionTimestamp ? 'deleting' : 'live'}`);
    return names.join(',') === 'foreground-a deleting';
  };
  await until('foreground-b collected and foreground-a deleting on its finalizer', held, TIMEOUT_MS);
  const waiting = await apps.readNamespacedDeployment({ name: 'foreground', namespace: ns });
  t.same(waiting.metadata?.finalizers, ['foregroundDeletion'], 'the owner waits for its blocking dependent');

  const merge = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);
  await apps.patchNamespacedReplicaSet({ name: 'foreground-a', namespace: ns, body: { metadata: { finalizers: null } } }, merge);
  await until('the foreground owner gone', async () => (await readCode(apps, ns, 'foreground')) === 404, TIMEOUT_MS);
  t.same(await replicaSetsOf(apps, ns, 'foreground'), [], 'no ReplicaSet outlives the owner');
}

/** Orphan: the Deployment goes once its ReplicaSets no longer refer to it; they stay. */
async function orphan(t: Test, apps: Apps, ns: string): Promise<void> {
  await ownerWithReplicaSets(apps, ns, 'orphan');
  const res = await apps.deleteNamespacedDeploymentWithHttpInfo({ name: 'orphan', namespace: ns, propagationPolicy: 'Orphan' });
  t.equal(res.httpStatusCode, 200);
  t.match(res.data, { kind: 'Deployment' }, 'the owner, kept by the orphan finalizer');
  await until('the orphaned owner gone', async () => (await readCode(apps, ns, 'orphan')) === 404, TIMEOUT_MS);
  const left = await replicaSetsOf(apps, ns, 'orphan');
  t.same(left.map((rs) => rs.metadata?.name), ['orphan-a', 'orphan-b'], 'the ReplicaSets stay');
  for (const rs of left) {
    t.equal(rs.metadata?.ownerReferences, undefined, `${rs.metadata?.name} has no owner reference`);
    t.equal(rs.metadata?.deletionTimestamp, undefined, `${rs.metadata?.name} is not being deleted`);
  }
}

/** The three propagation policies on Deployments owning ReplicaSets, in namespace `ns`. */
export async function garbageCollection(t: Test, env: KubeLiteEnv, ns: string): Promise<void> {
  const kc = kubeConfig(env);
  await kc.makeApiClient(k8s.CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
  const apps = kc.makeApiClient(k8s.AppsV1Api);
  await t.test('Background', (t) => background(t, apps, ns));
  await t.test('Foreground', (t) => foreground(t, apps, ns));
  await t.test('Orphan', (t) => orphan(t, apps, ns));
  const gone = apiError(await rejection(t, apps.readNamespacedReplicaSet({ name: 'background-a', namespace: ns }), 'read a collected ReplicaSet'));
  t.match(gone, { code: 404, body: { kind: 'Status', reason: 'NotFound', details: { name: 'background-a', group: 'apps', kind: 'replicasets' } } });
}
