/**
 * The custom resource suite (not a test file; run by custom-resources-{memory,etcd3}.test.ts): CRD life
 * cycle, CRUD with validation, pruning, defaulting, patches, status, scale and printing, versions, watch, cluster scope and client-node's CustomObjectsApi against a chain on one storage backend.
 */
import * as k8s from '@kubernetes/client-node';
import { tempDir } from '@apiserver/testing';
import type { Test } from 'tap';
import { type Backend, call, cronTabCRD, startChain, waitFor, writeKubeconfig } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const CT = '/apis/stable.example.com/v1/namespaces/default/crontabs';

function twoVersionCRD(): Record<string, unknown> {
  const crd = cronTabCRD();
  const spec = crd.spec as { versions: Record<string, unknown>[] };
  const v1 = spec.versions[0] as Record<string, unknown>;
  spec.versions = [
    { ...v1, name: 'v1beta1', storage: false, additionalPrinterColumns: undefined, deprecated: true },
    v1,
    { ...v1, name: 'v2', served: false, storage: false },
  ];
  return crd;
}

async function lifecycle(t: Test, backend: Backend): Promise<void> {
  const { url } = await startChain(t, backend);
  const created = await call(url, 'POST', CRDS, cronTabCRD());
  t.equal(created.status, 201, JSON.stringify(created.body));
  t.same(created.body.metadata.finalizers, ['customresourcecleanup.apiextensions.k8s.io']);
  t.same(created.body.status.storedVersions, ['v1']);
  const started = Date.now();
  await waitFor(async () => (await call(url, 'GET', CT)).status === 200, 2000);
  t.ok(Date.now() - started < 1000, 'served within a second');
  const crd = (await call(url, 'GET', `${CRDS}/crontabs.stable.example.com`)).body;
  const conditions = Object.fromEntries(crd.status.conditions.map((c: { type: string; status: string }) => [c.type, c.status]));
  t.same(conditions, { NamesAccepted: 'True', Established: 'True' });
  t.equal(crd.status.acceptedNames.listKind, 'CronTabList');

  const obj = { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'c1' }, spec: { cronSpec: '* * * * */5', image: 'img', unknown: 1, extra: { any: { thing: true } } } };
  const c1 = await call(url, 'POST', CT, obj);
  t.equal(c1.status, 201, JSON.stringify(c1.body));
  t.same(c1.body.spec, { cronSpec: '* * * * */5', image: 'img', extra: { any: { thing: true } }, replicas: 1 }, 'pruned and defaulted');
  t.match(c1.headers.get('warning') ?? '', /unknown field \\?"spec.unknown\\?"/);
  t.equal(c1.body.metadata.generation, 1);

  const strict = await call(url, 'POST', `${CT}?fieldValidation=Strict`, { ...obj, metadata: { name: 'c2', bogus: true } });
  t.equal(strict.status, 400);
  t.equal(strict.body.message, 'CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "metadata.bogus", unknown field "spec.unknown"');
  const ignored = await call(url, 'POST', `${CT}?fieldValidation=Ignore&dryRun=All`, { ...obj, metadata: { name: 'c2', bogus: true } });
  t.equal(ignored.status, 201);
  t.equal(ignored.headers.get('warning'), null, 'Ignore reports nothing');
  t.notOk('bogus' in ignored.body.metadata, 'unknown metadata fields are dropped');

  // metadata is decoded into ObjectMeta as Go does (issue #19): wrong JSON types are a 400, not a 500; nulls are zero values.
  const badLabels = await call(url, 'POST', CT, { ...obj, metadata: { name: 'c4', labels: { constructor: [] } } });
  t.equal(badLabels.status, 400, JSON.stringify(badLabels.body));
  t.equal(badLabels.body.message, 'CronTab in version "v1" cannot be handled as a CronTab: metadata/labels/constructor: must be string');
  const badGeneration = await call(url, 'POST', `${CT}?dryRun=All`, { ...obj, metadata: { name: 'c4', generation: 1e30 } });
  t.equal(badGeneration.status, 400);
  // Go unmarshals a custom resource's metadata on its own: the field is ObjectMeta.generation.
  t.match(badGeneration.body.message, /json: cannot unmarshal number \d+ into Go struct field ObjectMeta\.generation of type int64$/);
  const nullLabel = await call(url, 'POST', `${CT}?dryRun=All`, { ...obj, metadata: { name: 'c4', labels: { a: null } } });
  t.equal(nullLabel.status, 201, JSON.stringify(nullLabel.body));
  t.same(nullLabel.body.metadata.labels, { a: '' });

  const invalid = await call(url, 'POST', CT, { ...obj, metadata: { name: 'c3' }, spec: { cronSpec: 'nope', replicas: 20, mode: 'medium' } });
  t.equal(invalid.status, 422);
  t.equal(invalid.body.reason, 'Invalid');
  t.match(invalid.body.message, /spec.cronSpec in body should match/);
  t.match(invalid.body.message, /spec.replicas in body should be less than or equal to 10/);
  t.match(invalid.body.message, /spec.mode: Unsupported value: "medium": supported values: "fast", "slow"/);

  const missing = await call(url, 'POST', CT, { ...obj, metadata: { name: 'c4' }, spec: {} });
  t.equal(missing.status, 422);
  t.match(missing.body.message, /spec.cronSpec: Required value/);

  const list = await call(url, 'GET', CT);
  t.equal(list.body.kind, 'CronTabList');
  t.same(list.body.items.map((i: { metadata: { name: string } }) => i.metadata.name), ['c1']);

  const merged = await call(url, 'PATCH', `${CT}/c1`, { spec: { replicas: 3 } }, 'application/merge-patch+json');
  t.equal(merged.status, 200);
  t.equal(merged.body.spec.replicas, 3);
  t.equal(merged.body.metadata.generation, 2);
  const jsonPatched = await call(url, 'PATCH', `${CT}/c1`, [{ op: 'replace', path: '/spec/image', value: 'img2' }], 'application/json-patch+json');
  t.equal(jsonPatched.body.spec.image, 'img2');
  const smp = await call(url, 'PATCH', `${CT}/c1`, { spec: { replicas: 4 } }, 'application/strategic-merge-patch+json');
  t.equal(smp.status, 415);
  t.equal(smp.body.message, 'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml');

  const status = await call(url, 'PUT', `${CT}/c1/status`, { ...jsonPatched.body, spec: { cronSpec: '1 1 1 1 1' }, status: { replicas: 2, labelSelector: 'app=x' } });
  t.equal(status.status, 200, JSON.stringify(status.body));
  t.equal(status.body.spec.cronSpec, '* * * * */5', 'status update keeps spec');
  t.same(status.body.status, { replicas: 2, labelSelector: 'app=x' });
  const mainWithStatus = await call(url, 'PATCH', `${CT}/c1`, { status: { replicas: 9 } }, 'application/merge-patch+json');
  t.equal(mainWithStatus.body.status.replicas, 2, 'main resource ignores status');

  const scale = await call(url, 'GET', `${CT}/c1/scale`);
  t.same(scale.body.spec, { replicas: 3 });
  t.same(scale.body.status, { replicas: 2, selector: 'app=x' });
  t.equal(scale.body.kind, 'Scale');
  const scaled = await call(url, 'PATCH', `${CT}/c1/scale`, { spec: { replicas: 5 } }, 'application/merge-patch+json');
  t.equal(scaled.status, 200, JSON.stringify(scaled.body));
  t.equal((await call(url, 'GET', `${CT}/c1`)).body.spec.replicas, 5);

  const table = (await call(url, 'GET', CT, undefined, undefined, 'application/json;as=Table;v=v1;g=meta.k8s.io')).body;
  t.same(table.columnDefinitions.map((c: { name: string }) => c.name), ['Name', 'Spec', 'Replicas']);
  t.same(table.rows[0].cells, ['c1', '* * * * */5', 5]);

  const deleted = await call(url, 'DELETE', `${CRDS}/crontabs.stable.example.com`);
  t.equal(deleted.status, 200);
  await waitFor(async () => (await call(url, 'GET', `${CRDS}/crontabs.stable.example.com`)).status === 404);
  t.equal((await call(url, 'GET', CT)).status, 404, 'routes removed');
  const again = await call(url, 'POST', CRDS, cronTabCRD());
  t.equal(again.status, 201);
  await waitFor(async () => (await call(url, 'GET', CT)).status === 200);
  t.same((await call(url, 'GET', CT)).body.items, [], 'stored objects were deleted with the CRD');
}

