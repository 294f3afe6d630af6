import { nameIsDNSSubdomain, newPath } from '@apiserver/runtime';
import t from 'tap';
import { beforeCreate, generateNameFor, type RESTCreateStrategy } from '../../src/rest/create.js';
import { beforeDelete, type RESTDeleteStrategy, validateDeleteOptions } from '../../src/rest/delete.js';
import { ensureObjectNamespaceMatchesRequestNamespace, fillObjectMetaSystemFields, wipeObjectMetaSystemFields } from '../../src/rest/meta.js';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../src/rest/object-meta-validation.js';
import { DefaultTableConvertor } from '../../src/rest/table.js';
import type { ApiObject } from '../../src/rest/types.js';
import { beforeUpdate, type RESTUpdateStrategy } from '../../src/rest/update.js';
import { statusOf } from '../fixtures.js';

const kind = { group: 'example.com', kind: 'Widget' };
const T0 = Date.parse('2026-01-01T00:00:00Z');

t.test('namespace enforcement table', async (t) => {
  const cases: [string, string | undefined, string | undefined | 'error'][] = [
    ['ns', 'ns', 'ns'],
    ['ns', undefined, 'ns'],
    ['', 'ns', undefined],
    ['ns', 'other', 'error'],
  ];
  for (const [req, objNs, want] of cases) {
    const meta: ApiObject['metadata'] = objNs === undefined ? {} : { namespace: objNs };
    if (want === 'error') {
      const s = await statusOf(t, Promise.resolve().then(() => ensureObjectNamespaceMatchesRequestNamespace(req, meta)));
      t.equal(s.code, 400);
    } else {
      ensureObjectNamespaceMatchesRequestNamespace(req, meta);
      t.equal(meta.namespace, want, `${req}/${objNs}`);
    }
  }
  const meta: ApiObject['metadata'] = { uid: 'u', creationTimestamp: 'x', deletionTimestamp: 'y', deletionGracePeriodSeconds: 1, selfLink: 's', name: 'n' };
  wipeObjectMetaSystemFields(meta);
  t.same(meta, { name: 'n' });
  fillObjectMetaSystemFields(meta, () => T0);
  t.equal(meta.creationTimestamp, '2026-01-01T00:00:00Z');
});

t.test('ObjectMeta validation', async (t) => {
  const errs = (m: ApiObject['metadata'], namespaced = true) => validateObjectMeta(m, namespaced, nameIsDNSSubdomain, newPath('metadata')).map(String);
  t.same(errs({ name: 'a', namespace: 'ns' }), []);
  const nulls = { generation: null, labels: null, annotations: null, ownerReferences: null, finalizers: null } as never;
  t.same(errs({ name: 'a', namespace: 'ns', ...(nulls as object) }), [], 'null fields are absent ones');
  t.same(errs({ name: 'a', namespace: 'ns', labels: { ok: 'v', 'bad key!': 'v' }, finalizers: ['bad!'] }).length, 2, 'present fields are still checked');
  t.same(errs({ name: 'a', namespace: 'ns' }, false), ['metadata.namespace: Forbidden: not allowed on this type']);
  t.match(errs({ name: 'a', namespace: 'Bad_NS' })[0], /^metadata\.namespace: Invalid value: "Bad_NS"/);
  t.match(errs({ name: 'a', namespace: 'n', generation: -1 })[0], /metadata\.generation: Invalid value: -1: must be greater than or equal to 0/);
  t.match(errs({ name: 'a', namespace: 'n', annotations: { 'bad key!': 'v' } })[0], /^metadata\.annotations: Invalid value: "bad key!"/);
  t.match(errs({ name: 'a', namespace: 'n', annotations: { k: 'x'.repeat(300 * 1024) } })[0], /^metadata\.annotations: Too long: /);
  // Go counts UTF-8 bytes (600 KB of 日 in 200 K UTF-16 units was accepted).
  t.match(errs({ name: 'a', namespace: 'n', annotations: { k: '日'.repeat(200 * 1024) } })[0], /^metadata\.annotations: Too long: /);
  t.same(errs({ name: 'a', namespace: 'n', annotations: { k: '日'.repeat(87381) } }), [], 'at most 262144 bytes');
  // An empty owner reference (a JSON null element decodes to one) fails each required field, as upstream.
  t.same(errs({ name: 'a', namespace: 'n', ownerReferences: [{} as never] }), [
    'metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty',
    'metadata.ownerReferences.kind: Invalid value: "": kind must not be empty',
    'metadata.ownerReferences.name: Invalid value: "": name must not be empty',
    'metadata.ownerReferences.uid: Invalid value: "": uid must not be empty',
  ]);
  t.match(errs({ name: 'a', namespace: 'n', finalizers: [''] })[0], /^metadata\.finalizers: Invalid value: "": name part must be non-empty/);
  t.match(errs({ name: 'a', namespace: 'n', finalizers: ['bad finalizer!'] })[0], /^metadata\.finalizers: Invalid value: "bad finalizer!"/);
  t.same(errs({ name: 'a', namespace: 'n', finalizers: ['orphan', 'foregroundDeletion'] }), [
    'metadata.finalizers: Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set',
  ]);
  const old = { name: 'a', namespace: 'n', uid: 'u', creationTimestamp: 'c', generation: 3, resourceVersion: '5', deletionTimestamp: 'd', deletionGracePeriodSeconds: 0, finalizers: ['a/b'] };
  t.same(validateObjectMetaUpdate({ ...old }, old).map(String), []);
  t.same(
    validateObjectMetaUpdate({ ...old, name: 'b', namespace: 'm', uid: 'v', creationTimestamp: 'x', resourceVersion: '', generation: 2, finalizers: ['a/b', 'c/d'], deletionTimestamp: 'e', deletionGracePeriodSeconds: 5 }, old).map(String),
    [
      'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"c/d"}',
      'metadata.resourceVersion: Invalid value: "": must be specified for an update',
      'metadata.generation: Invalid value: 2: must not be decremented',
      'metadata.name: Invalid value: "b": field is immutable',
      'metadata.namespace: Invalid value: "m": field is immutable',
      'metadata.uid: Invalid value: "v": field is immutable',
      'metadata.creationTimestamp: Invalid value: "x": field is immutable',
      'metadata.deletionTimestamp: Invalid value: "e": field is immutable',
      'metadata.deletionGracePeriodSeconds: Invalid value: 5: field is immutable',
    ],
  );
});

