import { newServerTimeout } from '@apiserver/runtime';
import t from 'tap';
import { newAttributesRecord, type Operation } from '../../src/admission/interfaces.js';
import { mergeTolerations } from '../../src/admission/plugins/merge-tolerations.js';
import { RuntimeClassAdmission } from '../../src/admission/plugins/runtime-class.js';
import type { ApiObject } from '../../src/rest/types.js';
import { statusOf } from '../fixtures.js';

const podKind = { group: '', version: 'v1', kind: 'Pod' };
const podResource = { group: '', version: 'v1', resource: 'pods' };

function rc(name: string, extra: Record<string, unknown> = {}): ApiObject {
  return { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name }, handler: 'h', ...extra };
}

function plugin(...classes: ApiObject[]): RuntimeClassAdmission {
  return new RuntimeClassAdmission(async (name) => classes.find((c) => c.metadata.name === name));
}

function pod(spec: Record<string, unknown> = {}): ApiObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } };
}

function attrs(object: ApiObject | undefined, operation: Operation = 'CREATE', subresource = '', resource = 'pods') {
  return newAttributesRecord({ operation, kind: podKind, resource: { ...podResource, resource }, namespace: 'ns', name: 'p', object, subresource });
}

const specOf = (p: ApiObject) => p['spec'] as Record<string, unknown>;
const kata = rc('kata', { overhead: { podFixed: { cpu: '250m', memory: '120Mi' } } });

t.test('RuntimeClass: the class overhead becomes the pod’s; validation holds the pod to it', async (t) => {
  const admission = plugin(kata);
  const p = pod({ runtimeClassName: 'kata' });
  await admission.admit({}, attrs(p));
  t.same(specOf(p)['overhead'], { cpu: '250m', memory: '120Mi' });
  t.not(specOf(p)['overhead'], (kata['overhead'] as Record<string, unknown>)['podFixed'], 'a copy, not the class’s own object');
  await admission.validate({}, attrs(p));
  const same = pod({ runtimeClassName: 'kata', overhead: { memory: '125829120', cpu: '0.25' } });
  await admission.admit({}, attrs(same));
  t.same(specOf(same)['overhead'], { cpu: '250m', memory: '120Mi' }, 'an equal overhead (by value) is allowed and replaced');
  const mismatch = "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead";
  const other = await statusOf(t, admission.admit({}, attrs(pod({ runtimeClassName: 'kata', overhead: { cpu: '1' } }))));
  t.match(other, { code: 403, reason: 'Forbidden', message: `pods "p" is forbidden: ${mismatch}` });
  const extra = await statusOf(t, admission.validate({}, attrs(pod({ runtimeClassName: 'kata', overhead: { cpu: '250m', memory: '120Mi', pods: '1' } }))));
  t.equal(extra.message, `pods "p" is forbidden: ${mismatch}`, 'validate: another name');
  const missing = await statusOf(t, admission.validate({}, attrs(pod({ runtimeClassName: 'kata' }))));
  t.equal(missing.message, `pods "p" is forbidden: ${mismatch}`, 'validate: an overhead a later plugin removed');
});

t.test('RuntimeClass: overhead without a class, or with a class defining none', async (t) => {
  const admission = plugin(rc('runc'), rc('empty', { overhead: {} }));
  const without = 'pods "p" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead';
  const p = pod({ overhead: { cpu: '1' } });
  await admission.admit({}, attrs(p));
  t.same(specOf(p)['overhead'], { cpu: '1' }, 'admit leaves it');
  t.equal((await statusOf(t, admission.validate({}, attrs(p)))).message, without);
  t.equal((await statusOf(t, admission.validate({}, attrs(pod({ runtimeClassName: 'runc', overhead: {} }))))).message, without, 'an empty overhead is set');
  await admission.validate({}, attrs(pod({ runtimeClassName: null })));
  await admission.validate({}, attrs(pod({ runtimeClassName: 'runc' })));
  const empty = pod({ runtimeClassName: 'empty', overhead: {} });
  await admission.admit({}, attrs(empty));
  t.notOk('overhead' in specOf(empty), 'a class overhead without podFixed clears an empty one');
  await admission.validate({}, attrs(empty));
  t.equal((await statusOf(t, admission.admit({}, attrs(pod({ runtimeClassName: 'empty', overhead: { cpu: '1' } }))))).code, 403);
});

t.test('RuntimeClass: an unknown class is 403; a failed lookup fails the request', async (t) => {
  const admission = plugin();
  const unknown = await statusOf(t, admission.admit({}, attrs(pod({ runtimeClassName: 'gvisor' }))));
  t.match(unknown, { code: 403, message: 'pods "p" is forbidden: pod rejected: RuntimeClass "gvisor" not found' });
  t.equal((await statusOf(t, admission.validate({}, attrs(pod({ runtimeClassName: 'gvisor' }))))).code, 403);
  await t.rejects(admission.admit({}, attrs(pod({ runtimeClassName: '' }))), { message: 'resource name may not be empty' });
  const timeout = newServerTimeout({ group: 'node.k8s.io', resource: 'runtimeclasses' }, 'get', 2);
  const down = new RuntimeClassAdmission(() => Promise.reject(timeout));
  t.equal((await statusOf(t, down.admit({}, attrs(pod({ runtimeClassName: 'kata' }))))).reason, 'ServerTimeout');
  t.match(await statusOf(t, admission.admit({}, attrs(undefined))), { code: 400, message: 'Resource was marked with kind Pod but was unable to be converted' });
});

