import { isStatusError, newServerTimeout } from '@apiserver/runtime';
import { MemoryBackend } from '@apiserver/storage-memory';
import t, { type Test } from 'tap';
import { AdmissionChain } from '../../src/admission/chain.js';
import { newAdmissionForbidden } from '../../src/admission/forbidden.js';
import { type Attributes, newAttributesRecord, type Operation, type ValidationInterface } from '../../src/admission/interfaces.js';
import { AlwaysPullImages, visitContainers } from '../../src/admission/plugins/always-pull-images.js';
import { DefaultTolerationSeconds } from '../../src/admission/plugins/default-toleration-seconds.js';
import { NamespaceLifecycle } from '../../src/admission/plugins/namespace-lifecycle.js';
import { admissionToValidateObjectFunc, admissionToValidateObjectUpdateFunc } from '../../src/admission/validate-funcs.js';
import { Store } from '../../src/registry/store.js';
import { GenericStrategy } from '../../src/registry/strategies.js';
import type { ApiObject, RequestContext } from '../../src/rest/types.js';
import { defaultUpdatedObjectInfo } from '../../src/rest/updated-object-info.js';
import { statusOf } from '../fixtures.js';

const podKind = { group: '', version: 'v1', kind: 'Pod' };
const podResource = { group: '', version: 'v1', resource: 'pods' };
const nsKind = { group: '', version: 'v1', kind: 'Namespace' };
const nsResource = { group: '', version: 'v1', resource: 'namespaces' };

function pod(name: string, policy?: string, image = 'nginx'): ApiObject {
  const c: Record<string, unknown> = { name: 'c', image };
  if (policy !== undefined) c['imagePullPolicy'] = policy;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [c], initContainers: [{ name: 'i', image: 'busybox' }] } };
}