t.test('beforeCreate and beforeUpdate', async (t) => {
  const calls: string[] = [];
  const strategy: RESTCreateStrategy & RESTUpdateStrategy = {
    namespaceScoped: () => true,
    allowCreateOnUpdate: () => false,
    allowUnconditionalUpdate: () => true,
    prepareForCreate: () => void calls.push('prepare'),
    prepareForUpdate: (_c, obj) => {
      calls.push('prepareUpdate');
      obj.metadata.generation = 9;
    },
    validate: () => {
      calls.push('validate');
      return [];
    },
    validateUpdate: () => [],
    warningsOnCreate: () => ['careful'],
    warningsOnUpdate: () => ['careful too'],
    canonicalize: () => void calls.push('canonicalize'),
  };
  const warnings: string[] = [];
  const ctx = { namespace: 'ns', addWarning: (w: string) => void warnings.push(w) };
  const obj: ApiObject = { metadata: { name: 'a', uid: 'u', creationTimestamp: '2026-01-01T00:00:00Z' } };
  beforeCreate(strategy, ctx, obj, kind);
  t.same(calls, ['prepare', 'validate', 'canonicalize']);
  t.same(warnings, ['careful']);
  t.equal(obj.metadata.namespace, 'ns');
  const s1 = await statusOf(t, Promise.resolve().then(() => beforeCreate(strategy, ctx, { metadata: { name: 'a' } }, kind)));
  t.equal(s1.message, 'Internal error occurred: system metadata was not initialized');
  const s2 = await statusOf(t, Promise.resolve().then(() => beforeCreate(strategy, ctx, { metadata: { generateName: 'x-', uid: 'u', creationTimestamp: 'c' } }, kind)));
  t.equal(s2.message, 'Internal error occurred: metadata.name was not generated');
  t.equal(generateNameFor(strategy, 'base-').length, 10);

  const old: ApiObject = { metadata: { name: 'a', namespace: 'ns', uid: 'u', creationTimestamp: '2026-01-01T00:00:00Z', generation: 4, resourceVersion: '3', deletionTimestamp: '2026-01-02T00:00:00Z', deletionGracePeriodSeconds: 30 } };
  const upd: ApiObject = { metadata: { name: 'a', namespace: 'ns', resourceVersion: '3', generation: 1 } };
  beforeUpdate(strategy, ctx, upd, old, kind);
  t.equal(upd.metadata.uid, 'u');
  t.equal(upd.metadata.generation, 9, 'strategy may set generation after it is copied from old');
  t.equal(upd.metadata.deletionGracePeriodSeconds, 30);
  t.equal(upd.metadata.deletionTimestamp, old.metadata.deletionTimestamp);
  t.same(warnings, ['careful', 'careful too']);
  const noGen: ApiObject = { metadata: { name: 'a', namespace: 'ns', resourceVersion: '3', generation: 7 } };
  const plain = { ...strategy, prepareForUpdate: () => undefined, warningsOnUpdate: undefined, canonicalize: undefined };
  beforeUpdate(plain, { namespace: 'ns' }, noGen, { metadata: { name: 'a', namespace: 'ns', resourceVersion: '3' } }, kind);
  t.equal(noGen.metadata.generation, undefined, 'clients cannot set generation');
});