t.test('RuntimeClass: scheduling merges the node selector and tolerations', async (t) => {
  const toleration = { key: 'runtime', operator: 'Equal', value: 'kata', effect: 'NoSchedule' };
  const sched = rc('sched', { scheduling: { nodeSelector: { runtime: 'kata', zone: 'a' }, tolerations: [toleration] } });
  const admission = plugin(sched, rc('tolerate-only', { scheduling: { tolerations: [{ operator: 'Exists' }] } }), rc('nothing', { scheduling: {} }));
  const bare = pod({ runtimeClassName: 'sched' });
  await admission.admit({}, attrs(bare));
  t.same(specOf(bare)['nodeSelector'], { runtime: 'kata', zone: 'a' });
  t.same(specOf(bare)['tolerations'], [toleration]);
  const own = { key: 'dedicated', operator: 'Exists' };
  const p = pod({ runtimeClassName: 'sched', nodeSelector: { disk: 'ssd', zone: 'a' }, tolerations: [own] });
  await admission.admit({}, attrs(p));
  t.same(specOf(p)['nodeSelector'], { disk: 'ssd', zone: 'a', runtime: 'kata' });
  t.same(specOf(p)['tolerations'], [own, toleration], 'the pod’s first');
  const conflict = await statusOf(t, admission.admit({}, attrs(pod({ runtimeClassName: 'sched', nodeSelector: { zone: 'b' } }))));
  t.match(conflict, { code: 403, message: 'pods "p" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[zone] = a; pod.spec.nodeSelector[zone] = b' });
  const all = pod({ runtimeClassName: 'tolerate-only', tolerations: [own] });
  await admission.admit({}, attrs(all));
  t.same(specOf(all)['tolerations'], [{ operator: 'Exists' }], 'a toleration of everything replaces the ones it covers');
  t.notOk('nodeSelector' in specOf(all));
  const nothing = pod({ runtimeClassName: 'nothing', tolerations: [] });
  await admission.admit({}, attrs(nothing));
  t.notOk('tolerations' in specOf(nothing) || 'nodeSelector' in specOf(nothing), 'empty lists are dropped');
  const keep = pod({ runtimeClassName: 'kata-less' });
  await t.rejects(admission.admit({}, attrs(keep)));
});

t.test('RuntimeClass: CREATE of core pods proper only', async (t) => {
  let asked = 0;
  const admission = new RuntimeClassAdmission(async () => {
    asked++;
    return undefined;
  });
  t.equal(admission.name, 'RuntimeClass');
  t.same((['CREATE', 'UPDATE', 'DELETE', 'CONNECT'] as const).map((o) => admission.handles(o)), [true, false, false, false]);
  const named = pod({ runtimeClassName: 'x', overhead: { cpu: '1' } });
  await admission.admit({}, attrs(named, 'CREATE', 'status'));
  await admission.validate({}, attrs(named, 'CREATE', 'status'));
  await admission.admit({}, attrs(named, 'CREATE', '', 'podtemplates'));
  const grouped = newAttributesRecord({ operation: 'CREATE', kind: podKind, resource: { group: 'x.io', version: 'v1', resource: 'pods' }, object: named });
  await admission.validate({}, grouped);
  t.equal(asked, 0);
  const bare: ApiObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } };
  await admission.admit({}, attrs(bare));
  t.notOk('spec' in bare, 'a pod without a spec is left as it was');
});

t.test('mergeTolerations: pkg/util/tolerations cases', async (t) => {
  const a = { key: 'a', operator: 'Equal', value: 'x', effect: 'NoSchedule' };
  const aAny = { key: 'a', operator: 'Exists' };
  const b = { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
  const bLong = { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 };
  const bForever = { key: 'b', operator: 'Exists', effect: 'NoExecute' };
  t.same(mergeTolerations([], []), []);
  t.same(mergeTolerations([a], [a]), [a], 'equal: one kept');
  t.same(mergeTolerations([a], [aAny]), [aAny], 'a later superset replaces');
  t.same(mergeTolerations([aAny], [a]), [aAny], 'a kept superset covers a later one');
  t.same(mergeTolerations([b], [bLong]), [bLong], 'a longer NoExecute covers a shorter one');
  t.same(mergeTolerations([bForever], [bLong]), [bForever], 'no limit covers every limit');
  t.same(mergeTolerations([bLong], [bForever]), [bForever]);
  const blank = { key: 'a', value: 'x', effect: 'NoSchedule' };
  t.same(mergeTolerations([blank], [a]), [blank], 'an empty operator means Equal: it covers an Equal toleration');
  t.same(mergeTolerations([a], [blank]), [blank], 'from either side');
  const anyEffect = { key: 'a', operator: 'Equal', value: 'x' };
  t.same(mergeTolerations([a], [anyEffect]), [anyEffect], 'an Equal toleration of every effect covers one saying Equal');
  t.same(mergeTolerations([blank], [anyEffect]), [blank, anyEffect], 'but not one with an empty operator');
  const effectless = { key: 'a', operator: 'Equal', value: 'x' };
  t.same(mergeTolerations([a, effectless], []), [effectless], 'no effect covers every effect');
  const otherValue = { key: 'a', operator: 'Equal', value: 'y', effect: 'NoSchedule' };
  t.same(mergeTolerations([a], [otherValue]), [a, otherValue]);
  const weird = { key: 'a', operator: 'Sometimes', value: 'x' };
  t.same(mergeTolerations([weird], [a, 'junk']), [weird, a], 'an unknown operator covers nothing but itself; non-objects dropped');
  const exists = { operator: 'Exists' };
  t.same(mergeTolerations([a, b], [exists]), [exists]);
  const existsNoSchedule = { operator: 'Exists', effect: 'NoSchedule' };
  t.same(mergeTolerations([a, b], [existsNoSchedule]), [b, existsNoSchedule]);
});