async function versions(t: Test, backend: Backend): Promise<void> {
  const { url } = await startChain(t, backend);
  t.equal((await call(url, 'POST', CRDS, twoVersionCRD())).status, 201);
  await waitFor(async () => (await call(url, 'GET', '/apis/stable.example.com/v1beta1/crontabs')).status === 200);
  const group = (await call(url, 'GET', '/apis/stable.example.com')).body;
  t.same(group.versions.map((v: { version: string }) => v.version), ['v1', 'v1beta1'], 'served versions by priority');
  t.equal(group.preferredVersion.version, 'v1');
  t.equal((await call(url, 'GET', '/apis/stable.example.com/v2/crontabs')).status, 404, 'an unserved version is not served');

  const created = await call(url, 'POST', '/apis/stable.example.com/v1beta1/namespaces/default/crontabs', {
    apiVersion: 'stable.example.com/v1beta1',
    kind: 'CronTab',
    metadata: { name: 'old' },
    spec: { cronSpec: '* * * * *' },
  });
  t.equal(created.status, 201);
  t.equal(created.body.apiVersion, 'stable.example.com/v1beta1', 'answered in the request version');
  t.equal(created.headers.get('warning'), '299 - "stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab"');
  const listedOld = await call(url, 'DELETE', '/apis/stable.example.com/v1beta1/namespaces/default/crontabs?dryRun=All');
  t.equal(listedOld.headers.get('warning'), '299 - "stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab"', 'warned once per request');
  const asV1 = await call(url, 'GET', '/apis/stable.example.com/v1/namespaces/default/crontabs/old');
  t.equal(asV1.body.apiVersion, 'stable.example.com/v1', 'read in another served version');
  const wrong = await call(url, 'POST', '/apis/stable.example.com/v1/namespaces/default/crontabs', {
    apiVersion: 'stable.example.com/v1beta1',
    kind: 'CronTab',
    metadata: { name: 'x' },
    spec: { cronSpec: '* * * * *' },
  });
  t.equal(wrong.status, 400, 'a body of another version is refused');
  const crd = (await call(url, 'GET', `${CRDS}/crontabs.stable.example.com`)).body;
  t.same(crd.status.storedVersions, ['v1']);
}

