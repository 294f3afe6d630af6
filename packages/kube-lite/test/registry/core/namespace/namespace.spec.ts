import { isCollectionDeleter, isGetter, isUpdater } from '@apiserver/registry';
import t from 'tap';
import { applyGCFinalizers } from '../../../../src/registry/core/namespace/delete.js';
import { NAMESPACE_FIELD_LABELS, newNamespaceREST, newNamespaceStorage } from '../../../../src/registry/core/namespace/storage.js';
import { validateFinalizerName, validateNamespaceStatusUpdate } from '../../../../src/registry/core/namespace/validation.js';
import { newPath, parseFieldSelector } from '@apiserver/runtime';
import { causesOf, ctxIn, fieldErrorStrings, memoryGetter, mutated, statusErrorOf } from '../core-fixtures.js';

const ns = (name: string, fields: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, ...fields });
const ctx = ctxIn();

t.test('finalizer names and status phase rules', async (t) => {
  const p = newPath('spec', 'finalizers');
  t.same(validateFinalizerName('kubernetes', p), []);
  t.same(validateFinalizerName('example.com/cleanup', p), []);
  t.same(fieldErrorStrings(validateFinalizerName('custom', p)), [
    'spec.finalizers: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified',
  ]);
  t.equal(validateFinalizerName('a/b/c', p).length, 1);
  t.same(validateNamespaceStatusUpdate(ns('a', { status: { phase: 'Active' } })), []);
  t.same(fieldErrorStrings(validateNamespaceStatusUpdate(ns('a', { status: { phase: 'Terminating' } }))), [
    'status.Phase: Invalid value: "Terminating": may only be \'Active\' if `deletionTimestamp` is empty',
  ]);
  const deleting = { ...ns('a', { status: { phase: 'Active' } }), metadata: { name: 'a', deletionTimestamp: '2026-01-01T00:00:00Z' } };
  t.equal(validateNamespaceStatusUpdate(deleting).length, 1);
});

t.test('applyGCFinalizers follows orphanDependents and propagationPolicy', async (t) => {
  const cases: Array<[string[] | undefined, Record<string, unknown>, string[] | undefined]> = [
    [undefined, {}, undefined],
    [undefined, { propagationPolicy: 'Background' }, undefined],
    [undefined, { propagationPolicy: 'Orphan' }, ['orphan']],
    [undefined, { propagationPolicy: 'Foreground' }, ['foregroundDeletion']],
    [['x/y', 'orphan'], { orphanDependents: false }, ['x/y', 'foregroundDeletion']],
    [['orphan'], {}, ['orphan']],
    [['orphan'], { orphanDependents: true }, ['orphan']],
  ];
  for (const [finalizers, options, want] of cases) {
    const obj = { metadata: { name: 'n', ...(finalizers && { finalizers: [...finalizers] }) } };
    applyGCFinalizers(obj, options);
    t.same(obj.metadata.finalizers, want, JSON.stringify([finalizers, options]));
  }
});

