import { Store } from '@apiserver/registry';
import t from 'tap';
import { ensureRecord } from '../../../src/object-fields.js';
import { newLeaseStorage } from '../../../src/registry/coordination/lease/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T03:00:00Z');
const ctx = ctxIn('kube-system');
const lease = (name: string, spec: Record<string, unknown> = {}) => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name }, spec });

t.test('leases: storage facts, validation, printer', async (t) => {
  const map = newLeaseStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['leases']);
  const store = map.leases;
  if (!(store instanceof Store)) throw new TypeError('leases is not a Store');
  t.same(store.shortNames(), []);
  t.same(store.categories(), []);
  t.equal(store.getSingularName(), 'lease');
  t.equal(store.namespaceScoped(), true);

  const created = await store.create(ctx, lease('kube-scheduler', { holderIdentity: 'node-1_abc', leaseDurationSeconds: 15, leaseTransitions: 0 }));
  t.match(created, { metadata: { namespace: 'kube-system' }, spec: { holderIdentity: 'node-1_abc' } });
  const renewed = await update(store, ctx, 'kube-scheduler', mutated((o) => Object.assign(ensureRecord(o, 'spec'), { renewTime: '2026-01-01T02:59:00.000000Z', leaseTransitions: 1 })));
  t.match(renewed, { spec: { leaseTransitions: 1 } });

  const cases: Array<[Record<string, unknown>, string[]]> = [
    [{ leaseDurationSeconds: 0 }, ['spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0']],
    [{ leaseDurationSeconds: 'x' }, ['spec.leaseDurationSeconds: Invalid value: "x": must be greater than 0']],
    [{ leaseTransitions: -1 }, ['spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0']],
  ];
  for (const [spec, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, lease('bad', spec)));
    t.equal(err.status.code, 422);
    t.same(causesOf(err), want);
  }
  const badUpdate = await statusErrorOf(t, update(store, ctx, 'kube-scheduler', mutated((o) => Object.assign(ensureRecord(o, 'spec'), { leaseDurationSeconds: -5 }))));
  t.same(causesOf(badUpdate), ['spec.leaseDurationSeconds: Invalid value: -5: must be greater than 0']);

  const at = { ...renewed, metadata: { ...renewed.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable(ctx, { apiVersion: 'coordination.k8s.io/v1', kind: 'LeaseList', metadata: {}, items: [at, { ...at, spec: {} }] });
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.type, c.priority]),
    [
      ['Name', 'string', 0],
      ['Holder', 'string', 0],
      ['Age', 'string', 0],
    ],
  );
  t.same(
    table.rows.map((r) => r.cells),
    [
      ['kube-scheduler', 'node-1_abc', '3h'],
      ['kube-scheduler', '<unknown>', '3h'],
    ],
  );
});
