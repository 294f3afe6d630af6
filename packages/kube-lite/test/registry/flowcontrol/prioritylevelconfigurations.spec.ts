/**
 * flowcontrol.apiserver.k8s.io/v1 prioritylevelconfigurations through their REST: v1 defaults (nil vs 0 shares,
 * lendablePercent, queuing, exempt), upstream's validation causes (type/name agreement, the union members,
 * shares, percents, limit response and shuffle-sharding limits, the v1beta3 annotation), the mandatory levels'
 * fixed specs (`exempt` may change its `exempt` member), and the printer columns.
 */
import { type ApiObject, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { MANDATORY_PRIORITY_LEVELS } from '../../../src/registry/flowcontrol/bootstrap-configuration.js';
import { requiredEntropyBits } from '../../../src/registry/flowcontrol/prioritylevelconfiguration/queuing-validation.js';
import { newPriorityLevelConfigurationStorage } from '../../../src/registry/flowcontrol/storage.js';
import { causesOf, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
type Rec = Record<string, unknown>;
const plc = (name: string, spec: Rec): ApiObject => ({ apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name }, spec });
const limited = (name: string, l: Rec): ApiObject => plc(name, { type: 'Limited', limited: l });
const queue = (queuing: Rec): Rec => ({ limitResponse: { type: 'Queue', queuing } });

function storeOf(t: Test): Store {
  const map = newPriorityLevelConfigurationStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['prioritylevelconfigurations', 'prioritylevelconfigurations/status']);
  const store = map.prioritylevelconfigurations;
  if (!(store instanceof Store)) throw new TypeError('unexpected storage');
  return store;
}

const limitedOf = (o: ApiObject): Rec => (o.spec as Rec).limited as Rec;

t.test('v1 defaults: absent shares are 30, an explicit 0 stays; lendablePercent and queuing', async (t) => {
  const store = storeOf(t);
  t.notOk(store.namespaceScoped());
  const absent = await store.create({}, limited('absent', queue({})));
  t.same(limitedOf(absent), { nominalConcurrencyShares: 30, lendablePercent: 0, limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } } });
  t.same(absent.status, {});
  t.equal(absent.metadata.generation, 1);
  const jail = await store.create({}, limited('jail', { nominalConcurrencyShares: 0, limitResponse: { type: 'Reject' } }));
  t.same(limitedOf(jail), { nominalConcurrencyShares: 0, lendablePercent: 0, limitResponse: { type: 'Reject' } }, 'zero shares are allowed and kept');
  const nulled = await store.create({}, limited('nulled', { nominalConcurrencyShares: null, limitResponse: { type: 'Reject' } }));
  t.equal(limitedOf(nulled).nominalConcurrencyShares, 30, 'null is nil');
  const bumped = await update(store, {}, 'jail', mutated((o) => Object.assign(limitedOf(o), { lendablePercent: 10 })));
  t.equal(bumped.metadata.generation, 2);
});