t.test('beforeDelete decisions', async (t) => {
  const graceful: RESTDeleteStrategy = {
    checkGracefulDelete: (_c, obj, opts) => {
      if (obj.metadata.name === 'now') return false;
      opts.gracePeriodSeconds ??= 30;
      return true;
    },
  };
  const clock = () => T0;
  const obj = (meta: ApiObject['metadata'] = {}): ApiObject => ({ metadata: { name: 'a', uid: 'u', resourceVersion: '1', ...meta } });
  t.same(beforeDelete({}, {}, obj(), {}, kind, clock), { graceful: false, gracefulPending: false });
  t.same(beforeDelete(graceful, {}, obj({ name: 'now' }), {}, kind, clock), { graceful: false, gracefulPending: false });
  const o = obj({ generation: 1, deletionGracePeriodSeconds: -3 });
  t.same(beforeDelete(graceful, {}, o, {}, kind, clock), { graceful: true, gracefulPending: false });
  t.equal(o.metadata.deletionTimestamp, '2026-01-01T00:00:30Z');
  t.equal(o.metadata.generation, 2);
  t.same(beforeDelete(graceful, {}, obj({ deletionTimestamp: 'x', deletionGracePeriodSeconds: 0 }), {}, kind, clock), { graceful: false, gracefulPending: false });
  const pending = obj({ deletionTimestamp: '2026-01-01T00:00:30Z', deletionGracePeriodSeconds: 30 });
  const opts: { gracePeriodSeconds?: number } = {};
  t.same(beforeDelete(graceful, {}, pending, opts, kind, clock), { graceful: false, gracefulPending: true });
  t.equal(opts.gracePeriodSeconds, 30);
  const badStamp = obj({ deletionTimestamp: 'garbage', deletionGracePeriodSeconds: 30 });
  t.same(beforeDelete(graceful, {}, badStamp, { gracePeriodSeconds: 5 }, kind, clock), { graceful: true, gracefulPending: false });
  t.equal(badStamp.metadata.deletionTimestamp, '2026-01-01T00:00:05Z');
  const broken: RESTDeleteStrategy = { checkGracefulDelete: () => true };
  const s = await statusOf(t, Promise.resolve().then(() => beforeDelete(broken, {}, obj(), {}, kind, clock)));
  t.equal(s.message, 'Internal error occurred: options.GracePeriodSeconds should not be nil');
  t.same(validateDeleteOptions({ propagationPolicy: 'Foreground', dryRun: ['All'] }), []);
});

t.test('default table convertor', async (t) => {
  const c = new DefaultTableConvertor();
  const obj: ApiObject = { metadata: { name: 'a', resourceVersion: '7', creationTimestamp: '2026-01-01T00:00:00Z' } };
  const one = await c.convertToTable({}, obj);
  t.same(one.columnDefinitions.map((d) => [d.name, d.type, d.format]), [
    ['Name', 'string', 'name'],
    ['Created At', 'date', ''],
  ]);
  t.same(one.rows, [{ cells: ['a', '2026-01-01T00:00:00Z'], object: obj }]);
  t.same(one.metadata, { resourceVersion: '7' });
  const list = await c.convertToTable({}, { metadata: { resourceVersion: '9', continue: 'c', remainingItemCount: 2 }, items: [obj, { metadata: {} }] }, { noHeaders: true });
  t.same(list.columnDefinitions, []);
  t.same(list.metadata, { resourceVersion: '9', continue: 'c', remainingItemCount: 2 });
  t.same(list.rows[1]?.cells, ['', null]);
});
