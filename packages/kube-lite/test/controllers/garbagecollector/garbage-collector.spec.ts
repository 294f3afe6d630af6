/**
 * The garbage collector through the API (pkg/controller/garbagecollector, issue #22 item 4): background cascading
 * deletion across kinds and scopes, dependents of owners that never existed, several owners, foreground deletion
 * waiting for `blockOwnerDeletion` dependents (released when one drops or unblocks its reference; a cycle of blocking
 * references broken as upstream breaks it), and orphaning; owners resolved in the dependent's namespace by name and kind
 * (a reference across namespaces reported as `OwnerRefInvalidNamespace`); custom resources as owners and dependents, while
 * their CRD is served and when it is deleted; a namespace's custom resources deleted with it.
 */
import t from 'tap';
import { startKubeLite } from '../../../src/testing/index.js';
import { until } from '../until.js';

type Json = Record<string, unknown>;
interface Meta {
  name: string;
  uid: string;
  finalizers?: string[];
  deletionTimestamp?: string;
  ownerReferences?: { uid: string }[];
}

const kl = await startKubeLite();
t.teardown(() => kl.stop());
const NS = `${kl.url}/api/v1/namespaces/default`;

async function call(url: string, method = 'GET', body?: Json): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { method, ...(body && { body: JSON.stringify(body) }), headers: { 'Content-Type': 'application/json' } });
  return { status: res.status, body: (await res.json()) as Json };
}

