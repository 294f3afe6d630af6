/**
 * The `priority-and-fairness-config-producer` round (pkg/registry/flowcontrol/ensurer): the 1.32 bootstrap set is
 * created with the auto-update annotation; deleted objects come back; mandatory objects are always revised and
 * re-annotated; suggested ones only while auto-updated (annotation true, or absent at generation 1); dangling
 * auto-updated objects are deleted, user objects kept.
 */
import { type ApiObject, type Storage, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { ensureAPFBootstrapConfiguration } from '../../../src/registry/flowcontrol/config-producer.js';
import { parseGoBool } from '../../../src/registry/flowcontrol/ensurer.js';
import { newFlowSchemaStorage, newPriorityLevelConfigurationStorage } from '../../../src/registry/flowcontrol/storage.js';
import { memoryGetter, mutated, update } from '../core/core-fixtures.js';

type Rec = Record<string, unknown>;
const AUTO = 'apf.kubernetes.io/autoupdate-spec';

function storesOf(t: Test): { fs: Store; plc: Store } {
  const getter = memoryGetter(t);
  const fs: Storage | undefined = newFlowSchemaStorage(getter).flowschemas;
  const plc: Storage | undefined = newPriorityLevelConfigurationStorage(getter).prioritylevelconfigurations;
  if (!(fs instanceof Store) || !(plc instanceof Store)) throw new TypeError('unexpected storage');
  return { fs, plc };
}

const namesOf = async (s: Store): Promise<string[]> => ((await s.list({}, {})).items as ApiObject[]).map((o) => o.metadata.name ?? '').sort();
const specOf = (o: ApiObject): Rec => o.spec as Rec;

t.test('creates the 1.32 bootstrap configuration', async (t) => {
  const { fs, plc } = storesOf(t);
  await ensureAPFBootstrapConfiguration(fs, plc);
  t.same(await namesOf(plc), ['catch-all', 'exempt', 'global-default', 'leader-election', 'node-high', 'system', 'workload-high', 'workload-low']);
  t.same(await namesOf(fs), [
    'catch-all',
    'endpoint-controller',
    'exempt',
    'global-default',
    'kube-controller-manager',
    'kube-scheduler',
    'kube-system-service-accounts',
    'probes',
    'service-accounts',
    'system-leader-election',
    'system-node-high',
    'system-nodes',
    'workload-leader-election',
  ]);
  for (const o of [...(await fs.list({}, {})).items, ...(await plc.list({}, {})).items] as ApiObject[]) t.equal(o.metadata.annotations?.[AUTO], 'true', `${o.metadata.name} auto-updated`);
  const system = await plc.get({}, 'system', {});
  t.same(specOf(system).limited, { nominalConcurrencyShares: 30, lendablePercent: 33, limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 6, queueLengthLimit: 50 } } });
  const probes = await fs.get({}, 'probes', {});
  t.same(specOf(probes), {
    priorityLevelConfiguration: { name: 'exempt' },
    matchingPrecedence: 2,
    rules: [{ subjects: [{ kind: 'Group', group: { name: 'system:unauthenticated' } }, { kind: 'Group', group: { name: 'system:authenticated' } }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }] }],
  });
  const before = (await fs.get({}, 'exempt', {})).metadata.resourceVersion;
  await ensureAPFBootstrapConfiguration(fs, plc);
  t.equal((await fs.get({}, 'exempt', {})).metadata.resourceVersion, before, 'a second round writes nothing');
});

t.test('re-creates, revises and removes as upstream', async (t) => {
  const { fs, plc } = storesOf(t);
  await ensureAPFBootstrapConfiguration(fs, plc);
  await fs.delete({}, 'catch-all', undefined, {});
  await plc.delete({}, 'workload-low', undefined, {});
  await update(fs, {}, 'exempt', mutated((o) => Object.assign(o.metadata, { annotations: { [AUTO]: 'false' } })));
  await update(plc, {}, 'exempt', mutated((o) => Object.assign(specOf(o), { exempt: { nominalConcurrencyShares: 5, lendablePercent: 0 } })));
  const share = (n: number) => (o: ApiObject) => Object.assign(specOf(o).limited as Rec, { nominalConcurrencyShares: n });
  await update(plc, {}, 'system', mutated(share(1)));
  await update(plc, {}, 'node-high', mutated((o) => { share(2)(o); Object.assign(o.metadata, { annotations: { [AUTO]: 'false' } }); }));
  await update(plc, {}, 'leader-election', mutated((o) => { share(3)(o); Object.assign(o.metadata, { annotations: {} }); }));
  await plc.create({}, { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'retired', annotations: { [AUTO]: 'True' } }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } });
  await plc.create({}, { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'mine' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } });
  const fresh = await plc.create({}, { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'workload-high-x', annotations: { [AUTO]: 'maybe' } }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } });
  t.equal(fresh.metadata.generation, 1);

  await ensureAPFBootstrapConfiguration(fs, plc);
  t.ok(await fs.get({}, 'catch-all', {}), 'a deleted mandatory schema is re-created');
  t.ok(await plc.get({}, 'workload-low', {}), 'a deleted suggested level is re-created');
  t.equal((await fs.get({}, 'exempt', {})).metadata.annotations?.[AUTO], 'true', 'mandatory objects are always auto-updated');
  t.same(specOf(await plc.get({}, 'exempt', {})).exempt, { nominalConcurrencyShares: 5, lendablePercent: 0 }, "exempt's own exempt member is the admin's");
  t.equal((specOf(await plc.get({}, 'system', {})).limited as Rec).nominalConcurrencyShares, 30, 'an auto-updated suggested level is restored');
  const nodeHigh = await plc.get({}, 'node-high', {});
  t.equal((specOf(nodeHigh).limited as Rec).nominalConcurrencyShares, 2, '"false" keeps the admin spec');
  t.equal(nodeHigh.metadata.annotations?.[AUTO], 'false');
  const leader = await plc.get({}, 'leader-election', {});
  t.equal((specOf(leader).limited as Rec).nominalConcurrencyShares, 3, 'no annotation after a spec change (generation 2): kept');
  t.equal(leader.metadata.annotations?.[AUTO], 'false', 'and marked so');
  t.same(await namesOf(plc), ['catch-all', 'exempt', 'global-default', 'leader-election', 'mine', 'node-high', 'system', 'workload-high', 'workload-high-x', 'workload-low'], 'retired (auto-updated) deleted; mine and a malformed annotation kept');
});

t.test('strconv.ParseBool spellings', async (t) => {
  t.same(['1', 't', 'TRUE', 'True', '0', 'F', 'false', 'yes', ''].map(parseGoBool), [true, true, true, true, false, false, false, undefined, undefined]);
});
