import { OPTIMISTIC_LOCK_ERROR_MSG } from '@apiserver/runtime';
import t from 'tap';
import { defaultUpdatedObjectInfo } from '../../src/rest/updated-object-info.js';
import type { ApiObject } from '../../src/rest/types.js';
import { MAX_NAME_GENERATION_CREATE_ATTEMPTS } from '../../src/registry/store-create.js';
import { StatusStrategy } from '../../src/registry/status-strategy.js';
import { Store } from '../../src/registry/store.js';
import { clusterCtx, nsCtx, statusOf, thingStore, widget, widgetStore } from '../fixtures.js';

const info = (obj: ApiObject) => defaultUpdatedObjectInfo(obj);

t.test('create fills system fields, defaults the namespace and resets status', async (t) => {
  const { store } = widgetStore(t);
  const out = await store.create(nsCtx('ns1'), widget('a', { status: { ready: true } }));
  t.equal(out.metadata.namespace, 'ns1');
  t.match(out.metadata.uid, /^[0-9a-f-]{36}$/);
  t.match(out.metadata.creationTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  t.equal(out.metadata.generation, 1);
  t.match(out.metadata.resourceVersion, /^[1-9][0-9]*$/);
  t.equal(out['status'], undefined);
  t.same(await store.get(nsCtx('ns1'), 'a'), out);
});

t.test('create error paths', async (t) => {
  const cases: { name: string; ctx?: ReturnType<typeof nsCtx>; obj: ApiObject; code: number; reason: string; message: string }[] = [
    {
      name: 'namespace mismatch',
      obj: widget('a', {}, { namespace: 'other' }),
      code: 400,
      reason: 'BadRequest',
      message: 'the namespace of the provided object does not match the namespace sent on the request',
    },
    {
      name: 'invalid name',
      obj: widget('Bad_Name'),
      code: 422,
      reason: 'Invalid',
      message:
        'Widget.example.com "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    },
    {
      name: 'missing name',
      obj: widget(''),
      code: 422,
      reason: 'Invalid',
      message: 'Widget.example.com "" is invalid: metadata.name: Required value: name or generateName is required',
    },
    {
      name: 'no namespace anywhere',
      ctx: {},
      obj: widget('a'),
      code: 422,
      reason: 'Invalid',
      message: 'Widget.example.com "a" is invalid: metadata.namespace: Required value',
    },
    {
      name: 'bad label',
      obj: widget('a', {}, { labels: { 'bad key!': 'v' } }),
      code: 422,
      reason: 'Invalid',
      message: 'Widget.example.com "a" is invalid: metadata.labels: Invalid value: "bad key!"',
    },
  ];
  for (const c of cases) {
    const { store } = widgetStore(t);
    const s = await statusOf(t, store.create(c.ctx ?? nsCtx(), c.obj));
    t.equal(s.code, c.code, c.name);
    t.equal(s.reason, c.reason, c.name);
    t.ok(s.message?.startsWith(c.message), `${c.name}: ${s.message}`);
  }
});

t.test('create AlreadyExists names the qualified resource (RequestInfo wins)', async (t) => {
  const { store } = widgetStore(t);
  await store.create(nsCtx(), widget('a'));
  const s = await statusOf(t, store.create(nsCtx(), widget('a')));
  t.equal(s.code, 409);
  t.equal(s.reason, 'AlreadyExists');
  t.equal(s.message, 'widgets.example.com "a" already exists');
  t.same(s.details, { name: 'a', group: 'example.com', kind: 'widgets' });
  const requestInfo = { isResourceRequest: true, path: '', verb: 'create', apiPrefix: 'apis', apiGroup: 'other.io', apiVersion: 'v1', namespace: 'default', resource: 'gadgets', subresource: '', name: '', parts: [] };
  const s2 = await statusOf(t, store.create(nsCtx('default', { requestInfo }), widget('a')));
  t.equal(s2.message, 'gadgets.other.io "a" already exists');
});

t.test('create of an object being deleted says so', async (t) => {
  const { store } = widgetStore(t);
  await store.create(nsCtx(), widget('a', {}, { finalizers: ['example.com/keep'] }));
  const del = await store.delete(nsCtx(), 'a');
  t.equal(del.deleted, false);
  const s = await statusOf(t, store.create(nsCtx(), widget('a')));
  t.equal(s.message, 'object is being deleted: widgets.example.com "a" already exists');
});

t.test('generateName: generated names, retry on collision, conflict after 8 attempts', async (t) => {
  const names = ['x-aaaaa', 'x-aaaaa', 'x-bbbbb'];
  const { store, strategy } = widgetStore(t);
  let calls = 0;
  Object.defineProperty(strategy, 'generateName', { value: (base: string) => names[calls++] ?? `${base}zzzzz` });
  const first = await store.create(nsCtx(), widget('', {}, { generateName: 'x-' }));
  t.equal(first.metadata.name, 'x-aaaaa');
  const second = await store.create(nsCtx(), widget('', {}, { generateName: 'x-' }));
  t.equal(second.metadata.name, 'x-bbbbb');
  t.equal(calls, 3);

  const { store: s2, strategy: st2 } = widgetStore(t);
  let attempts = 0;
  Object.defineProperty(st2, 'generateName', {
    value: () => {
      attempts++;
      return 'same';
    },
  });
  await s2.create(nsCtx(), widget('', {}, { generateName: 'same-' }));
  attempts = 0;
  const requestInfo = { isResourceRequest: true, path: '', verb: 'create', apiPrefix: 'apis', apiGroup: 'example.com', apiVersion: 'v1', namespace: 'default', resource: 'widgets', subresource: '', name: '', parts: [] };
  const s = await statusOf(t, s2.create(nsCtx('default', { requestInfo }), widget('', {}, { generateName: 'same-' })));
  t.equal(attempts, MAX_NAME_GENERATION_CREATE_ATTEMPTS);
  t.equal(s.code, 409);
  t.equal(s.reason, 'AlreadyExists');
  t.equal(s.details?.retryAfterSeconds, 1);
  t.equal(s.message, 'widgets.example.com "same" already exists, the server was not able to generate a unique name for the object');

  const { store: s3 } = widgetStore(t);
  const gen = await s3.create(nsCtx(), widget('', {}, { generateName: 'auto-' }));
  t.match(gen.metadata.name, /^auto-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
});

t.test('generateName is validated as a name prefix by the kind name rule (ValidateObjectMeta)', async (t) => {
  const { store } = widgetStore(t);
  const long = 'a'.repeat(300);
  const tooLong = await statusOf(t, store.create(nsCtx(), widget('', {}, { generateName: long })));
  t.equal(tooLong.code, 422);
  // The name is generated before validation (58 characters of the base + 5 random ones) and names the object.
  t.match(
    tooLong.message,
    new RegExp(`^Widget\\.example\\.com "a{58}[a-z0-9]{5}" is invalid: metadata\\.generateName: Invalid value: "${long}": must be no more than 253 characters$`),
  );
  const upper = await statusOf(t, store.create(nsCtx(), widget('', {}, { generateName: 'Gen-' })));
  t.equal(upper.code, 422);
  t.match(upper.message, /metadata\.generateName: Invalid value: "Gen-": a lowercase RFC 1123 subdomain must consist of/);
  t.match(upper.message, /metadata\.name: Invalid value: "Gen-[a-z0-9]{5}"/, 'the generated name is reported too, as upstream checks both');
  // A trailing dash is fine in a prefix.
  const ok = await store.create(nsCtx(), widget('', {}, { generateName: 'gen-' }));
  t.match(ok.metadata.name, /^gen-[a-z0-9]{5}$/);
});

t.test('createValidation runs after strategy validation on a copy and can reject', async (t) => {
  const { store } = widgetStore(t);
  const seen: ApiObject[] = [];
  const validation = (_ctx: unknown, obj: ApiObject) => {
    seen.push(obj);
    obj.metadata.labels = { mutated: 'yes' };
    if (obj.metadata.name === 'deny') throw new Error('denied by admission');
  };
  const out = await store.create(nsCtx(), widget('ok'), validation);
  t.equal(seen.length, 1);
  t.equal(seen[0]?.metadata.generation, 1, 'sees the prepared object');
  t.equal(out.metadata.labels, undefined, 'mutations of the copy are not stored');
  await t.rejects(store.create(nsCtx(), widget('deny'), validation), { message: 'denied by admission' });
  await statusOf(t, store.create(nsCtx(), widget('Bad_Name'), validation));
  t.equal(seen.length, 2, 'not called for an invalid object');
  await statusOf(t, store.get(nsCtx(), 'deny'));
});

t.test('dry-run create writes nothing (options or context)', async (t) => {
  const { store } = widgetStore(t);
  const out = await store.create(nsCtx(), widget('a'), undefined, { dryRun: ['All'] });
  t.equal(out.metadata.resourceVersion, undefined);
  t.ok(out.metadata.uid);
  t.equal((await statusOf(t, store.get(nsCtx(), 'a'))).code, 404);
  await store.create(nsCtx('default', { dryRun: true }), widget('b'));
  t.equal((await statusOf(t, store.get(nsCtx(), 'b'))).code, 404);
  await store.create(nsCtx(), widget('c'));
  const s = await statusOf(t, store.create(nsCtx(), widget('c'), undefined, { dryRun: ['All'] }));
  t.equal(s.reason, 'AlreadyExists');
});

t.test('cluster-scoped create clears the namespace; keys and TTL and decorator', async (t) => {
  const store = thingStore(t);
  const out = await store.create(clusterCtx, { apiVersion: 'v1', kind: 'Thing', metadata: { name: 'x', namespace: 'ignored' } });
  t.equal(out.metadata.namespace, undefined);
  t.equal((await store.get(clusterCtx, 'x')).metadata.name, 'x');
  const s = await statusOf(t, store.get(clusterCtx, 'nope'));
  t.equal(s.message, 'things "nope" not found');
  t.same(s.details, { name: 'nope', kind: 'things' });

  const ttlCalls: [number, boolean][] = [];
  const decorated: string[] = [];
  const { store: ws } = widgetStore(t, {
    store: {
      ttlFunc: (_o, existing, update) => {
        ttlCalls.push([existing, update]);
        return 0;
      },
      decorator: (o) => void decorated.push(o.kind ?? ''),
    },
  });
  const w = await ws.create(nsCtx(), widget('a'));
  await ws.update(nsCtx(), 'a', info({ ...w, spec: { size: 2 } }), undefined, undefined, false);
  t.same(ttlCalls, [
    [0, false],
    [0, true],
  ]);
  await ws.list(nsCtx());
  t.same(decorated, ['Widget', 'Widget', 'WidgetList']);
});

t.test('key errors are 400s', async (t) => {
  const { store } = widgetStore(t);
  const cases: [ReturnType<typeof nsCtx>, string, string][] = [
    [{}, 'a', 'Namespace parameter required.'],
    [nsCtx(), '', 'Name parameter required.'],
    [nsCtx(), '..', 'Name parameter invalid: "..": may not be \'..\''],
    [nsCtx(), 'a/b', 'Name parameter invalid: "a/b": may not contain \'/\''],
  ];
  for (const [ctx, name, message] of cases) {
    const s = await statusOf(t, store.get(ctx, name));
    t.equal(s.code, 400);
    t.equal(s.message, message);
  }
  const s = await statusOf(t, thingStore(t).get(clusterCtx, '%'));
  t.equal(s.message, 'Name parameter invalid: "%": may not contain \'%\'');
});

t.test('update: optimistic concurrency, generation, status kept', async (t) => {
  const { store } = widgetStore(t);
  const a = await store.create(nsCtx(), widget('a'));
  const labelled = await store.update(nsCtx(), 'a', info({ ...a, metadata: { ...a.metadata, labels: { x: 'y' } } }), undefined, undefined, false);
  t.equal(labelled.created, false);
  t.equal(labelled.object.metadata.generation, 1, 'metadata change keeps generation');
  t.not(labelled.object.metadata.resourceVersion, a.metadata.resourceVersion);
  const spec = await store.update(nsCtx(), 'a', info({ ...labelled.object, spec: { size: 5 }, status: { hacked: true } }), undefined, undefined, false);
  t.equal(spec.object.metadata.generation, 2, 'spec change bumps generation');
  t.equal(spec.object['status'], undefined, 'status comes from the old object');
  t.equal(spec.object.metadata.uid, a.metadata.uid);
  t.equal(spec.object.metadata.creationTimestamp, a.metadata.creationTimestamp);

  const stale = await statusOf(t, store.update(nsCtx(), 'a', info({ ...a, spec: { size: 9 } }), undefined, undefined, false));
  t.equal(stale.code, 409);
  t.equal(stale.reason, 'Conflict');
  t.equal(stale.message, `Operation cannot be fulfilled on widgets.example.com "a": ${OPTIMISTIC_LOCK_ERROR_MSG}`);
  t.same(stale.details, { name: 'a', group: 'example.com', kind: 'widgets' });

  const noRV = { ...spec.object, metadata: { ...spec.object.metadata, resourceVersion: '' } };
  const unconditional = await store.update(nsCtx(), 'a', info({ ...noRV, spec: { size: 6 } }), undefined, undefined, false);
  t.equal(unconditional.object.metadata.generation, 3);

  const badRV = await statusOf(t, store.update(nsCtx(), 'a', info({ ...a, metadata: { ...a.metadata, resourceVersion: 'x1' } }), undefined, undefined, false));
  t.equal(badRV.code, 422);
});

t.test('update without resourceVersion when unconditional updates are off', async (t) => {
  const { store } = widgetStore(t, { strategy: { allowUnconditionalUpdate: false } });
  const a = await store.create(nsCtx(), widget('a'));
  const s = await statusOf(t, store.update(nsCtx(), 'a', info({ ...a, metadata: { ...a.metadata, resourceVersion: '' } }), undefined, undefined, false));
  t.equal(s.code, 422);
  t.equal(s.message, 'widgets.example.com "a" is invalid: metadata.resourceVersion: Invalid value: 0x0: must be specified for an update');
  t.same(s.details?.causes, [{ reason: 'FieldValueInvalid', message: 'Invalid value: 0x0: must be specified for an update', field: 'metadata.resourceVersion' }]);
});

t.test('update of a missing object: 404, create-on-update, forceAllowCreate', async (t) => {
  const { store } = widgetStore(t);
  const s = await statusOf(t, store.update(nsCtx(), 'a', info(widget('a')), undefined, undefined, false));
  t.equal(s.code, 404);
  t.equal(s.message, 'widgets.example.com "a" not found');
  const forced = await store.update(nsCtx(), 'a', info(widget('a')), undefined, undefined, true);
  t.equal(forced.created, true);
  t.ok(forced.object.metadata.uid);
  t.equal(forced.object.metadata.generation, 1);

  const { store: s2 } = widgetStore(t, { strategy: { allowCreateOnUpdate: true } });
  const validated: string[] = [];
  const created = await s2.update(nsCtx(), 'b', info(widget('b', {}, { resourceVersion: '77' })), (_c, o) => void validated.push(`create:${o.metadata.name}`), () => void validated.push('update'), false);
  t.equal(created.created, true);
  t.same(validated, ['create:b']);
  const again = await s2.update(nsCtx(), 'b', info(created.object), (_c, o) => void validated.push(`create:${o.metadata.name}`), () => void validated.push('update'), false);
  t.equal(again.created, false);
  t.same(validated, ['create:b', 'update']);
  const invalid = await statusOf(t, s2.update(nsCtx(), 'Bad_Name', info(widget('Bad_Name')), undefined, undefined, false));
  t.equal(invalid.code, 422);
});

t.test('update errors: uid precondition, validation, immutable fields, admission', async (t) => {
  const { store } = widgetStore(t);
  const a = await store.create(nsCtx(), widget('a'));
  const wrongUid = await statusOf(t, store.update(nsCtx(), 'a', info({ ...a, metadata: { ...a.metadata, uid: 'other' } }), undefined, undefined, false));
  t.equal(wrongUid.code, 409);
  t.match(wrongUid.message, /^Operation cannot be fulfilled on widgets\.example\.com "a": StorageError: invalid object/);
  const moved = await statusOf(t, store.update(nsCtx(), 'a', info({ ...a, metadata: { ...a.metadata, namespace: 'elsewhere' } }), undefined, undefined, false));
  t.equal(moved.code, 400);
  const stamp = await statusOf(
    t,
    store.update(nsCtx(), 'a', info({ ...a, metadata: { ...a.metadata, uid: '', generation: 0, labels: { 'bad key!': 'v' } } }), undefined, undefined, false),
  );
  t.equal(stamp.code, 422);
  await t.rejects(
    store.update(nsCtx(), 'a', info(a), undefined, () => {
      throw new Error('update denied');
    }, false),
    { message: 'update denied' },
  );
  const stored = await store.get(nsCtx(), 'a');
  t.equal(stored.metadata.resourceVersion, a.metadata.resourceVersion, 'nothing written');
});

t.test('dry-run update does not write', async (t) => {
  const { store } = widgetStore(t);
  const a = await store.create(nsCtx(), widget('a'));
  const out = await store.update(nsCtx(), 'a', info({ ...a, spec: { size: 3 } }), undefined, undefined, false, { dryRun: ['All'] });
  t.same(out.object['spec'], { size: 3 });
  t.same((await store.get(nsCtx(), 'a'))['spec'], { size: 1 });
  const created = await store.update(nsCtx(), 'new', info(widget('new')), undefined, undefined, true, { dryRun: ['All'] });
  t.equal(created.created, true);
  t.equal((await statusOf(t, store.get(nsCtx(), 'new'))).code, 404);
});

t.test('removing the last finalizer of an object being deleted deletes it', async (t) => {
  const { store } = widgetStore(t);
  await store.create(nsCtx(), widget('a', {}, { finalizers: ['example.com/keep'] }));
  const kept = await store.delete(nsCtx(), 'a');
  t.equal(kept.deleted, false);
  const current = await store.get(nsCtx(), 'a');
  t.ok(current.metadata.deletionTimestamp);
  t.equal(current.metadata.deletionGracePeriodSeconds, 0);
  const res = await store.update(nsCtx(), 'a', info({ ...current, metadata: { ...current.metadata, finalizers: [] } }), undefined, undefined, false);
  t.equal(res.created, false);
  t.same(res.object.metadata.finalizers, []);
  t.equal((await statusOf(t, store.get(nsCtx(), 'a'))).code, 404);

  const veto = widgetStore(t, { store: { shouldDeleteDuringUpdate: () => false } }).store;
  await veto.create(nsCtx(), widget('b', {}, { finalizers: ['example.com/keep'] }));
  await veto.delete(nsCtx(), 'b');
  const b = await veto.get(nsCtx(), 'b');
  await veto.update(nsCtx(), 'b', info({ ...b, metadata: { ...b.metadata, finalizers: [] } }), undefined, undefined, false);
  t.ok((await veto.get(nsCtx(), 'b')).metadata.deletionTimestamp, 'store-specific hook can keep it');
  const added = await statusOf(t, veto.update(nsCtx(), 'b', info({ ...b, metadata: { ...(await veto.get(nsCtx(), 'b')).metadata, finalizers: ['x/y'] } }), undefined, undefined, false));
  t.match(added.message, /no new finalizers can be added if the object is being deleted, found new finalizers \[\]string\{"x\/y"\}/);
});

t.test('status strategy keeps everything but status', async (t) => {
  const { store, backend, strategy } = widgetStore(t);
  const status = new Store({
    newObject: () => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: {} }),
    newList: () => ({ metadata: {}, items: [] }),
    defaultQualifiedResource: { group: 'example.com', resource: 'widgets' },
    singularQualifiedResource: { group: 'example.com', resource: 'widget' },
    storage: backend.storage<ApiObject>(),
    strategies: { create: strategy, update: new StatusStrategy(strategy), delete: strategy },
  });
  const a = await store.create(nsCtx(), widget('a'));
  const out = await status.update(
    nsCtx(),
    'a',
    info({ ...a, spec: { size: 100 }, status: { ready: true }, metadata: { ...a.metadata, labels: { no: 'pe' } } }),
    undefined,
    undefined,
    false,
  );
  t.same(out.object['spec'], { size: 1 });
  t.same(out.object['status'], { ready: true });
  t.equal(out.object.metadata.labels, undefined);
  const cleared = await status.update(nsCtx(), 'a', info({ ...out.object, status: undefined }), undefined, undefined, false);
  t.equal(cleared.object['status'], undefined);
  const stale = await statusOf(t, status.update(nsCtx(), 'a', info({ ...a, status: { ready: false } }), undefined, undefined, false));
  t.equal(stale.code, 409);
});
