/**
 * Custom resources are pruned, defaulted and field-validated when the request is decoded, before admission (upstream's
 * schemaCoercingDecoder and unstructuredDefaulter in the CR request scope's serializer): a mutating admission plugin
 * records what it receives for create, update and each patch type; Strict unknown fields are refused before it runs.
 */
import type { ApiObject, Attributes, MutationInterface, Operation, RequestContext } from '@apiserver/registry';
import t from 'tap';
import { call, cronTabCRD, startChain, waitFor } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const CT = '/apis/stable.example.com/v1/namespaces/default/crontabs';

/** A mutating plugin that keeps a copy of every custom resource it is asked to admit. */
class RecordingPlugin implements MutationInterface {
  readonly name = 'Recorder';
  readonly seen: Array<{ operation: Operation; object: ApiObject }> = [];

  handles(operation: Operation): boolean {
    return operation === 'CREATE' || operation === 'UPDATE';
  }

  admit(_ctx: RequestContext, a: Attributes): void {
    if (a.resource.resource !== 'crontabs' || a.object === undefined) return;
    this.seen.push({ operation: a.operation, object: structuredClone(a.object) });
  }

  /** The objects seen since the last call. */
  take(): Array<{ operation: Operation; object: ApiObject }> {
    return this.seen.splice(0);
  }
}

type Spec = Record<string, unknown>;
const specOf = (o: ApiObject | undefined): Spec | undefined => (o as { spec?: Spec } | undefined)?.spec;
const crontab = (name: string, spec: Spec, metadata: Spec = {}): Spec => ({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name, ...metadata }, spec });

