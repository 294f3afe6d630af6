import { isStatusError, StatusError } from '@apiserver/runtime';
import {
  InvalidError,
  newBadRequestError,
  newCorruptObjError,
  newInternalError,
  newInvalidObjError,
  newKeyExistsError,
  newKeyNotFoundError,
  newResourceExpiredError,
  newResourceVersionConflictsError,
  newTimeoutError,
  newTooLargeResourceVersionError,
  newUnreachableError,
} from '@apiserver/storage';
import t from 'tap';
import {
  interpretCreateError,
  interpretDeleteError,
  interpretGetError,
  interpretListError,
  interpretUpdateError,
  interpretWatchError,
} from '../../src/registry/storage-errors.js';
import type { ApiObject } from '../../src/rest/types.js';
import { Store } from '../../src/registry/store.js';
import { nsCtx, widget, widgetStore } from '../fixtures.js';

const gr = { group: 'apps', resource: 'deployments' };
const key = '/deployments/ns/d';
type Interp = (err: unknown) => unknown;
const fns: Record<string, Interp> = {
  get: (e) => interpretGetError(e, gr, 'd'),
  list: (e) => interpretListError(e, gr),
  create: (e) => interpretCreateError(e, gr, 'd'),
  update: (e) => interpretUpdateError(e, gr, 'd'),
  delete: (e) => interpretDeleteError(e, gr, 'd'),
  watch: (e) => interpretWatchError(e, gr, 'd'),
};

const serverTimeout = (op: string) => [500, 'ServerTimeout', `The ${op} operation against deployments.apps could not be completed at this time, please try again.`] as const;

// [storage error, interpret fn, expected code, reason, message (or undefined = passthrough of the same error)]
const cases: [string, unknown, string, number, string, string | RegExp][] = [
  ['KeyNotFound', newKeyNotFoundError(key), 'get', 404, 'NotFound', 'deployments.apps "d" not found'],
  ['KeyNotFound', newKeyNotFoundError(key), 'list', 404, 'NotFound', 'deployments.apps "" not found'],
  ['KeyNotFound', newKeyNotFoundError(key), 'update', 404, 'NotFound', 'deployments.apps "d" not found'],
  ['KeyNotFound', newKeyNotFoundError(key), 'delete', 404, 'NotFound', 'deployments.apps "d" not found'],
  ['KeyExists', newKeyExistsError(key), 'create', 409, 'AlreadyExists', 'deployments.apps "d" already exists'],
  ['KeyExists', newKeyExistsError(key), 'update', 409, 'Conflict', /^Operation cannot be fulfilled on deployments\.apps "d": StorageError: key exists/],
  ['KeyExists', newKeyExistsError(key), 'delete', 409, 'Conflict', /^Operation cannot be fulfilled on deployments\.apps "d": /],
  ['RVConflict', newResourceVersionConflictsError(key), 'update', 409, 'Conflict', /resource version conflicts/],
  ['RVConflict', newResourceVersionConflictsError(key), 'delete', 409, 'Conflict', /resource version conflicts/],
  ['InvalidObj', newInvalidObjError(key, 'Precondition failed'), 'update', 409, 'Conflict', /invalid object/],
  ['InvalidObj', newInvalidObjError(key, 'Precondition failed'), 'delete', 409, 'Conflict', /Precondition failed/],
  ['Unreachable', newUnreachableError(key), 'get', ...serverTimeout('get')],
  ['Unreachable', newUnreachableError(key), 'list', ...serverTimeout('list')],
  ['Timeout', newTimeoutError(key, 'slow'), 'list', ...serverTimeout('list')],
  ['Unreachable', newUnreachableError(key), 'create', ...serverTimeout('create')],
  ['Unreachable', newUnreachableError(key), 'update', ...serverTimeout('update')],
  ['Unreachable', newUnreachableError(key), 'delete', ...serverTimeout('delete')],
  ['Unreachable', newUnreachableError(key), 'watch', ...serverTimeout('watch')],
  ['Internal', newInternalError('boom'), 'get', 500, 'InternalError', 'Internal error occurred: boom'],
  ['Corrupt', newCorruptObjError(key, new Error('bad bytes')), 'delete', 500, 'InternalError', /^Internal error occurred: /],
  ['Internal', newInternalError('boom'), 'watch', 500, 'InternalError', /boom/],
  ['Expired', newResourceExpiredError('too old'), 'list', 410, 'Expired', 'too old'],
  ['Expired', newResourceExpiredError('too old'), 'watch', 410, 'Expired', 'too old'],
  ['TooLargeRV', newTooLargeResourceVersionError(10, 5, 1), 'get', 504, 'Timeout', 'Too large resource version: 10, current: 5'],
  ['BadRequest', newBadRequestError('bad continue'), 'list', 400, 'BadRequest', 'bad continue'],
  [
    'InvalidError',
    new InvalidError([{ type: 'FieldValueInvalid', field: 'resourceVersion', badValue: 'x', detail: 'bad' }]),
    'watch',
    422,
    'Invalid',
    'deployments.apps "d" is invalid: resourceVersion: Invalid value: "x": bad',
  ],
];

