import t from 'tap';
import * as caps from '../../src/rest/capabilities.js';
import { splitSubresource, StorageInstallError, validateStorageForInstall } from '../../src/rest/install-validation.js';
import type { Storage } from '../../src/rest/rest.js';
import type { ApiObject } from '../../src/rest/types.js';
import { isDryRun } from '../../src/rest/types.js';
import { defaultUpdatedObjectInfo } from '../../src/rest/updated-object-info.js';

const fn = () => undefined;
const base = { newObject: () => ({ metadata: {} }), destroy: fn };

// One positive fixture (the methods the guard needs) and one negative fixture per guard.
const guards: [string, (s: Storage) => boolean, Record<string, unknown>, Record<string, unknown>][] = [
  ['isStorageWithReadiness', caps.isStorageWithReadiness, { readinessCheck: fn }, { readinessCheck: true }],
  ['isScoper', caps.isScoper, { namespaceScoped: fn }, {}],
  ['isKindProvider', caps.isKindProvider, { kind: fn }, { kind: 'Pod' }],
  ['isSingularNameProvider', caps.isSingularNameProvider, { getSingularName: fn }, { singularName: fn }],
  ['isShortNamesProvider', caps.isShortNamesProvider, { shortNames: fn }, { shortNames: ['po'] }],
  ['isCategoriesProvider', caps.isCategoriesProvider, { categories: fn }, {}],
  ['isGroupVersionKindProvider', caps.isGroupVersionKindProvider, { groupVersionKind: fn }, {}],
  ['isGroupVersionAcceptor', caps.isGroupVersionAcceptor, { acceptsGroupVersion: fn }, {}],
  ['isTableConvertor', caps.isTableConvertor, { convertToTable: fn }, {}],
  ['isLister', caps.isLister, { list: fn, newList: fn }, { list: fn }],
  ['isGetter', caps.isGetter, { get: fn }, { get: fn, newGetOptions: fn }],
  ['isGetterWithOptions', caps.isGetterWithOptions, { get: fn, newGetOptions: fn }, { get: fn }],
  ['isCreater', caps.isCreater, { create: fn }, { createNamed: fn }],
  ['isNamedCreater', caps.isNamedCreater, { createNamed: fn }, { create: fn }],
  ['isSubresourceObjectMetaPreserver', caps.isSubresourceObjectMetaPreserver, { preserveRequestObjectMetaSystemFieldsOnSubresourceCreate: fn }, {}],
  ['isUpdater', caps.isUpdater, { update: fn }, {}],
  ['isPatcher', caps.isPatcher, { get: fn, update: fn }, { get: fn, newGetOptions: fn, update: fn }],
  ['isGracefulDeleter', caps.isGracefulDeleter, { delete: fn }, {}],
  ['isMayReturnFullObjectDeleter', caps.isMayReturnFullObjectDeleter, { deleteReturnsDeletedObject: fn }, {}],
  ['isCollectionDeleter', caps.isCollectionDeleter, { deleteCollection: fn }, { delete: fn }],
  ['isWatcher', caps.isWatcher, { watch: fn }, {}],
  ['isConnecter', caps.isConnecter, { connect: fn, newConnectOptions: fn, connectMethods: fn }, { connect: fn }],
  ['isStorageMetadata', caps.isStorageMetadata, { producesMIMETypes: fn, producesObject: fn }, { producesMIMETypes: fn }],
  ['isStorageVersionProvider', caps.isStorageVersionProvider, { storageVersion: fn }, {}],
  ['isResetFieldsStrategy', caps.isResetFieldsStrategy, { getResetFields: fn }, {}],
];

t.test('each guard accepts its positive fixture and rejects its negative one', async (t) => {
  for (const [name, guard, positive, negative] of guards) {
    t.equal(guard({ ...base, ...positive }), true, `${name} positive`);
    t.equal(guard({ ...base, ...negative }), false, `${name} negative`);
  }
  t.equal(caps.isStorage(base), true);
  t.equal(caps.isStorage({ newObject: fn }), false);
  t.equal(caps.isStorage(null), false);
  t.equal(caps.isStorage('x'), false);
});