t.test('custom resources are pruned and defaulted before mutating admission', async (t) => {
  const recorder = new RecordingPlugin();
  const { url } = await startChain(t, 'memory', recorder);
  t.equal((await call(url, 'POST', CRDS, cronTabCRD())).status, 201);
  await waitFor(async () => (await call(url, 'GET', CT)).status === 200);

  await t.test('create: the plugin sees the defaults and not the unknown field; Warn reports it once', async (t) => {
    const created = await call(url, 'POST', `${CT}?fieldManager=creator`, crontab('c1', { cronSpec: '* * * * */5', unknown: 1 }, { bogus: true }));
    t.equal(created.status, 201, JSON.stringify(created.body));
    t.equal(created.headers.get('warning'), '299 - "unknown field \\"metadata.bogus\\"", 299 - "unknown field \\"spec.unknown\\""');
    const [seen, ...more] = recorder.take();
    t.same(more, [], 'admitted once');
    t.equal(seen?.operation, 'CREATE');
    t.same(specOf(seen?.object), { cronSpec: '* * * * */5', replicas: 1 });
    t.notOk(seen !== undefined && 'bogus' in seen.object.metadata, 'unknown metadata dropped before admission');
    t.same(created.body.spec, { cronSpec: '* * * * */5', replicas: 1 }, 'stored as before');
    // Defaults are set before the managedFields record, as for built-in kinds: the creating manager owns them.
    const [entry] = created.body.metadata.managedFields;
    t.equal(entry.manager, 'creator');
    t.same(entry.fieldsV1['f:spec'], { '.': {}, 'f:cronSpec': {}, 'f:replicas': {} });
  });

  await t.test('create with Strict: 400 at decode, the plugin is not called; Ignore is silent', async (t) => {
    const strict = await call(url, 'POST', `${CT}?fieldValidation=Strict`, crontab('c2', { cronSpec: '* * * * */5', unknown: 1, aaa: 2 }, { bogus: true }));
    t.equal(strict.status, 400);
    t.equal(
      strict.body.message,
      'CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "metadata.bogus", unknown field "spec.aaa", unknown field "spec.unknown"',
    );
    t.same(recorder.take(), [], 'no admission for a refused body');
    const ignored = await call(url, 'POST', `${CT}?fieldValidation=Ignore`, crontab('c2', { cronSpec: '* * * * */5', unknown: 1 }));
    t.equal(ignored.status, 201);
    t.equal(ignored.headers.get('warning'), null);
    t.same(specOf(recorder.take()[0]?.object), { cronSpec: '* * * * */5', replicas: 1 });
  });

  await t.test('a duplicate field of a JSON body is reported before the unknown fields', async (t) => {
    const body = '{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"c3"},"spec":{"cronSpec":"* * * * */5","unknown":1},"spec":{"cronSpec":"* * * * */5","unknown":1}}';
    const strict = await call(url, 'POST', `${CT}?fieldValidation=Strict`, body);
    t.equal(strict.status, 400);
    t.equal(strict.body.message, 'CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: duplicate field "spec", unknown field "spec.unknown"');
    t.same(recorder.take(), []);
  });

  await t.test('update: the plugin sees the defaults and not the unknown field', async (t) => {
    const current = (await call(url, 'GET', `${CT}/c1`)).body;
    const body = { ...current, spec: { cronSpec: '* * * * */6', image: 'img', unknown: 1 } };
    const strict = await call(url, 'PUT', `${CT}/c1?fieldValidation=Strict`, body);
    t.equal(strict.status, 400);
    t.equal(strict.body.message, 'CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.unknown"');
    t.same(recorder.take(), []);
    const updated = await call(url, 'PUT', `${CT}/c1`, body);
    t.equal(updated.status, 200, JSON.stringify(updated.body));
    t.equal(updated.headers.get('warning'), '299 - "unknown field \\"spec.unknown\\""');
    const seen = recorder.take();
    t.equal(seen.length, 1);
    t.equal(seen[0]?.operation, 'UPDATE');
    t.same(specOf(seen[0]?.object), { cronSpec: '* * * * */6', image: 'img', replicas: 1 });
  });

  await t.test('merge patch: the patched object is pruned and defaulted before admission', async (t) => {
    const patch = { spec: { replicas: null, extra2: 1 } };
    const strict = await call(url, 'PATCH', `${CT}/c1?fieldValidation=Strict`, patch, 'application/merge-patch+json');
    t.equal(strict.status, 422, JSON.stringify(strict.body));
    t.match(strict.body.message, /^ "" is invalid: patch: Invalid value: ".*": strict decoding error: unknown field "spec\.extra2"$/);
    t.same(recorder.take(), []);
    const dup = await call(url, 'PATCH', `${CT}/c1?fieldValidation=Strict`, '{"spec":{"x":1},"spec":{"x":1}}', 'application/merge-patch+json');
    t.equal(dup.status, 422);
    t.match(dup.body.message, /strict decoding error: duplicate field "spec", unknown field "spec\.x"$/);
    const patched = await call(url, 'PATCH', `${CT}/c1`, patch, 'application/merge-patch+json');
    t.equal(patched.status, 200, JSON.stringify(patched.body));
    t.equal(patched.headers.get('warning'), '299 - "unknown field \\"spec.extra2\\""');
    t.same(specOf(recorder.take()[0]?.object), { cronSpec: '* * * * */6', image: 'img', replicas: 1 }, 'the removed default is back');
    t.same(patched.body.spec, { cronSpec: '* * * * */6', image: 'img', replicas: 1 });
  });

  await t.test('JSON patch: the patched object is pruned and defaulted before admission', async (t) => {
    const ops = [
      { op: 'remove', path: '/spec/replicas' },
      { op: 'add', path: '/spec/zzz', value: 1 },
    ];
    const strict = await call(url, 'PATCH', `${CT}/c1?fieldValidation=Strict`, ops, 'application/json-patch+json');
    t.equal(strict.status, 422);
    t.match(strict.body.message, /strict decoding error: unknown field "spec\.zzz"$/);
    t.same(recorder.take(), []);
    const ignored = await call(url, 'PATCH', `${CT}/c1?fieldValidation=Ignore`, ops, 'application/json-patch+json');
    t.equal(ignored.status, 200);
    t.equal(ignored.headers.get('warning'), null);
    t.same(specOf(recorder.take()[0]?.object), { cronSpec: '* * * * */6', image: 'img', replicas: 1 });
    const patched = await call(url, 'PATCH', `${CT}/c1`, ops, 'application/json-patch+json');
    t.equal(patched.status, 200);
    t.equal(patched.headers.get('warning'), '299 - "unknown field \\"spec.zzz\\""');
    t.same(specOf(recorder.take()[0]?.object), { cronSpec: '* * * * */6', image: 'img', replicas: 1 });
  });

  await t.test('apply: the applied object is defaulted before admission', async (t) => {
    const config = JSON.stringify(crontab('c4', { cronSpec: '* * * * */7' }));
    const applied = await call(url, 'PATCH', `${CT}/c4?fieldManager=applier`, config, 'application/apply-patch+yaml');
    t.equal(applied.status, 201, JSON.stringify(applied.body));
    const seen = recorder.take();
    t.equal(seen[0]?.operation, 'CREATE');
    t.same(specOf(seen[0]?.object), { cronSpec: '* * * * */7', replicas: 1 });
    t.same(applied.body.spec, { cronSpec: '* * * * */7', replicas: 1 });
  });

  await t.test('strategic merge patch stays refused (415) before admission', async (t) => {
    const smp = await call(url, 'PATCH', `${CT}/c1`, { spec: { image: 'x' } }, 'application/strategic-merge-patch+json');
    t.equal(smp.status, 415);
    t.same(recorder.take(), []);
  });
});