t.test('storage errors map to StatusErrors as upstream Interpret*Error', async (t) => {
  for (const [name, err, fn, code, reason, message] of cases) {
    const out = fns[fn]?.(err);
    t.ok(isStatusError(out), `${name}/${fn} is a StatusError`);
    if (!isStatusError(out)) continue;
    t.equal(out.code, code, `${name}/${fn} code`);
    t.equal(out.reason, reason, `${name}/${fn} reason`);
    if (typeof message === 'string') t.equal(out.message, message, `${name}/${fn} message`);
    else t.match(out.message, message, `${name}/${fn} message`);
  }
  const tooLarge = interpretGetError(newTooLargeResourceVersionError(10, 5, 1), gr, 'd');
  t.same(isStatusError(tooLarge) && tooLarge.status.details, { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 });
});

t.test('other errors pass through unchanged', async (t) => {
  const plain = new Error('raw');
  const status = new StatusError({ code: 418, reason: 'Teapot', message: 'tea' });
  for (const fn of Object.values(fns)) {
    t.equal(fn(plain), plain);
    t.equal(fn(status), status);
  }
  t.equal(interpretCreateError(newKeyNotFoundError(key), gr, 'd') instanceof Error, true);
  t.equal(interpretGetError('string error', gr, 'd'), 'string error');
});

t.test('store configuration and providers', async (t) => {
  const { store, backend, strategy } = widgetStore(t, { store: { shortNames: ['wd'], categories: ['all'] } });
  t.equal(store.namespaceScoped(), true);
  t.equal(store.getSingularName(), 'widget');
  t.same(store.shortNames(), ['wd']);
  t.same(store.categories(), ['all']);
  t.equal(store.deleteReturnsDeletedObject(), false);
  t.same(store.newObject(), { apiVersion: 'example.com/v1', kind: 'Widget', metadata: {} });
  t.equal(store.newList().kind, 'WidgetList');
  await store.readinessCheck();
  const table = await store.convertToTable(nsCtx(), await store.create(nsCtx(), widget('a')));
  t.equal(table.rows.length, 1);
  const base = {
    newObject: () => ({ metadata: {} }),
    newList: () => ({ metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'things' },
    singularQualifiedResource: { group: '', resource: 'thing' },
    storage: backend.storage<ApiObject>(),
    strategies: { create: strategy, update: strategy, delete: strategy },
  };
  for (const resourcePrefix of ['things', '/', '/things/']) {
    t.throws(() => new Store({ ...base, resourcePrefix }), TypeError, resourcePrefix);
  }
  const cluster = new (await import('../../src/registry/strategies.js')).GenericStrategy({ namespaceScoped: false });
  t.throws(() => new Store({ ...base, strategies: { create: strategy, update: cluster, delete: strategy } }), /disagree on namespaceScoped/);
  let destroyed = 0;
  const s = new Store({ ...base, qualifiedKind: { group: '', kind: 'Thing' }, destroy: () => void destroyed++ });
  s.destroy();
  s.destroy();
  t.equal(destroyed, 1);
  const noKind = new Store(base);
  const err = await noKind.create(nsCtx(), { metadata: { name: 'Bad_Name' } }).catch((e: unknown) => e);
  t.match(isStatusError(err) && err.message, /^things "Bad_Name" is invalid/, 'kind falls back to the resource');
  noKind.destroy();
});