async function watch(t: Test, backend: Backend): Promise<void> {
  const { url } = await startChain(t, backend);
  t.equal((await call(url, 'POST', CRDS, cronTabCRD('Cluster'))).status, 201);
  const path = '/apis/stable.example.com/v1/crontabs';
  await waitFor(async () => (await call(url, 'GET', path)).status === 200);
  const list = (await call(url, 'GET', path)).body;
  const controller = new AbortController();
  const res = await fetch(`${url}${path}?watch=true&resourceVersion=${list.metadata.resourceVersion}`, { signal: controller.signal });
  const reader = res.body?.getReader();
  if (reader === undefined) throw new Error('no body');
  const created = await call(url, 'POST', path, { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'w1' }, spec: { cronSpec: '* * * * *' } });
  t.equal(created.status, 201);
  t.notOk(created.body.metadata.namespace, 'cluster-scoped');
  await call(url, 'DELETE', `${path}/w1`);
  let text = '';
  while ((text.match(/\n/g) ?? []).length < 2) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  controller.abort();
  const events = text.trim().split('\n').map((l) => JSON.parse(l));
  t.same(events.map((e: { type: string }) => e.type), ['ADDED', 'DELETED']);
  t.equal(events[0].object.apiVersion, 'stable.example.com/v1');
  t.equal(events[0].object.spec.replicas, 1);
}

async function clientNode(t: Test, backend: Backend): Promise<void> {
  const { url } = await startChain(t, backend);
  const work = await tempDir('apiextensions-client-node-');
  t.teardown(work.remove);
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(await writeKubeconfig(work.path, url));
  const ext = kc.makeApiClient(k8s.ApiextensionsV1Api);
  // client-node's model renames JSONSchemaProps keys (`default` → `_default`), so the CRD itself is sent as JSON.
  t.equal((await call(url, 'POST', CRDS, cronTabCRD())).status, 201);
  const listedCRDs = await ext.listCustomResourceDefinition();
  t.same(listedCRDs.items.map((c) => c.metadata?.name), ['crontabs.stable.example.com']);
  await waitFor(async () => {
    const crd = await ext.readCustomResourceDefinition({ name: 'crontabs.stable.example.com' });
    return crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') === true;
  });
  const custom = kc.makeApiClient(k8s.CustomObjectsApi);
  const base = { group: 'stable.example.com', version: 'v1', namespace: 'default', plural: 'crontabs' };
  await waitFor(async () => (await call(url, 'GET', '/apis/stable.example.com/v1/crontabs')).status === 200);
  const created = await custom.createNamespacedCustomObject({
    ...base,
    body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'n1' }, spec: { cronSpec: '* * * * *' } },
  });
  t.equal(created.spec.replicas, 1);
  const listed = await custom.listNamespacedCustomObject(base);
  t.same(listed.items.map((i: { metadata: { name: string } }) => i.metadata.name), ['n1']);
  const patched = await custom.patchNamespacedCustomObject({ ...base, name: 'n1', body: [{ op: 'replace', path: '/spec/replicas', value: 7 }] });
  t.equal(patched.spec.replicas, 7);
  const status = await custom.patchNamespacedCustomObjectStatus({ ...base, name: 'n1', body: [{ op: 'add', path: '/status', value: { replicas: 7 } }] });
  t.same(status.status, { replicas: 7 });
  const scale = await custom.getNamespacedCustomObjectScale({ ...base, name: 'n1' });
  t.same(scale.spec, { replicas: 7 });
  await custom.deleteNamespacedCustomObject({ ...base, name: 'n1' });
  await t.rejects(custom.getNamespacedCustomObject({ ...base, name: 'n1' }), { code: 404 });
}

/** Runs the suite on one backend. */
export function runCustomResourceSuite(t: Test, backend: Backend): void {
  t.test('a created CRD is established and its custom resources served through the front server', (t) => lifecycle(t, backend));
  t.test('served and storage versions', (t) => versions(t, backend));
  t.test('watch of a cluster-scoped custom resource', (t) => watch(t, backend));
  t.test('client-node ApiextensionsV1Api and CustomObjectsApi', (t) => clientNode(t, backend));
}
