/**
 * Every kind through every verb with @kubernetes/client-node (issue #21's done-when): for each resource discovery
 * lists, with its fixture from test/fixtures/every-kind.ts, KubernetesObjectApi creates, reads, lists, replaces,
 * patches (JSON patch, merge patch, strategic merge patch) and deletes it, a Watch opened before the create sees
 * each of those writes, and the collection read as a Table has a row for it. Resources whose discovery verbs lack
 * some of these (the reviews and `bindings`: create only; `componentstatuses`: get and list) run the verbs they
 * have. client-node.test.ts runs it on the memory backend only: on etcd3 the same registry code took 19 s more
 * (about 350 writes, each an etcd round trip), which more than doubled that file's time (21 s → 57 s).
 */
import type * as ClientNode from '@kubernetes/client-node';
import type { Test } from 'tap';
import {
  apiVersionOf,
  createOnlyFixtures,
  fixtureKey,
  fixtureName,
  isWritable,
  kindFixtures,
  type ServedResource,
  servedResources,
} from '../fixtures/every-kind.js';
import { k8s } from './client-node-module.js';
import { kubeConfig, until } from './client-node-suite.js';
import type { KubeLiteEnv } from './harness.js';
import { goneWithin, type KindRun, ObjectApi, type ObjectRef, openWatch, readStatus, resourceVersionOf, tableOf } from './client-node-kinds-support.js';

const FULL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/**
 * Kinds whose DELETE without options only marks the object (deletionTimestamp) in 1.32, until a controller removes
 * a finalizer: the namespace controller (`kubernetes`), the CRD finalizer (`customresourcecleanup…`) and the
 * garbage collector (`orphan`: batch/v1 jobs and v1 replicationcontrollers orphan their dependents by default),
 * and the pv- and pvc-protection controllers (the StorageObjectInUseProtection admission plugin adds
 * `kubernetes.io/pv-protection` and `…/pvc-protection`).
 */
const DEFERRED_DELETES = new Set([
  'api/v1 namespaces',
  'api/v1 persistentvolumeclaims',
  'api/v1 persistentvolumes',
  'api/v1 replicationcontrollers',
  'apis/batch/v1 jobs',
  'apis/apiextensions.k8s.io/v1 customresourcedefinitions',
]);

/**
 * Kinds whose DELETE writes the deletion mark before removing the object at once: an unscheduled pod's grace period
 * is 0, but the graceful path (the pod strategy is a graceful delete strategy) first stores the deletionTimestamp.
 */
const MARKED_THEN_DELETED = new Set(['api/v1 pods']);

/**
 * Kinds whose Store has ReturnDeletedObject upstream: a DELETE that removes the object answers it, where the others
 * answer a Success Status naming it (a deletion left pending answers the marked object for every kind).
 */
const RETURNS_DELETED_OBJECT = new Set([
  'api/v1 namespaces',
  'api/v1 persistentvolumeclaims',
  'api/v1 persistentvolumes',
  'api/v1 pods',
  'api/v1 podtemplates',
  'api/v1 resourcequotas',
  'api/v1 serviceaccounts',
  'api/v1 services',
  'apis/storage.k8s.io/v1 csidrivers',
  'apis/storage.k8s.io/v1 csinodes',
  'apis/storage.k8s.io/v1 storageclasses',
  'apis/storage.k8s.io/v1 volumeattachments',
]);

/** LimitRanges and ResourceQuotas constrain the pods created after them in the namespace: they go last. */
const LAST = new Set(['limitranges', 'resourcequotas']);

function labelsOf(obj: ClientNode.KubernetesObject): Record<string, string> {
  return obj.metadata?.labels ?? {};
}

/** create → read → list (the object is in it) → Table row; returns the created object. */
async function createReadList(t: Test, run: KindRun, r: ServedResource, ref: () => ObjectRef, fixture: object): Promise<ClientNode.KubernetesObject> {
  const base = ref();
  const created = await run.client.create<ClientNode.KubernetesObject>({ ...base, ...fixture, metadata: { ...base.metadata, labels: { 'every-kind': 'created' } } });
  t.match(created, { kind: r.kind, metadata: { name: base.metadata.name, uid: /\S/, resourceVersion: /^\d+$/ } }, 'created');
  const read = await run.client.read(ref());
  t.equal(read.metadata?.uid, created.metadata?.uid, 'read: the created object');
  const list = await run.client.list(base.apiVersion, r.kind, base.metadata.namespace);
  t.ok(list.items.some((i) => i.metadata?.uid === created.metadata?.uid), 'list: the object is in it');
  const table = await tableOf(run.env, r, base.metadata.namespace);
  // Upstream's event printer starts with Last Seen; its Name column is a wide (priority 1) one at the end.
  t.same([table.firstColumn, table.nameColumn], [r.name === 'events' ? 'Last Seen' : 'Name', 'Name'], 'Table: its columns');
  t.ok(table.names.includes(base.metadata.name), 'Table: a row for the object');
  return created;
}

