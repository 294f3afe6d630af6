/**
 * The status strategy's rules (upstream's per-kind status strategies): the default keeps everything but `status`
 * (custom resources), `keep` names the top-level fields taken from the stored object (built-in kinds: `spec`),
 * `keepMetadata` the metadata fields (`ResetObjectMetaForStatus`'s seven, or all but managedFields), and declared
 * reset fields make the strategy, its store and its StatusREST a `rest.ResetFieldsStrategy`.
 */
import t from 'tap';
import { isResetFieldsStrategy } from '../../src/rest/capabilities.js';
import type { ApiObject } from '../../src/rest/types.js';
import { RESET_OBJECT_META_FOR_STATUS, resetFieldsByVersion, StatusStrategy } from '../../src/registry/status-strategy.js';
import { StatusREST } from '../../src/registry/status-rest.js';
import { Store } from '../../src/registry/store.js';
import { GenericStrategy } from '../../src/registry/strategies.js';
import { MemoryBackend } from '@apiserver/storage-memory';
import { nsCtx, widgetStoreOptions } from '../fixtures.js';

const base = new GenericStrategy({ namespaceScoped: true, statusField: 'status' });

function stored(): ApiObject {
  return {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: {
      name: 'w',
      resourceVersion: '5',
      generation: 2,
      labels: { a: 'old' },
      annotations: { n: 'old' },
      finalizers: ['old/f'],
      ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'o', uid: 'u' }],
      managedFields: [{ manager: 'old' }],
    },
    spec: { size: 1 },
    extra: 'old',
    status: { ready: false },
  } as ApiObject;
}

function request(): ApiObject {
  return {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w', resourceVersion: '6', labels: { a: 'new' }, annotations: { n: 'new' }, managedFields: [{ manager: 'new' }] },
    spec: { size: 9 },
    extra: 'new',
    status: { ready: true },
  } as ApiObject;
}

/** Runs `strategy`'s prepareForUpdate; returns the object and whether its metadata object is still the request's. */
function prepare(strategy: StatusStrategy): { obj: ApiObject; sameMetadata: boolean } {
  const obj = request();
  const meta = obj.metadata;
  strategy.prepareForUpdate(nsCtx(), obj, stored());
  return { obj, sameMetadata: obj.metadata === meta };
}

t.test('default: the stored object with the request status, managedFields and resourceVersion', async (t) => {
  const { obj, sameMetadata } = prepare(new StatusStrategy(base));
  t.same(obj, { ...stored(), metadata: { ...stored().metadata, resourceVersion: '6', managedFields: [{ manager: 'new' }] }, status: { ready: true } });
  t.ok(sameMetadata, 'metadata is changed in place (the update checks the prepared metadata)');
  t.same(Object.keys(obj), ['apiVersion', 'kind', 'metadata', 'spec', 'extra', 'status'], "in the stored object's order");
  t.notOk('getResetFields' in new StatusStrategy(base), 'no reset fields declared: not a ResetFieldsStrategy');
});

t.test("keep ['spec']: metadata and other fields are the request's", async (t) => {
  const { obj } = prepare(new StatusStrategy(base, { keep: ['spec'] }));
  t.same(obj, { ...request(), spec: { size: 1 } });
  const absent = request();
  new StatusStrategy(base, { keep: ['spec'] }).prepareForUpdate(nsCtx(), absent, { ...stored(), spec: undefined } as ApiObject);
  t.notOk('spec' in absent, 'a spec the stored object lacks is removed');
});

t.test('keepMetadata: named fields, ResetObjectMetaForStatus, or all but managedFields', async (t) => {
  const labels = prepare(new StatusStrategy(base, { keep: ['spec'], keepMetadata: ['labels'] })).obj;
  t.same(labels.metadata, { ...request().metadata, labels: { a: 'old' } });
  const reset = prepare(new StatusStrategy(base, { keep: ['spec'], keepMetadata: RESET_OBJECT_META_FOR_STATUS })).obj;
  const old = stored().metadata;
  t.same(reset.metadata, {
    name: 'w',
    resourceVersion: '6',
    labels: old.labels,
    annotations: old.annotations,
    managedFields: [{ manager: 'new' }],
    generation: 2,
    finalizers: old.finalizers,
    ownerReferences: old.ownerReferences,
  });
  const all = prepare(new StatusStrategy(base, { keep: ['spec'], keepMetadata: 'all-but-managedFields' }));
  t.same(all.obj.metadata, { ...stored().metadata, managedFields: [{ manager: 'new' }] });
  t.ok(all.sameMetadata);
  t.equal(all.obj.extra, 'new');
});

t.test('reset fields: the strategy, its store and StatusREST offer them', async (t) => {
  const resetFields = resetFieldsByVersion(['example.com/v1', 'example.com/v2'], ['spec']);
  t.same(resetFields, { 'example.com/v1': ['spec'], 'example.com/v2': ['spec'] });
  const strategy = new StatusStrategy(base, { keep: ['spec'], resetFields });
  t.ok(isResetFieldsStrategy(strategy));
  t.same(strategy.getResetFields?.(), resetFields);
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const options = widgetStoreOptions(backend.storage<ApiObject>(), base);
  t.equal(new Store(options).updateResetFields(), undefined, 'a main store whose strategy declares none');
  t.notOk(isResetFieldsStrategy(new Store(options)), 'a store is not itself a ResetFieldsStrategy');
  const status = new StatusREST(options, strategy);
  t.ok(isResetFieldsStrategy(status));
  t.same(status.getResetFields?.(), resetFields);
  t.notOk(isResetFieldsStrategy(new StatusREST(options, new StatusStrategy(base))), 'none declared: endpoints derives them');
});