async function create(collection: string, body: Json): Promise<Meta> {
  const res = await call(collection, 'POST', body);
  if (res.status !== 201) throw new Error(`create ${collection}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.metadata as Meta;
}

async function meta(url: string): Promise<Meta | undefined> {
  const res = await call(url);
  return res.status === 404 ? undefined : (res.body.metadata as Meta);
}

const owned = (kind: string, owner: Meta, more: Json = {}, apiVersion = 'v1') => ({ apiVersion, kind, name: owner.name, uid: owner.uid, ...more });
const cm = (name: string, metadata: Json = {}) => ({ metadata: { name, ...metadata } });
const gone = (url: string) => async () => (await meta(url)) === undefined;

t.test('background: dependents of a deleted owner go, across kinds and scopes; never-existing owners count as gone', async (t) => {
  const owner = await create(`${NS}/configmaps`, cm('bg-owner'));
  await create(`${NS}/configmaps`, cm('bg-dep', { ownerReferences: [owned('ConfigMap', owner)] }));
  await create(`${NS}/secrets`, cm('bg-secret', { ownerReferences: [owned('ConfigMap', owner)] }));
  const role = await create(`${kl.url}/apis/rbac.authorization.k8s.io/v1/clusterroles`, { metadata: { name: 'gc-owner-role' } });
  await create(`${NS}/configmaps`, cm('bg-cluster-owned', { ownerReferences: [owned('ClusterRole', role, {}, 'rbac.authorization.k8s.io/v1')] }));
  await create(`${NS}/configmaps`, cm('bg-ghost', { ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'ghost', uid: '00000000-0000-4000-8000-000000000000' }] }));
  const unknownKind = { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: '00000000-0000-4000-8000-000000000001' };
  await create(`${NS}/configmaps`, cm('bg-unknown-kind', { ownerReferences: [unknownKind] }));

  await until(t, 'the dependent of an owner that never existed', gone(`${NS}/configmaps/bg-ghost`));
  t.ok(await meta(`${NS}/configmaps/bg-dep`), 'dependents of an existing owner stay');
  t.equal((await call(`${NS}/configmaps/bg-owner`, 'DELETE')).status, 200);
  await until(t, 'the ConfigMap dependent', gone(`${NS}/configmaps/bg-dep`));
  await until(t, 'the Secret dependent', gone(`${NS}/secrets/bg-secret`));
  t.equal((await call(`${kl.url}/apis/rbac.authorization.k8s.io/v1/clusterroles/gc-owner-role`, 'DELETE')).status, 200);
  await until(t, 'the dependent of a cluster-scoped owner', gone(`${NS}/configmaps/bg-cluster-owned`));
  t.ok(await meta(`${NS}/configmaps/bg-unknown-kind`), 'an owner of a kind not collected is left alone');
});

t.test('several owners: the dependent stays while one exists, and loses the reference to the deleted one', async (t) => {
  const a = await create(`${NS}/configmaps`, cm('multi-a'));
  const b = await create(`${NS}/configmaps`, cm('multi-b'));
  await create(`${NS}/configmaps`, cm('multi-dep', { ownerReferences: [owned('ConfigMap', a), owned('ConfigMap', b)] }));
  await call(`${NS}/configmaps/multi-a`, 'DELETE');
  await until(t, 'the reference to the deleted owner removed', async () => (await meta(`${NS}/configmaps/multi-dep`))?.ownerReferences?.length === 1);
  t.same((await meta(`${NS}/configmaps/multi-dep`))?.ownerReferences?.map((r) => r.uid), [b.uid]);
  await call(`${NS}/configmaps/multi-b`, 'DELETE');
  await until(t, 'the dependent once its last owner is gone', gone(`${NS}/configmaps/multi-dep`));
});

t.test('foreground: the owner waits for its blocking dependents, which are deleted first', async (t) => {
  const owner = await create(`${NS}/configmaps`, cm('fg-owner'));
  await create(`${NS}/configmaps`, cm('fg-blocking', { finalizers: ['example.com/hold'], ownerReferences: [owned('ConfigMap', owner, { blockOwnerDeletion: true })] }));
  await create(`${NS}/configmaps`, cm('fg-plain', { ownerReferences: [owned('ConfigMap', owner)] }));
  const deleted = await call(`${NS}/configmaps/fg-owner`, 'DELETE', { propagationPolicy: 'Foreground' });
  t.same((deleted.body.metadata as Meta).finalizers, ['foregroundDeletion']);
  await until(t, 'the non-blocking dependent', gone(`${NS}/configmaps/fg-plain`));
  await until(t, 'the blocking dependent marked for deletion', async () => (await meta(`${NS}/configmaps/fg-blocking`))?.deletionTimestamp !== undefined);
  t.same((await meta(`${NS}/configmaps/fg-owner`))?.finalizers, ['foregroundDeletion'], 'the owner waits while a blocking dependent remains');
  const release = await fetch(`${NS}/configmaps/fg-blocking`, { method: 'PATCH', body: '{"metadata":{"finalizers":null}}', headers: { 'Content-Type': 'application/merge-patch+json' } });
  t.equal(release.status, 200);
  await until(t, 'the owner after its blocking dependent', gone(`${NS}/configmaps/fg-owner`));
});

t.test('foreground: a blocking dependent that drops its reference or stops blocking releases the owner at once', async (t) => {
  for (const [name, release] of [
    ['dropped', '{"metadata":{"ownerReferences":null}}'],
    ['unblocked', null],
  ] as const) {
    const owner = await create(`${NS}/configmaps`, cm(`fgr-${name}-owner`));
    const ref = owned('ConfigMap', owner, { blockOwnerDeletion: true });
    await create(`${NS}/configmaps`, cm(`fgr-${name}-dep`, { finalizers: ['example.com/hold'], ownerReferences: [ref] }));
    await call(`${NS}/configmaps/fgr-${name}-owner`, 'DELETE', { propagationPolicy: 'Foreground' });
    await until(t, `${name}: the blocking dependent marked for deletion`, async () => (await meta(`${NS}/configmaps/fgr-${name}-dep`))?.deletionTimestamp !== undefined);
    t.ok(await meta(`${NS}/configmaps/fgr-${name}-owner`), `${name}: the owner waits`);
    const patch = release ?? JSON.stringify({ metadata: { ownerReferences: [{ ...ref, blockOwnerDeletion: false }] } });
    const res = await fetch(`${NS}/configmaps/fgr-${name}-dep`, { method: 'PATCH', body: patch, headers: { 'Content-Type': 'application/merge-patch+json' } });
    t.equal(res.status, 200, `${name}: dependent patched`);
    await until(t, `${name}: the owner, while the dependent still waits for its finalizer`, gone(`${NS}/configmaps/fgr-${name}-owner`));
    t.ok(await meta(`${NS}/configmaps/fgr-${name}-dep`), `${name}: the dependent is still there (its finalizer holds it)`);
    await fetch(`${NS}/configmaps/fgr-${name}-dep`, { method: 'PATCH', body: '{"metadata":{"finalizers":null}}', headers: { 'Content-Type': 'application/merge-patch+json' } });
  }
});

t.test('foreground: two objects owning each other with blocking references are both deleted', async (t) => {
  const a = await create(`${NS}/configmaps`, cm('cycle-a'));
  const b = await create(`${NS}/configmaps`, cm('cycle-b', { ownerReferences: [owned('ConfigMap', a, { blockOwnerDeletion: true })] }));
  const refToB = JSON.stringify({ metadata: { ownerReferences: [owned('ConfigMap', b, { blockOwnerDeletion: true })] } });
  const patched = await fetch(`${NS}/configmaps/cycle-a`, { method: 'PATCH', body: refToB, headers: { 'Content-Type': 'application/merge-patch+json' } });
  t.equal(patched.status, 200, 'a is owned by b, b by a');
  t.equal((await call(`${NS}/configmaps/cycle-a`, 'DELETE', { propagationPolicy: 'Foreground' })).status, 200);
  await until(t, 'a', gone(`${NS}/configmaps/cycle-a`));
  await until(t, 'b', gone(`${NS}/configmaps/cycle-b`));
});

t.test('owner references are resolved in the dependent’s namespace, by name and kind, as upstream’s isDangling', async (t) => {
  await create(`${kl.url}/api/v1/namespaces`, { metadata: { name: 'gc-other' } });
  const OTHER = `${kl.url}/api/v1/namespaces/gc-other`;
  const owner = await create(`${NS}/configmaps`, cm('xns-owner'));
  const dep = await create(`${OTHER}/configmaps`, cm('xns-dep', { ownerReferences: [owned('ConfigMap', owner)] }));
  await until(t, 'the dependent naming an owner of another namespace', gone(`${OTHER}/configmaps/xns-dep`));
  const events = await call(`${OTHER}/events?fieldSelector=reason%3DOwnerRefInvalidNamespace`);
  const items = events.body.items as Json[];
  t.equal(items.length, 1, 'one OwnerRefInvalidNamespace event');
  t.match(items[0], {
    type: 'Warning',
    involvedObject: { kind: 'ConfigMap', apiVersion: 'v1', namespace: 'gc-other', name: 'xns-dep', uid: dep.uid },
    message: `ownerRef [v1/ConfigMap, namespace: gc-other, name: xns-owner, uid: ${owner.uid}] does not exist in namespace "gc-other"`,
    source: { component: 'garbage-collector-controller' },
    reportingComponent: 'garbage-collector-controller',
    count: 1,
  });
  t.ok(await meta(`${NS}/configmaps/xns-owner`), 'the owner stays');

  await create(`${NS}/configmaps`, cm('misnamed-dep', { ownerReferences: [{ ...owned('ConfigMap', owner), name: 'not-the-owner' }] }));
  await until(t, 'the dependent naming the owner’s UID under another name', gone(`${NS}/configmaps/misnamed-dep`));

  const ghost = { apiVersion: 'v1', kind: 'ConfigMap', name: 'ghost', uid: '00000000-0000-4000-8000-000000000009' };
  const cluster = `${kl.url}/apis/rbac.authorization.k8s.io/v1/clusterroles`;
  await create(cluster, { metadata: { name: 'gc-namespaced-owner', ownerReferences: [ghost] } });
  await create(`${NS}/configmaps`, cm('ghost-dep', { ownerReferences: [ghost] }));
  await until(t, 'a namespaced dependent of the same missing owner', gone(`${NS}/configmaps/ghost-dep`));
  await new Promise((r) => setTimeout(r, 300));
  t.ok(await meta(`${cluster}/gc-namespaced-owner`), 'a cluster-scoped dependent naming a namespaced kind is left alone');
});

t.test('orphan: the dependents stay without the reference, then the owner goes', async (t) => {
  const owner = await create(`${NS}/configmaps`, cm('or-owner'));
  await create(`${NS}/configmaps`, cm('or-dep', { ownerReferences: [owned('ConfigMap', owner)] }));
  const deleted = await call(`${NS}/configmaps/or-owner`, 'DELETE', { propagationPolicy: 'Orphan' });
  t.same((deleted.body.metadata as Meta).finalizers, ['orphan']);
  await until(t, 'the orphaning owner', gone(`${NS}/configmaps/or-owner`));
  const dep = await meta(`${NS}/configmaps/or-dep`);
  t.ok(dep, 'the dependent stays');
  t.equal(dep?.ownerReferences, undefined, 'without its owner reference');
});

t.test('a Deployment, its ReplicaSet and their Pod', async (t) => {
  const apps = `${kl.url}/apis/apps/v1/namespaces/default`;
  const labels = { app: 'gc' };
  const template = { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
  const deployment = await create(`${apps}/deployments`, { metadata: { name: 'gc-web' }, spec: { selector: { matchLabels: labels }, template } });
  const rs = await create(`${apps}/replicasets`, {
    metadata: { name: 'gc-web-1', ownerReferences: [owned('Deployment', deployment, { controller: true, blockOwnerDeletion: true }, 'apps/v1')] },
    spec: { selector: { matchLabels: labels }, template },
  });
  await create(`${NS}/pods`, { metadata: { name: 'gc-web-1-a', labels, ownerReferences: [owned('ReplicaSet', rs, { controller: true, blockOwnerDeletion: true }, 'apps/v1')] }, spec: template.spec });
  t.equal((await call(`${apps}/deployments/gc-web`, 'DELETE', { propagationPolicy: 'Background' })).status, 200);
  await until(t, 'the ReplicaSet', gone(`${apps}/replicasets/gc-web-1`));
  await until(t, 'the Pod (deleted gracefully: gone or terminating)', async () => {
    const pod = await meta(`${NS}/pods/gc-web-1-a`);
    return pod === undefined || pod.deletionTimestamp !== undefined;
  });
});

t.test('custom resources: owners and dependents of served CRDs, and of a deleted CRD', async (t) => {
  const crds = `${kl.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`;
  const crd = (plural: string, kind: string) => ({
    metadata: { name: `${plural}.gc.example.com` },
    spec: {
      group: 'gc.example.com',
      scope: 'Namespaced',
      names: { plural, kind, singular: kind.toLowerCase() },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  });
  const ghost = { apiVersion: 'gc.example.com/v1', kind: 'Gadget', name: 'never', uid: '00000000-0000-4000-8000-000000000002' };
  await create(`${NS}/configmaps`, cm('cr-ghost-dep', { ownerReferences: [ghost] }));
  await create(crds, crd('gadgets', 'Gadget'));
  const gadgets = `${kl.url}/apis/gc.example.com/v1/namespaces/default/gadgets`;
  await until(t, 'the Gadget resource served', async () => (await call(gadgets)).status === 200);
  await until(t, 'a dependent waiting for its owner kind to be served, then collected', gone(`${NS}/configmaps/cr-ghost-dep`));

  const owner = await create(gadgets, { apiVersion: 'gc.example.com/v1', kind: 'Gadget', metadata: { name: 'owner' } });
  await create(`${NS}/configmaps`, cm('cr-dep', { ownerReferences: [owned('Gadget', owner, {}, 'gc.example.com/v1')] }));
  await create(gadgets, { apiVersion: 'gc.example.com/v1', kind: 'Gadget', metadata: { name: 'child', ownerReferences: [owned('Gadget', owner, { blockOwnerDeletion: true }, 'gc.example.com/v1')] } });
  t.equal((await call(`${gadgets}/owner`, 'DELETE', { propagationPolicy: 'Foreground' })).status, 200);
  await until(t, 'the custom resource dependent', gone(`${gadgets}/child`));
  await until(t, 'the ConfigMap dependent of a custom resource', gone(`${NS}/configmaps/cr-dep`));
  await until(t, 'the foreground owner', gone(`${gadgets}/owner`));

  const last = await create(gadgets, { apiVersion: 'gc.example.com/v1', kind: 'Gadget', metadata: { name: 'last' } });
  await create(`${NS}/configmaps`, cm('cr-last-dep', { ownerReferences: [owned('Gadget', last, {}, 'gc.example.com/v1')] }));
  t.equal((await call(`${crds}/gadgets.gc.example.com`, 'DELETE')).status, 200);
  await until(t, 'the dependent of a custom resource deleted with its CRD', gone(`${NS}/configmaps/cr-last-dep`));
});

t.test('a namespace is deleted with its custom resources', async (t) => {
  const crds = `${kl.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`;
  await create(crds, {
    metadata: { name: 'gizmos.gc.example.com' },
    spec: {
      group: 'gc.example.com',
      scope: 'Namespaced',
      names: { plural: 'gizmos', kind: 'Gizmo', singular: 'gizmo' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  });
  await create(`${kl.url}/api/v1/namespaces`, { metadata: { name: 'gc-cr-ns' } });
  const gizmos = `${kl.url}/apis/gc.example.com/v1/namespaces/gc-cr-ns/gizmos`;
  await until(t, 'the Gizmo resource served', async () => (await call(gizmos)).status === 200);
  await create(gizmos, { apiVersion: 'gc.example.com/v1', kind: 'Gizmo', metadata: { name: 'g' } });
  t.equal((await call(`${kl.url}/api/v1/namespaces/gc-cr-ns`, 'DELETE')).status, 200);
  await until(t, 'the namespace', gone(`${kl.url}/api/v1/namespaces/gc-cr-ns`));
  t.same((await call(`${kl.url}/apis/gc.example.com/v1/gizmos`)).body.items, [], 'no Gizmo is left behind');
});

t.test('--enable-garbage-collector=false: no collector runs (envtest behaviour)', async (t) => {
  t.equal((await fetch(`${kl.url}/healthz/poststarthook/start-garbage-collector`)).status, 200, 'on by default');
  const off = await startKubeLite({ enableGarbageCollector: false });
  t.teardown(() => off.stop());
  t.equal((await fetch(`${off.url}/healthz/poststarthook/start-garbage-collector`)).status, 404, 'no collector hook');
});