/** replace (a new label), then one label through each patch type; returns the resourceVersion of each write. */
async function replaceAndPatch(t: Test, run: KindRun, ref: () => ObjectRef): Promise<string[]> {
  const read = await run.client.read(ref());
  read.metadata = { ...read.metadata, labels: { ...labelsOf(read), replaced: 'yes' } };
  const replaced = await run.client.replace(read);
  t.match(labelsOf(replaced), { 'every-kind': 'created', replaced: 'yes' }, 'replace: label added');
  t.not(resourceVersionOf(replaced), resourceVersionOf(read), 'replace: new resourceVersion');
  const json = await run.client.jsonPatch(ref(), [{ op: 'add', path: '/metadata/labels/json-patch', value: 'yes' }]);
  t.equal(labelsOf(json)['json-patch'], 'yes', 'application/json-patch+json: label added');
  const base = ref();
  const merge = await run.client.patch(
    { ...base, metadata: { ...base.metadata, labels: { 'merge-patch': 'yes' } } },
    undefined, undefined, undefined, undefined, k8s.PatchStrategy.MergePatch,
  );
  t.equal(labelsOf(merge)['merge-patch'], 'yes', 'application/merge-patch+json: label added');
  const smpBase = ref();
  const smp = await run.client.patch(
    { ...smpBase, metadata: { ...smpBase.metadata, labels: { replaced: 'strategic' } } },
    undefined, undefined, undefined, undefined, k8s.PatchStrategy.StrategicMergePatch,
  );
  const expected = { 'every-kind': 'created', replaced: 'strategic', 'json-patch': 'yes', 'merge-patch': 'yes' };
  t.match(labelsOf(smp), expected, 'application/strategic-merge-patch+json: label changed, the others kept');
  const versions = [replaced, json, merge, smp].map(resourceVersionOf);
  t.equal(new Set(versions).size, 4, 'each write has its own resourceVersion');
  return versions;
}

/** delete → read 404: at once, or (a finalizer pending, see DEFERRED_DELETES) once the controller is done. */
async function deleteAndGone(t: Test, run: KindRun, r: ServedResource, ref: () => ObjectRef): Promise<void> {
  // client-node reads every DELETE answer as a V1Status, which keeps the kind.
  const answer = await run.client.delete(ref());
  const deferred = DEFERRED_DELETES.has(fixtureKey(r));
  const object = deferred || RETURNS_DELETED_OBJECT.has(fixtureKey(r));
  t.equal(answer.kind, object ? r.kind : 'Status', object ? 'delete answers the object' : 'delete answers a Status');
  const status = deferred ? await goneWithin(run.client, ref(), 20_000) : await readStatus(run.client, ref());
  t.equal(status, 404, deferred ? 'read 404 once the finalizers are done' : 'read after delete: 404 at once');
}

/** Every verb on one writable resource; the watch from before the create sees each write. */
async function writableKind(t: Test, run: KindRun, r: ServedResource, fixture: object): Promise<void> {
  for (const verb of FULL_VERBS.filter((v) => v !== 'deletecollection')) t.ok(r.verbs.includes(verb), `discovery verbs include ${verb}`);
  const name = fixtureName(r, 'ck');
  const ref = (): ObjectRef => ({ apiVersion: apiVersionOf(r.gvPath), kind: r.kind, metadata: { name, ...(r.namespaced && { namespace: run.ns }) } });
  const before = await run.client.list(ref().apiVersion, r.kind, ref().metadata.namespace);
  t.notOk(before.items.some((i) => i.metadata?.name === name), 'not there before');
  const watch = await openWatch(run, r, name, before.metadata?.resourceVersion ?? '');
  try {
    const created = await createReadList(t, run, r, ref, fixture);
    const writes = await replaceAndPatch(t, run, ref);
    await deleteAndGone(t, run, r, ref);
    await until(`${fixtureKey(r)} DELETED event`, () => watch.events.some((e) => e.type === 'DELETED'), 20_000);
    const seen = watch.events;
    t.same(seen[0], { type: 'ADDED', resourceVersion: resourceVersionOf(created), marked: false }, 'watch: ADDED first, at the create');
    const modified = seen.filter((e) => e.type === 'MODIFIED').map((e) => e.resourceVersion);
    t.same(writes.filter((v) => !modified.includes(v)), [], 'watch: MODIFIED for the replace and each patch');
    const marked = seen.some((e) => e.type === 'MODIFIED' && e.marked);
    const expectMark = DEFERRED_DELETES.has(fixtureKey(r)) || MARKED_THEN_DELETED.has(fixtureKey(r));
    t.equal(marked, expectMark, expectMark ? 'watch: MODIFIED with a deletionTimestamp before DELETED' : 'watch: no deletion mark');
    t.same([seen.at(-1)?.type, seen.filter((e) => e.type === 'DELETED').length], ['DELETED', 1], 'watch: DELETED last');
    t.same(seen.filter((e) => !['ADDED', 'MODIFIED', 'DELETED'].includes(e.type)), [], 'watch: no other event');
  } finally {
    watch.stop();
  }
}

