import { newServerTimeout } from '@apiserver/runtime';
import t from 'tap';
import { newAttributesRecord, type Operation } from '../../src/admission/interfaces.js';
import { DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS, defaultPriorityClass, PriorityAdmission, type PriorityClassLookups } from '../../src/admission/plugins/priority.js';
import type { ApiObject } from '../../src/rest/types.js';
import { statusOf } from '../fixtures.js';

const podKind = { group: '', version: 'v1', kind: 'Pod' };
const podResource = { group: '', version: 'v1', resource: 'pods' };

function pc(name: string, value: number, extra: Record<string, unknown> = {}): ApiObject {
  return { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, preemptionPolicy: 'PreemptLowerPriority', ...extra };
}

function lookups(classes: readonly ApiObject[]): PriorityClassLookups {
  return {
    getPriorityClass: async (name) => classes.find((c) => c.metadata.name === name),
    listPriorityClasses: async () => classes,
  };
}

function pod(spec: Record<string, unknown> = {}, metadata: Record<string, unknown> = { name: 'p' }): ApiObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } };
}

function attrs(object: ApiObject, operation: Operation = 'CREATE', more: { subresource?: string; oldObject?: ApiObject; group?: string } = {}) {
  const resource = { ...podResource, group: more.group ?? '' };
  return newAttributesRecord({ operation, kind: podKind, resource, namespace: 'ns', name: object.metadata.name ?? '', object, subresource: more.subresource ?? '', oldObject: more.oldObject });
}

const specOf = (p: ApiObject) => p['spec'] as Record<string, unknown>;

t.test('Priority: a pod without a class and no global default gets priority 0 and PreemptLowerPriority', async (t) => {
  const plugin = new PriorityAdmission(lookups([pc('high', 1000)]));
  const p = pod({ priorityClassName: '' });
  await plugin.admit({}, attrs(p));
  t.same(specOf(p), { containers: [{ name: 'c', image: 'nginx' }], priority: 0, preemptionPolicy: 'PreemptLowerPriority' }, 'an empty name is dropped');
  t.equal(DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS, 0);
  const given = pod({ priority: 0, preemptionPolicy: 'PreemptLowerPriority' });
  await plugin.admit({}, attrs(given));
  t.match(specOf(given), { priority: 0, preemptionPolicy: 'PreemptLowerPriority' }, 'the same values may be given');
  const bare: ApiObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'b' } };
  await plugin.admit({}, attrs(bare));
  t.same(bare['spec'], { priority: 0, preemptionPolicy: 'PreemptLowerPriority' }, 'a pod without a spec gets one');
});

t.test('Priority: the global default class with the lowest value is picked', async (t) => {
  const classes = [pc('high', 1000), pc('def-b', 50, { globalDefault: true, preemptionPolicy: 'Never' }), pc('def-a', 10, { globalDefault: true }), pc('def-c', 10, { globalDefault: true })];
  t.equal(defaultPriorityClass(classes)?.metadata.name, 'def-a', 'lowest value, the first on a tie');
  t.equal(defaultPriorityClass([pc('x', 1)]), undefined);
  const plugin = new PriorityAdmission(lookups(classes));
  const p = pod();
  await plugin.admit({}, attrs(p));
  t.match(specOf(p), { priorityClassName: 'def-a', priority: 10, preemptionPolicy: 'PreemptLowerPriority' });
  const never = new PriorityAdmission(lookups([pc('only', 7, { globalDefault: true, preemptionPolicy: 'Never' })]));
  const q = pod();
  await never.admit({}, attrs(q));
  t.match(specOf(q), { priorityClassName: 'only', priority: 7, preemptionPolicy: 'Never' });
});

t.test('Priority: a named class gives its value and preemption policy', async (t) => {
  const plugin = new PriorityAdmission(lookups([pc('high', 1000, { preemptionPolicy: 'Never' }), pc('system-node-critical', 2000001000), pc('bare', 5, { preemptionPolicy: undefined })]));
  const p = pod({ priorityClassName: 'high' });
  await plugin.admit({}, attrs(p));
  t.match(specOf(p), { priorityClassName: 'high', priority: 1000, preemptionPolicy: 'Never' });
  const critical = pod({ priorityClassName: 'system-node-critical' });
  await plugin.admit({}, attrs(critical));
  t.equal(specOf(critical)['priority'], 2000001000);
  const bare = pod({ priorityClassName: 'bare', preemptionPolicy: 'Never' });
  await plugin.admit({}, attrs(bare));
  t.match(specOf(bare), { priority: 5, preemptionPolicy: 'Never' }, 'a class without a policy leaves the pod’s');
  const unset = pod({ priorityClassName: 'bare' });
  await plugin.admit({}, attrs(unset));
  t.notOk('preemptionPolicy' in specOf(unset), 'and sets none');
});