function stores(t: Test) {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const nsStrategy = new GenericStrategy({ namespaceScoped: false, nameFn: (n) => (n.length > 0 ? [] : ['empty']) });
  const podStrategy = new GenericStrategy({ namespaceScoped: true, statusField: 'status' });
  const common = { storage: backend.storage<ApiObject>() };
  const namespaces = new Store({
    ...common,
    newObject: () => ({ apiVersion: 'v1', kind: 'Namespace', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'NamespaceList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'namespaces' },
    singularQualifiedResource: { group: '', resource: 'namespace' },
    strategies: { create: nsStrategy, update: nsStrategy, delete: nsStrategy },
  });
  const pods = new Store({
    ...common,
    newObject: () => ({ apiVersion: 'v1', kind: 'Pod', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'PodList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'pods' },
    singularQualifiedResource: { group: '', resource: 'pod' },
    strategies: { create: podStrategy, update: podStrategy, delete: podStrategy },
  });
  const lookup = async (name: string) => namespaces.get({}, name).catch((e: unknown) => (isStatusError(e) && e.code === 404 ? undefined : Promise.reject(e)));
  return { namespaces, pods, lookup };
}

/** Create the way the endpoints handler does: mutating admission first, validating admission inside the store. */
async function admittedCreate(chain: AdmissionChain, pods: Store, ctx: RequestContext, obj: ApiObject, dryRun = false) {
  const attrs = newAttributesRecord({ operation: 'CREATE', kind: podKind, resource: podResource, namespace: ctx.namespace ?? '', object: obj, dryRun });
  await chain.admit(ctx, attrs);
  return pods.create(ctx, obj, admissionToValidateObjectFunc(chain, attrs), dryRun ? { dryRun: ['All'] } : undefined);
}

t.test('NamespaceLifecycle + AlwaysPullImages through the Store', async (t) => {
  const { namespaces, pods, lookup } = stores(t);
  const chain = new AdmissionChain([new NamespaceLifecycle(lookup), new AlwaysPullImages()]);
  await namespaces.create({}, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'live' }, status: { phase: 'Active' } });
  const created = await admittedCreate(chain, pods, { namespace: 'live' }, pod('p1', 'IfNotPresent'));
  visitContainers(created, (c) => t.equal(c['imagePullPolicy'], 'Always'));

  const missing = await statusOf(t, admittedCreate(chain, pods, { namespace: 'ghost' }, pod('p2')));
  t.equal(missing.code, 404);
  t.equal(missing.message, 'namespaces "ghost" not found');

  await namespaces.create({}, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dying' } });
  const dying = await namespaces.get({}, 'dying');
  // Namespaces strategy drops status on create; write the phase through the store's update (status kept from old? no statusField here).
  await namespaces.update({}, 'dying', defaultUpdatedObjectInfo({ ...dying, status: { phase: 'Terminating' } }), undefined, undefined, false);
  const terminating = await statusOf(t, admittedCreate(chain, pods, { namespace: 'dying' }, pod('p3')));
  t.equal(terminating.code, 403);
  t.equal(terminating.reason, 'Forbidden');
  t.equal(terminating.message, 'pods "p3" is forbidden: unable to create new content in namespace dying because it is being terminated');
  t.same(terminating.details?.causes, [{ reason: 'NamespaceTerminating', message: 'namespace dying is being terminated', field: 'metadata.namespace' }]);

  const p1 = await pods.get({ namespace: 'live' }, 'p1');
  const upd = newAttributesRecord({ operation: 'UPDATE', kind: podKind, resource: podResource, namespace: 'dying', name: 'p1', object: p1, oldObject: p1 });
  const lifecycle = new NamespaceLifecycle(lookup);
  await lifecycle.admit({}, upd);
  t.pass('updates in a terminating namespace are allowed');
  const del = newAttributesRecord({ operation: 'DELETE', kind: nsKind, resource: nsResource, name: 'kube-system' });
  const immortal = await statusOf(t, lifecycle.admit({}, del));
  t.equal(immortal.message, 'namespaces "kube-system" is forbidden: this namespace may not be deleted');
  await lifecycle.admit({}, { ...del, name: 'live' });
  await lifecycle.admit({}, newAttributesRecord({ operation: 'DELETE', kind: podKind, resource: podResource, namespace: 'ghost', name: 'p' }));
  await lifecycle.admit({}, newAttributesRecord({ operation: 'CREATE', kind: nsKind, resource: nsResource, name: 'x' }));
  await lifecycle.admit({}, newAttributesRecord({ operation: 'CREATE', kind: { group: '', version: 'v1', kind: 'Node' }, resource: { group: '', version: 'v1', resource: 'nodes' } }));
  const broken = new NamespaceLifecycle(async () => Promise.reject(new Error('etcd down')));
  const internal = await statusOf(t, broken.admit({}, newAttributesRecord({ operation: 'CREATE', kind: podKind, resource: podResource, namespace: 'x' })));
  t.equal(internal.code, 500);
  const unreachable = new NamespaceLifecycle(async () => Promise.reject(newServerTimeout({ group: '', resource: 'namespaces' }, 'get', 2)));
  const timeout = await statusOf(t, unreachable.admit({}, newAttributesRecord({ operation: 'CREATE', kind: podKind, resource: podResource, namespace: 'x' })));
  t.match(timeout, { code: 500, reason: 'ServerTimeout' }, 'a lookup failing with a Status keeps it');
  t.equal(broken.handles('CONNECT'), false);
});

t.test('AlwaysPullImages validation and scope', async (t) => {
  const plugin = new AlwaysPullImages();
  const attrs = (obj: ApiObject, extra: Partial<Attributes> = {}) =>
    newAttributesRecord({ operation: 'CREATE', kind: podKind, resource: podResource, namespace: 'ns', object: obj, ...extra });
  const one = pod('a', 'Always');
  const spec = one['spec'] as { initContainers: Record<string, unknown>[] };
  const init = spec.initContainers[0];
  if (init) init['imagePullPolicy'] = 'Always';
  plugin.validate({}, attrs(one));
  const single: ApiObject = { metadata: { name: 'b' }, spec: { containers: [{ image: 'x', imagePullPolicy: 'Never' }] } };
  const bad = await statusOf(t, Promise.resolve().then(() => plugin.validate({}, attrs(single))));
  t.equal(bad.code, 403);
  t.equal(bad.message, 'pods "b" is forbidden: spec.containers[0].imagePullPolicy: Unsupported value: "Never": supported values: "Always"');
  const generated = pod('', 'IfNotPresent');
  generated.metadata.generateName = 'gen-';
  t.throws(() => plugin.validate({}, attrs(generated)), { message: /^\[pods "gen-" is forbidden: .*, pods "gen-" is forbidden: spec\.containers\[0\]\.imagePullPolicy: Unsupported value: "IfNotPresent"/ });
  const unnamed = await statusOf(t, Promise.resolve().then(() => plugin.validate({}, attrs({ metadata: {}, spec: { containers: [{ image: 'x' }] } }))));
  t.match(unnamed.message, /^pods "Unknown" is forbidden/);
  plugin.validate({}, attrs(pod('c', 'Never'), { subresource: 'status' }));
  plugin.validate({}, attrs(pod('c', 'Never'), { resource: { group: '', version: 'v1', resource: 'configmaps' } }));
  const old = pod('c', 'Never');
  plugin.validate({}, attrs(pod('c', 'Never'), { operation: 'UPDATE', oldObject: old }));
  t.throws(() => plugin.validate({}, attrs(pod('c', 'Never', 'redis'), { operation: 'UPDATE', oldObject: old })));
  const mutated = pod('d', 'Never', 'redis');
  plugin.admit({}, attrs(mutated, { operation: 'UPDATE', oldObject: old }));
  visitContainers(mutated, (c) => t.equal(c['imagePullPolicy'], 'Always'));
  const untouched = pod('e', 'Never');
  plugin.admit({}, attrs(untouched, { subresource: 'status' }));
  visitContainers(untouched, (c, p) => p.toString() === 'spec.containers[0]' && t.equal(c['imagePullPolicy'], 'Never'));
  visitContainers({ metadata: {}, spec: { containers: 'nope' } }, () => t.fail('not a list'));
  visitContainers({ metadata: {}, spec: { containers: [null, 3] } }, () => t.fail('not containers'));
  visitContainers(undefined, () => t.fail('no object'));
  t.equal(plugin.handles('DELETE'), false);
});

t.test('chain order, handles, validate callbacks and forbidden helper', async (t) => {
  const seen: string[] = [];
  const mk = (name: string, ops: Operation[], fail = false): ValidationInterface & { admit(ctx: RequestContext, a: Attributes): void } => ({
    handles: (op) => ops.includes(op),
    admit: (_c, a) => void seen.push(`admit:${name}:${a.operation}`),
    validate: (_c, a) => {
      seen.push(`validate:${name}:${a.object?.metadata.name ?? '-'}:${a.oldObject?.metadata.name ?? '-'}`);
      if (fail) throw newAdmissionForbidden(a, 'nope');
    },
  });
  const chain = new AdmissionChain([mk('one', ['CREATE', 'UPDATE', 'DELETE']), mk('two', ['UPDATE'], true)]);
  t.equal(chain.handles('CREATE'), true);
  t.equal(chain.handles('CONNECT'), false);
  const attrs = newAttributesRecord({ operation: 'CREATE', kind: podKind, resource: podResource });
  await chain.admit({}, attrs);
  t.same(seen, ['admit:one:CREATE']);
  const createFn = admissionToValidateObjectFunc(chain, attrs);
  await createFn({}, { metadata: { name: 'new' } });
  t.same(seen.at(-1), 'validate:one:new:-');
  const upd = newAttributesRecord({ operation: 'UPDATE', kind: podKind, resource: podResource, name: 'n' });
  const updateFn = admissionToValidateObjectUpdateFunc(chain, upd);
  const rejected = await statusOf(t, Promise.resolve(updateFn({}, { metadata: { name: 'n' } }, { metadata: { name: 'old' } })));
  t.equal(rejected.message, 'pods "n" is forbidden: nope');
  const del = newAttributesRecord({ operation: 'DELETE', kind: podKind, resource: podResource });
  await admissionToValidateObjectFunc(chain, del)({}, { metadata: { name: 'gone' } });
  t.same(seen.at(-1), 'validate:one:-:gone');
  const connect = newAttributesRecord({ operation: 'CONNECT', kind: podKind, resource: podResource });
  const before = seen.length;
  await admissionToValidateObjectFunc(chain, connect)({}, { metadata: {} });
  await admissionToValidateObjectUpdateFunc(chain, connect)({}, { metadata: {} }, { metadata: {} });
  t.equal(seen.length, before, 'operations nobody handles are skipped');
  const mutatingOnly = { handles: () => true, admit: () => undefined };
  t.equal(await admissionToValidateObjectFunc(mutatingOnly, attrs)({}, { metadata: {} }), undefined);
  t.equal(await admissionToValidateObjectUpdateFunc(mutatingOnly, upd)({}, { metadata: {} }, { metadata: {} }), undefined);
  const already = newAdmissionForbidden(attrs, 'x');
  t.equal(newAdmissionForbidden(attrs, already), already, 'no double wrapping');
});

t.test('dry-run create runs admission and writes nothing', async (t) => {
  const { namespaces, pods, lookup } = stores(t);
  await namespaces.create({}, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'live' } });
  const chain = new AdmissionChain([new NamespaceLifecycle(lookup), new AlwaysPullImages()]);
  const out = await admittedCreate(chain, pods, { namespace: 'live' }, pod('p', 'Never'), true);
  visitContainers(out, (c) => t.equal(c['imagePullPolicy'], 'Always'));
  t.equal((await statusOf(t, pods.get({ namespace: 'live' }, 'p'))).code, 404);
});

t.test('DefaultTolerationSeconds: not-ready and unreachable NoExecute tolerations for 300 s unless tolerated', async (t) => {
  const plugin = new DefaultTolerationSeconds();
  const admitted = (tolerations: unknown[] | undefined, operation: Operation = 'CREATE', subresource = ''): unknown => {
    const p = pod('p');
    if (tolerations !== undefined) (p['spec'] as Record<string, unknown>)['tolerations'] = tolerations;
    plugin.admit({}, newAttributesRecord({ operation, kind: podKind, resource: podResource, namespace: 'ns', name: 'p', subresource, object: p }));
    return (p['spec'] as Record<string, unknown>)['tolerations'];
  };
  const notReady = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
  const unreachable = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
  t.same(admitted(undefined), [notReady, unreachable], 'both added, not-ready first');
  t.same(admitted(undefined, 'UPDATE'), [notReady, unreachable], 'on update too');
  const own = { key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' };
  t.same(admitted([own]), [own, notReady, unreachable], 'appended after the pod’s own');
  const mine = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
  t.same(admitted([mine]), [mine, unreachable], 'a NoExecute toleration of the key is kept, the other added');
  const anyEffect = { key: 'node.kubernetes.io/unreachable', operator: 'Exists' };
  t.same(admitted([anyEffect]), [anyEffect, notReady], 'no effect tolerates NoExecute');
  const noSchedule = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule' };
  t.same(admitted([noSchedule]), [noSchedule, notReady, unreachable], 'a NoSchedule toleration does not count');
  const everything = { operator: 'Exists' };
  t.same(admitted([everything]), [everything], 'an empty key with no effect tolerates every taint: nothing added');
  t.same(admitted(undefined, 'CREATE', 'status'), undefined, 'subresources untouched');
  t.notOk(plugin.handles('DELETE'));
  const custom = new DefaultTolerationSeconds({ notReadyTolerationSeconds: 10, unreachableTolerationSeconds: 20 });
  const p = pod('q');
  custom.admit({}, newAttributesRecord({ operation: 'CREATE', kind: podKind, resource: podResource, namespace: 'ns', name: 'q', object: p }));
  t.same(
    ((p['spec'] as Record<string, unknown>)['tolerations'] as Record<string, unknown>[]).map((x) => x['tolerationSeconds']),
    [10, 20],
    'the two flags’ values',
  );
});