t.test('capabilitiesOf records each capability once', async (t) => {
  const full = Object.assign({}, base, ...guards.map(([, , positive]) => positive), { newGetOptions: undefined });
  const c = caps.capabilitiesOf(full);
  t.equal(c.storage, full);
  t.equal(c.getter, full);
  t.equal(c.getterWithOptions, undefined);
  t.equal(c.patcher, full);
  t.equal(c.connecter, full);
  for (const key of ['readiness', 'scoper', 'lister', 'creater', 'namedCreater', 'watcher', 'resetFieldsStrategy'] as const) {
    t.equal(c[key], full, key);
  }
  const bare = caps.capabilitiesOf(base);
  t.same(Object.keys(bare), ['storage']);
});

t.test('install-time validation uses upstream wording', async (t) => {
  const scoped = { ...base, namespaceScoped: () => true, getSingularName: () => 'pod' };
  const map = new Map<string, Storage>([['pods', scoped]]);
  const ok = validateStorageForInstall('pods', scoped, map);
  t.equal(ok.namespaced, true);
  t.same(ok.parts, { resource: 'pods', subresource: '' });
  const sub = validateStorageForInstall('pods/status', base, map);
  t.equal(sub.namespaced, true, 'subresources take the parent scope');
  t.equal(sub.scoper, scoped);
  const cluster: Storage = Object.assign({ namespaceScoped: () => false }, base);
  const lister: Storage = Object.assign({ namespaceScoped: () => false, getSingularName: fn, list: fn, newList: fn }, base);
  const cases: [string, Storage, string][] = [
    ['things', base, '"things" must implement scoper'],
    ['things', cluster, 'resource things must implement SingularNameProvider'],
    ['things', lister, '"things" must implement TableConvertor'],
    ['ghosts/status', base, 'missing parent storage: "ghosts"'],
    ['a/b/c', base, 'api_installer allows only one or two segment paths (resource or resource/subresource)'],
  ];
  for (const [path, storage, message] of cases) {
    t.throws(() => validateStorageForInstall(path, storage, map), new StorageInstallError(path, message), path);
  }
  const parentNoScoper = new Map<string, Storage>([['x', base]]);
  t.throws(() => validateStorageForInstall('x/status', base, parentNoScoper), { message: '"x" must implement scoper' });
  t.same(splitSubresource('a/b'), { resource: 'a', subresource: 'b' });
});

t.test('defaultUpdatedObjectInfo copies the body, runs transformers, exposes a uid precondition', async (t) => {
  const body: ApiObject = { metadata: { name: 'a', uid: 'u1' }, spec: { x: 1 } };
  const info = defaultUpdatedObjectInfo(body, (_ctx, obj, old) => (obj === undefined ? obj : { ...obj, from: old?.metadata.name }));
  t.same(info.preconditions(), { uid: 'u1' });
  const out = await info.updatedObject({}, { metadata: { name: 'old' } });
  t.equal(out['from'], 'old');
  out.metadata.name = 'changed';
  t.equal(body.metadata.name, 'a', 'the body is copied');
  t.equal(defaultUpdatedObjectInfo({ metadata: {} }).preconditions(), undefined);
  const patch = defaultUpdatedObjectInfo(undefined, (_c, _n, old) => ({ metadata: { ...old?.metadata }, patched: true }));
  t.equal(patch.preconditions(), undefined);
  t.equal((await patch.updatedObject({}, { metadata: { name: 'o' } }))['patched'], true);
  await t.rejects(defaultUpdatedObjectInfo(undefined).updatedObject({}, undefined), { message: /the update produced no object/ });
  t.equal(isDryRun(['All']), true);
  t.equal(isDryRun([]), false);
  t.equal(isDryRun(undefined), false);
});