t.test('Priority: an unknown class and conflicting values are 403', async (t) => {
  const plugin = new PriorityAdmission(lookups([pc('high', 1000)]));
  const unknown = await statusOf(t, plugin.admit({}, attrs(pod({ priorityClassName: 'nope' }))));
  t.match(unknown, { code: 403, reason: 'Forbidden', message: 'pods "p" is forbidden: no PriorityClass with name nope was found' });
  const generated = await statusOf(t, plugin.admit({}, attrs(pod({ priorityClassName: 'nope' }, { generateName: 'web-' }))));
  t.equal(generated.message, 'pods "web-" is forbidden: no PriorityClass with name nope was found', 'a generateName pod is named by its prefix');
  const priority = await statusOf(t, plugin.admit({}, attrs(pod({ priorityClassName: 'high', priority: 5 }))));
  t.equal(
    priority.message,
    'pods "p" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name',
  );
  const policy = await statusOf(t, plugin.admit({}, attrs(pod({ priorityClassName: 'high', preemptionPolicy: 'Never' }))));
  t.equal(
    policy.message,
    'pods "p" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name',
  );
  const noDefault = await statusOf(t, plugin.admit({}, attrs(pod({ priority: 3 }))));
  t.match(noDefault.message, /the integer value of priority \(3\) must not be provided in pod spec; priority admission controller computed 0 from/);
});

t.test('Priority: UPDATE keeps the old priority and preemptionPolicy when the new pod omits them', async (t) => {
  const plugin = new PriorityAdmission(lookups([]));
  const old = pod({ priority: 100, preemptionPolicy: 'Never' });
  const p = pod();
  await plugin.admit({}, attrs(p, 'UPDATE', { oldObject: old }));
  t.match(specOf(p), { priority: 100, preemptionPolicy: 'Never' });
  const changed = pod({ priority: 7, preemptionPolicy: null });
  await plugin.admit({}, attrs(changed, 'UPDATE', { oldObject: old }));
  t.match(specOf(changed), { priority: 7, preemptionPolicy: 'Never' }, 'a given value stays (validation judges it), a null one is filled');
  const fromBare = pod();
  await plugin.admit({}, attrs(fromBare, 'UPDATE', { oldObject: pod() }));
  t.notOk('priority' in specOf(fromBare) || 'preemptionPolicy' in specOf(fromBare), 'nothing to keep');
  const noOld = await statusOf(t, plugin.admit({}, attrs(pod(), 'UPDATE')));
  t.match(noOld, { code: 400, message: 'resource was marked with kind Pod but was unable to be converted' });
});

t.test('Priority: only pods proper of the core group on CREATE and UPDATE', async (t) => {
  let asked = 0;
  const plugin = new PriorityAdmission({
    getPriorityClass: async () => {
      asked++;
      return undefined;
    },
    listPriorityClasses: async () => {
      asked++;
      return [];
    },
  });
  t.equal(plugin.name, 'Priority');
  t.same((['CREATE', 'UPDATE', 'DELETE', 'CONNECT'] as const).map((o) => plugin.handles(o)), [true, true, true, false]);
  const status = pod({ priorityClassName: 'x' });
  await plugin.admit({}, attrs(status, 'CREATE', { subresource: 'status' }));
  const other = pod({ priorityClassName: 'x' });
  await plugin.admit({}, attrs(other, 'CREATE', { group: 'example.com' }));
  const configMap = newAttributesRecord({ operation: 'CREATE', kind: podKind, resource: { group: '', version: 'v1', resource: 'configmaps' }, object: pod() });
  await plugin.admit({}, configMap);
  await plugin.admit({}, attrs(pod(), 'DELETE'));
  t.equal(asked, 0, 'no lookups');
  t.notOk('priority' in specOf(status) || 'priority' in specOf(other), 'untouched');
  t.match(await statusOf(t, plugin.admit({}, newAttributesRecord({ operation: 'CREATE', kind: podKind, resource: podResource }))), { code: 400 });
});

t.test('Priority: failed lookups', async (t) => {
  const timeout = newServerTimeout({ group: 'scheduling.k8s.io', resource: 'priorityclasses' }, 'get', 2);
  const failing = (err: unknown) =>
    new PriorityAdmission({
      getPriorityClass: () => Promise.reject(err),
      listPriorityClasses: () => Promise.reject(err),
    });
  await t.rejects(failing(new Error('disk on fire')).admit({}, attrs(pod())), { message: 'failed to get default priority class: disk on fire' });
  await t.rejects(failing('down').admit({}, attrs(pod({ priorityClassName: 'x' }))), { message: 'failed to get PriorityClass with name x: down' });
  t.equal((await statusOf(t, failing(timeout).admit({}, attrs(pod({ priorityClassName: 'x' }))))).reason, 'ServerTimeout', 'an API status is kept');
  t.equal((await statusOf(t, failing(timeout).admit({}, attrs(pod())))).reason, 'ServerTimeout');
});