t.test('validation causes', async (t) => {
  const store = storeOf(t);
  const q = 'spec.limited.limitResponse.queuing';
  const cases: [ApiObject, string[]][] = [
    [plc('broken-limited', { type: 'Limited', exempt: {} }), ["spec.exempt: Forbidden: must be nil if the type is Limited", 'spec.limited: Required value: must not be empty when type is Limited']],
    [plc('not-exempt', { type: 'Exempt' }), ['spec.type: Invalid value: "Exempt": type must be \'Exempt\' if and only if name is \'exempt\'']],
    [plc('odd', { type: 'Sometimes' }), ['spec.type: Unsupported value: "Sometimes": supported values: "Exempt", "Limited"']],
    [limited('negative', { nominalConcurrencyShares: -1, lendablePercent: 101, borrowingLimitPercent: -1, limitResponse: { type: 'Reject' } }), [
      'spec.limited.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer',
      'spec.limited.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive',
      'spec.limited.borrowingLimitPercent: Invalid value: -1: if specified, must be a non-negative integer',
    ]],
    [limited('reject-queuing', { limitResponse: { type: 'Reject', queuing: { queues: 512, handSize: 4, queueLengthLimit: 100 } } }), ['spec.limited.limitResponse.queuing: Forbidden: must be nil if limited.limitResponse.type is not Limited']],
    [limited('queue-nothing', { limitResponse: { type: 'Queue' } }), ['spec.limited.limitResponse.queuing: Required value: must not be empty if limited.limitResponse.type is Limited']],
    [limited('respond', { limitResponse: { type: 'Ignore' } }), ['spec.limited.limitResponse.type: Unsupported value: "Ignore": supported values: "Queue", "Reject"']],
    [limited('entropy', queue({ queueLengthLimit: 100, queues: 512, handSize: 8 })), [`${q}.handSize: Invalid value: 8: required entropy bits of deckSize 512 and handSize 8 should not be greater than 60`]],
    [limited('huge', queue({ queueLengthLimit: -1, queues: 2_147_483_647, handSize: 3 })), [
      `${q}.queueLengthLimit: Invalid value: -1: must be positive`,
      `${q}.queues: Invalid value: 2147483647: must not be greater than 10000000`,
      `${q}.handSize: Invalid value: 3: required entropy bits of deckSize 2147483647 and handSize 3 should not be greater than 60`,
    ]],
    [limited('hand', queue({ queues: 7, handSize: 8 })), [`${q}.handSize: Invalid value: 8: should not be greater than queues (7)`]],
    [{ ...limited('annotated', { limitResponse: { type: 'Reject' } }), metadata: { name: 'annotated', annotations: { 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares': '' } } }, [
      "metadata.annotations: Forbidden: annotation 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares' is forbidden",
    ]],
  ];
  for (const [obj, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create({}, obj))), want, obj.metadata.name ?? '');
  t.ok(await store.create({}, limited('wide', queue({ queues: 10_000_000, handSize: 2, queueLengthLimit: 100 }))), 'handSize 2 of 10^7 queues');
  t.equal(requiredEntropyBits(128, 10), 70);
});

t.test('mandatory levels: exempt may change only its exempt member, catch-all nothing', async (t) => {
  const store = storeOf(t);
  const [catchAll, exempt] = MANDATORY_PRIORITY_LEVELS.map((o) => structuredClone(o));
  if (catchAll === undefined || exempt === undefined) throw new TypeError('no mandatory levels');
  await store.create({}, exempt);
  await store.create({}, catchAll);
  const widened = await update(store, {}, 'exempt', mutated((o) => Object.assign(o.spec as Rec, { exempt: { nominalConcurrencyShares: 10, lendablePercent: 10 } })));
  t.same((widened.spec as Rec).exempt, { nominalConcurrencyShares: 10, lendablePercent: 10 });
  const limitedExempt = await statusErrorOf(t, update(store, {}, 'exempt', mutated((o) => Object.assign(o.spec as Rec, { limited: { nominalConcurrencyShares: 42, limitResponse: { type: 'Reject' } } }))));
  t.match(causesOf(limitedExempt), ['spec.limited: Forbidden: must be nil if the type is not Limited', /^spec: Invalid value: .*: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value$/]);
  const shares = await statusErrorOf(t, update(store, {}, 'catch-all', mutated((o) => Object.assign(limitedOf(o), { nominalConcurrencyShares: 6 }))));
  t.match(causesOf(shares), [/^spec: Invalid value: .*: spec of 'catch-all' must equal the fixed value$/]);
});

t.test('printer', async (t) => {
  const store = storeOf(t);
  const created = await store.create({}, limited('queued', { nominalConcurrencyShares: 7, ...queue({ queues: 16, handSize: 4, queueLengthLimit: 20 }) }));
  const rejecting = await store.create({}, limited('rejecting', { limitResponse: { type: 'Reject' } }));
  const exempt = await store.create({}, plc('exempt', { type: 'Exempt' }));
  const aged = (o: ApiObject): ApiObject => ({ ...o, metadata: { ...o.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  const table = await store.convertToTable({}, { apiVersion: 'v1', kind: 'List', metadata: {}, items: [aged(created), aged(rejecting), aged(exempt)] });
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Type', 'NominalConcurrencyShares', 'Queues', 'HandSize', 'QueueLengthLimit', 'Age']);
  t.same(table.rows.map((r) => r.cells), [
    ['queued', 'Limited', 7, 16, 4, 20, '60m'],
    ['rejecting', 'Limited', 30, '<none>', '<none>', '<none>', '60m'],
    ['exempt', 'Exempt', '<none>', '<none>', '<none>', '<none>', '60m'],
  ]);
});
