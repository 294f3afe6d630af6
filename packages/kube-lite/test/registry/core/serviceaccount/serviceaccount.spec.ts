import t from 'tap';
import { newServiceAccountStorage, newServiceAccountStore } from '../../../../src/registry/core/serviceaccount/storage.js';
import { cleanSecretReferences } from '../../../../src/registry/core/serviceaccount/strategy.js';
import { ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core-fixtures.js';

t.test('cleanSecretReferences keeps only names', async (t) => {
  const sa = { metadata: { name: 'a' }, secrets: [{ name: 's1', namespace: 'x', uid: 'u' }, 'junk', { kind: 'Secret' }] };
  cleanSecretReferences(sa);
  t.same(sa.secrets, [{ name: 's1' }, {}, {}]);
  const none = { metadata: { name: 'b' } };
  cleanSecretReferences(none);
  t.same(none, { metadata: { name: 'b' } });
});

t.test('serviceaccounts Store', async (t) => {
  const getter = memoryGetter(t);
  t.same(Object.keys(newServiceAccountStorage(getter)), ['serviceaccounts']);
  const store = newServiceAccountStore(getter, { now: () => Date.parse('2026-01-03T03:00:00Z') });
  t.same(store.shortNames(), ['sa']);
  t.equal(store.getSingularName(), 'serviceaccount');
  const ctx = ctxIn('default');
  const sa = await store.create(ctx, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'builder' }, secrets: [{ name: 't', uid: 'x' }] });
  t.same(sa.secrets, [{ name: 't' }]);
  const updated = await update(store, ctx, 'builder', mutated((o) => { o.secrets = [{ name: 't' }, { name: 'u', namespace: 'default' }]; }));
  t.same(updated.secrets, [{ name: 't' }, { name: 'u' }]);
  const table = await store.convertToTable(ctx, { ...updated, metadata: { ...updated.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => [c.name, c.type]), [['Name', 'string'], ['Secrets', 'string'], ['Age', 'string']]);
  t.same(table.rows[0]?.cells, ['builder', 2, '2d3h']);
  const noSecrets = await store.convertToTable(ctx, { metadata: { name: 'x' } });
  t.same(noSecrets.rows[0]?.cells, ['x', 0, '<unknown>']);
  const bad = await statusErrorOf(t, store.create(ctx, { metadata: { name: 'UPPER' } }));
  t.equal(bad.status.code, 422);
});