t.test('create defaults, label, update rules, printer, field selector', async (t) => {
  const getter = memoryGetter(t);
  const map = newNamespaceStorage(getter);
  t.same(Object.keys(map), ['namespaces', 'namespaces/status', 'namespaces/finalize']);
  t.notOk(isCollectionDeleter(map.namespaces!), 'no deletecollection, as upstream');
  t.ok(isGetter(map['namespaces/status']!) && isUpdater(map['namespaces/status']!));
  t.notOk(isGetter(map['namespaces/finalize']!), 'finalize has no GET');
  const { namespaces, status, finalize } = newNamespaceREST(getter, { now: () => Date.parse('2026-01-01T01:00:00Z') });
  t.same(namespaces.shortNames(), ['ns']);
  t.same(namespaces.categories(), []);
  t.equal(namespaces.namespaceScoped(), false);
  t.equal(namespaces.getSingularName(), 'namespace');
  t.same(['metadata.name', 'status.phase', 'metadata.namespace', 'name'].map((l) => typeof NAMESPACE_FIELD_LABELS === 'function' && NAMESPACE_FIELD_LABELS(l)), [true, true, false, false], 'the Namespace func');
  t.equal(namespaces.newObject().kind, 'Namespace');
  t.equal(namespaces.newList().kind, 'NamespaceList');
  t.equal(status.newObject().kind, 'Namespace');
  t.equal(finalize.newObject().kind, 'Namespace');

  const a = await namespaces.create(ctx, ns('team-a', { spec: { finalizers: ['example.com/x'] }, status: { phase: 'Terminating' } }));
  t.same(a.spec, { finalizers: ['example.com/x', 'kubernetes'] });
  t.same(a.status, { phase: 'Active' });
  t.same(a.metadata.labels, { 'kubernetes.io/metadata.name': 'team-a' });
  const gen = await namespaces.create(ctx, { metadata: { generateName: 'gen-' } });
  t.equal(gen.metadata.labels?.['kubernetes.io/metadata.name'], gen.metadata.name);

  const bad = await statusErrorOf(t, namespaces.create(ctx, ns('Not.A.Label')));
  t.equal(bad.status.code, 422);
  const badFinalizer = await statusErrorOf(t, namespaces.create(ctx, ns('b', { spec: { finalizers: ['custom'] } })));
  t.match(causesOf(badFinalizer), ['spec.finalizers: Invalid value: "custom": name is neither']);

  const updated = await namespaces.update(
    ctx,
    'team-a',
    mutated((o) => {
      o.spec = { finalizers: [] };
      o.status = { phase: 'Terminating' };
      o.metadata.labels = { team: 'a', 'kubernetes.io/metadata.name': 'other' };
    }),
    undefined,
    undefined,
    false,
  );
  t.same(updated.object.spec, { finalizers: ['example.com/x', 'kubernetes'] }, 'spec finalizers kept');
  t.same(updated.object.status, { phase: 'Active' }, 'status kept');
  t.same(updated.object.metadata.labels, { team: 'a', 'kubernetes.io/metadata.name': 'team-a' });

  const viaStatus = await status.update(ctx, 'team-a', mutated((o) => { o.status = { phase: 'Active', conditions: [] }; o.spec = {}; }), undefined, undefined, true);
  t.same(viaStatus.object.spec, { finalizers: ['example.com/x', 'kubernetes'] });
  // `conditions: []` is the same Go value as none: the update wrote nothing and answers the stored status.
  t.same(viaStatus.object.status, { phase: 'Active' });
  const badStatus = await statusErrorOf(t, status.update(ctx, 'team-a', mutated((o) => { o.status = { phase: 'Terminating' }; }), undefined, undefined, false));
  t.equal(badStatus.status.code, 422);
  t.same((await status.get(ctx, 'team-a')).metadata.name, 'team-a');

  const fin = await finalize.update(ctx, 'team-a', mutated((o) => { o.spec = { finalizers: ['kubernetes'] }; o.status = { phase: 'Terminating' }; }), undefined, undefined, false);
  t.same(fin.object.spec, { finalizers: ['kubernetes'] });
  t.same(fin.object.status, { phase: 'Active' });
  const badFin = await statusErrorOf(t, finalize.update(ctx, 'team-a', mutated((o) => { o.spec = { finalizers: ['nope'] }; }), undefined, undefined, false));
  t.match(causesOf(badFin), ['spec.finalizers[0]: Invalid value: "nope"']);

  const list = await namespaces.list(ctx, { fieldSelector: parseFieldSelector('status.phase=Active') });
  t.equal(list.items.length, 2);
  const table = await namespaces.convertToTable(ctx, { ...a, metadata: { ...a.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => [c.name, c.description]), [
    ['Name', table.columnDefinitions[0]?.description],
    ['Status', 'The status of the namespace'],
    ['Age', table.columnDefinitions[2]?.description],
  ]);
  t.same(table.rows[0]?.cells, ['team-a', 'Active', '60m']);
  const w = await namespaces.watch(ctx, {});
  w.stop();
  namespaces.destroy();
  status.destroy();
  finalize.destroy();
});

t.test('DELETE: Terminating first, removal once finalized', async (t) => {
  const getter = memoryGetter(t);
  const { namespaces, finalize } = newNamespaceREST(getter);
  const created = await namespaces.create(ctx, ns('doomed'));

  const wrongUID = await statusErrorOf(t, namespaces.delete(ctx, 'doomed', undefined, { preconditions: { uid: 'nope' } }));
  t.equal(wrongUID.status.code, 409);
  t.match(wrongUID.message, /Precondition failed: UID in precondition: nope, UID in object meta: /);
  const wrongRV = await statusErrorOf(t, namespaces.delete(ctx, 'doomed', undefined, { preconditions: { resourceVersion: '1' } }));
  t.equal(wrongRV.status.code, 409);
  t.match(wrongRV.message, /Precondition failed: ResourceVersion in precondition: 1, ResourceVersion in object meta: /);

  const dry = await namespaces.delete(ctx, 'doomed', undefined, { dryRun: ['All'] });
  t.equal(dry.deleted, false);
  t.equal((await namespaces.get(ctx, 'doomed')).metadata.deletionTimestamp, undefined, 'dry run changes nothing');

  const first = await namespaces.delete(ctx, 'doomed', undefined, { preconditions: { uid: created.metadata.uid ?? '' } });
  t.equal(first.deleted, false);
  const marked = await namespaces.get(ctx, 'doomed');
  t.type(marked.metadata.deletionTimestamp, 'string');
  t.same(marked.status, { phase: 'Terminating' });
  t.same(first.object, marked);

  const second = await namespaces.delete(ctx, 'doomed');
  t.equal(second.deleted, false, 'spec finalizers still pending');

  const rejected = await statusErrorOf(t, namespaces.create(ctx, ns('x', { metadata: { name: 'x' } })).then(() =>
    namespaces.delete(ctx, 'x', () => { throw new Error('admission says no'); }),
  ));
  t.equal(rejected.status.code, 500);

  const done = await finalize.update(ctx, 'doomed', mutated((o) => { o.spec = { finalizers: [] }; }), undefined, undefined, false);
  t.equal(done.object.metadata.name, 'doomed');
  const gone = await statusErrorOf(t, namespaces.get(ctx, 'doomed'));
  t.equal(gone.status.code, 404, 'finalizing a terminating namespace deletes it');

  await namespaces.create(ctx, { ...ns('two-step'), metadata: { name: 'two-step', finalizers: ['example.com/hold'] } });
  await namespaces.delete(ctx, 'two-step');
  await finalize.update(ctx, 'two-step', mutated((o) => { o.spec = { finalizers: [] }; }), undefined, undefined, false);
  t.equal((await namespaces.get(ctx, 'two-step')).metadata.name, 'two-step', 'metadata finalizer holds it');
  const third = await namespaces.delete(ctx, 'two-step');
  t.equal(third.deleted, false);
  await namespaces.update(ctx, 'two-step', mutated((o) => { o.metadata.finalizers = []; }), undefined, undefined, false);
  t.equal((await statusErrorOf(t, namespaces.get(ctx, 'two-step'))).status.code, 404);

  await namespaces.create(ctx, ns('direct'));
  await namespaces.delete(ctx, 'direct', undefined, { propagationPolicy: 'Background' });
  const raced = await namespaces.get(ctx, 'direct');
  await getter.getRESTOptions({ group: '', resource: 'namespaces' }).storage.guaranteedUpdate('/namespaces/direct', (cur) => {
    if (cur === undefined) throw new Error('missing');
    return { object: { ...cur, spec: { finalizers: [] } } };
  });
  const finalDelete = await namespaces.delete(ctx, 'direct', undefined, { preconditions: { uid: raced.metadata.uid ?? '' } });
  t.equal(finalDelete.deleted, true, 'no finalizers left: really deleted');
  t.equal((await statusErrorOf(t, namespaces.delete(ctx, 'direct'))).status.code, 404);
});