/** A binding puts an unscheduled pod on a node; the scheduled pod then needs a grace period of 0 to go at once. */
async function bindPod(t: Test, run: KindRun, r: ServedResource, fixture: object): Promise<void> {
  const pod = (): ObjectRef => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'ck-bound', namespace: run.ns } });
  await run.client.create({ ...pod(), spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } });
  const answer = await run.client.create({ apiVersion: 'v1', kind: r.kind, metadata: pod().metadata, ...fixture });
  t.match(answer, { kind: 'Status', status: 'Success' }, 'create: Success');
  t.match(await run.client.read(pod()), { spec: { nodeName: 'n-1' } }, 'the pod is on the node');
  await run.client.delete(pod(), undefined, undefined, 0);
  t.equal(await readStatus(run.client, pod()), 404, 'the bound pod deleted with grace period 0');
}

/** The reviews answer their own kind with a status; nothing is stored. */
async function review(t: Test, run: KindRun, r: ServedResource, fixture: object): Promise<void> {
  const metadata = r.namespaced ? { namespace: run.ns } : {};
  const answer = await run.client.create({ apiVersion: apiVersionOf(r.gvPath), kind: r.kind, metadata, ...fixture });
  t.equal(answer.kind, r.kind, `create: a ${r.kind}`);
  t.ok('status' in answer && answer.status !== undefined, 'create: the review has a status');
}

/** componentstatuses: list, read the first, and the Table. */
async function readOnlyKind(t: Test, run: KindRun, r: ServedResource): Promise<void> {
  const list = await run.client.list(apiVersionOf(r.gvPath), r.kind);
  const first = list.items[0]?.metadata?.name ?? '';
  t.ok(first !== '', `list: ${list.items.length} items`);
  t.match(await run.client.read({ apiVersion: apiVersionOf(r.gvPath), kind: r.kind, metadata: { name: first } }), { kind: r.kind, metadata: { name: first } }, 'read');
  const table = await tableOf(run.env, r, undefined);
  t.same([table.firstColumn, table.nameColumn, table.names.includes(first)], ['Name', 'Name', true], 'Table: Name first, a row for it');
}

/** The verbs of a resource without create+get+update: those discovery lists, each skipped verb asserted absent. */
async function limitedKind(t: Test, run: KindRun, r: ServedResource): Promise<void> {
  const fixture = createOnlyFixtures(run.ns)[fixtureKey(r)];
  const readOnly = r.name === 'componentstatuses';
  t.same([...r.verbs].sort(), readOnly ? ['get', 'list'] : ['create'], `discovery verbs: skipped ${FULL_VERBS.filter((v) => !r.verbs.includes(v)).join(',')}`);
  if (readOnly) return readOnlyKind(t, run, r);
  if (fixture === undefined) return void t.fail(`${fixtureKey(r)}: no create-only fixture`);
  return r.name === 'bindings' ? bindPod(t, run, r, fixture) : review(t, run, r, fixture);
}

/** Every kind discovery lists, through every verb it has, in namespace `ns` (created here). */
export async function everyKind(t: Test, env: KubeLiteEnv, ns: string): Promise<void> {
  const kc = kubeConfig(env);
  const client = ObjectApi.fromKubeConfig(kc);
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const run: KindRun = { env, kc, client, ns };
  const resources = await servedResources(env.url);
  resources.sort((a, b) => Number(LAST.has(a.name)) - Number(LAST.has(b.name)));
  const fixtures = kindFixtures(ns);
  t.comment(`${resources.length} resources, ${resources.filter(isWritable).length} writable`);
  for (const r of resources) {
    await t.test(fixtureKey(r), async (t) => {
      const fixture = fixtures[fixtureKey(r)];
      if (!isWritable(r)) return limitedKind(t, run, r);
      if (fixture === undefined) return void t.fail('no fixture (every served kind needs one)');
      return writableKind(t, run, r, fixture);
    });
  }
}
