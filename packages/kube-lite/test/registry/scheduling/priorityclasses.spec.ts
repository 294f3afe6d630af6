/**
 * scheduling.k8s.io/v1 priorityclasses through their REST: SetDefaults_PriorityClass, the reserved `system-`
 * prefix, the user maximum, immutable value and preemptionPolicy, one global default (the Priority admission
 * check), undeletable system classes (collection deletes excepted), the bootstrap hook and printer columns.
 */
import { type ApiObject, defaultUpdatedObjectInfo, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { ensureSystemPriorityClasses } from '../../../src/registry/scheduling/priorityclass/bootstrap.js';
import { newPriorityClassStorage, PriorityClassREST } from '../../../src/registry/scheduling/priorityclass/storage.js';
import { causesOf, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
type Rec = Record<string, unknown>;
const pc = (name: string, fields: Rec = {}): ApiObject => ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value: 100, ...fields });

function storeOf(t: Test): PriorityClassREST {
  const { priorityclasses: store } = newPriorityClassStorage(memoryGetter(t), { now: () => NOW });
  if (!(store instanceof PriorityClassREST)) throw new TypeError('unexpected storage');
  return store;
}

t.test('defaults, generation, immutable fields, printer', async (t) => {
  const store = storeOf(t);
  t.same(store.shortNames(), ['pc']);
  t.notOk(store.namespaceScoped());
  const created = await store.create({}, pc('high', { value: 1000, description: 'important' }));
  t.equal(created.preemptionPolicy, 'PreemptLowerPriority');
  t.equal(created.metadata.generation, 1);
  const described = await update(store, {}, 'high', mutated((o) => Object.assign(o, { description: 'very important' })));
  t.equal(described.metadata.generation, 1, 'generation is not tracked');
  const err = await statusErrorOf(t, update(store, {}, 'high', mutated((o) => Object.assign(o, { value: 2000, preemptionPolicy: 'Never' }))));
  t.same(causesOf(err), ['value: Forbidden: may not be changed in an update.', 'preemptionPolicy: Invalid value: "Never": field is immutable']);
  const aged = { ...described, metadata: { ...described.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable({}, aged);
  t.same(table.columnDefinitions.map((c) => [c.name, c.type]), [
    ['Name', 'string'],
    ['Value', 'integer'],
    ['Global-Default', 'boolean'],
    ['Age', 'string'],
    ['PreemptionPolicy', 'string'],
  ]);
  t.same(table.rows[0]?.cells, ['high', 1000, false, '60m', 'PreemptLowerPriority']);
});

t.test('validation', async (t) => {
  const store = storeOf(t);
  const cases: [ApiObject, string[]][] = [
    [pc('system-mine'), ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class"]],
    [
      pc('system-node-critical', { value: 5 }),
      ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-node-critical PriorityClass must be 2000001000"],
    ],
    [
      pc('system-cluster-critical', { value: 2_000_000_000, globalDefault: true }),
      ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: globalDefault of system-cluster-critical PriorityClass must be false"],
    ],
    [pc('huge', { value: 1_000_000_001 }), ['value: Forbidden: maximum allowed value of a user defined priority is 1000000000']],
    [pc('policy', { preemptionPolicy: 'Sometimes' }), ['preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"']],
    [pc('empty', { preemptionPolicy: '' }), ['preemptionPolicy: Required value']],
  ];
  for (const [obj, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create({}, obj))), want, obj.metadata.name ?? '');
  t.ok(await store.create({}, pc('max', { value: 1_000_000_000, preemptionPolicy: 'Never' })), 'the user maximum itself');
});

t.test('one global default (Priority admission)', async (t) => {
  const store = storeOf(t);
  await store.create({}, pc('default', { globalDefault: true }));
  const second = await statusErrorOf(t, store.create({}, pc('other', { globalDefault: true })));
  t.equal(second.status.code, 403);
  t.equal(second.message, 'priorityclasses.scheduling.k8s.io "other" is forbidden: PriorityClass default is already marked as default. Only one default can exist');
  await store.create({}, pc('other'));
  const marked = await statusErrorOf(t, update(store, {}, 'other', mutated((o) => Object.assign(o, { globalDefault: true }))));
  t.match(marked.message, /"other" is forbidden: PriorityClass default is already marked as default/);
  const same = await update(store, {}, 'default', mutated((o) => Object.assign(o, { description: 'still the default' })));
  t.equal(same.globalDefault, true, 'the default itself may be updated');
});

t.test('system classes: bootstrap, no delete by name, collection deletes', async (t) => {
  const store = storeOf(t);
  await ensureSystemPriorityClasses(store);
  await ensureSystemPriorityClasses(store);
  const node = await store.get({}, 'system-node-critical', {});
  t.match(node, { value: 2_000_001_000, preemptionPolicy: 'PreemptLowerPriority', description: 'Used for system critical pods that must not be moved from their current node.' });
  t.match(await store.get({}, 'system-cluster-critical', {}), { value: 2_000_000_000 });
  const refused = await statusErrorOf(t, store.delete({}, 'system-node-critical'));
  t.equal(refused.status.code, 403);
  t.equal(refused.message, 'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted');
  const described = await store.update({}, 'system-cluster-critical', defaultUpdatedObjectInfo({ ...(await store.get({}, 'system-cluster-critical', {})), description: 'd' }), undefined, undefined, false);
  t.equal(described.object.description, 'd', 'system classes may be updated within validation');
  await store.create({}, pc('user'));
  await store.delete({}, 'user');
  const deleted = await store.deleteCollection({}, undefined, undefined, undefined);
  t.same(deleted.items.map((i) => (i as ApiObject).metadata.name).sort(), ['system-cluster-critical', 'system-node-critical']);
  t.ok(store instanceof Store);
});
