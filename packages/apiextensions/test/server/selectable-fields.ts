/**
 * The selectable fields suite (not a test file; run by selectable-fields-{memory,etcd3}): field selectors on a CRD
 * version's selectableFields over HTTP (list, deletecollection, watch, per-version fields, cluster scope).
 */
import type { Test } from 'tap';
import { type Backend, call, startChain, waitFor } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const V1 = '/apis/example.com/v1/namespaces/default/shirts';
const V2 = '/apis/example.com/v2/namespaces/default/shirts';

function shirtCRD(scope: 'Namespaced' | 'Cluster' = 'Namespaced', plural = 'shirts', kind = 'Shirt'): Record<string, unknown> {
  const schema = {
    openAPIV3Schema: {
      type: 'object',
      properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' }, folded: { type: 'boolean' } } } },
    },
  };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.example.com` },
    spec: {
      group: 'example.com',
      scope,
      names: { plural, kind },
      versions: [
        { name: 'v1', served: true, storage: true, schema, selectableFields: [{ jsonPath: '.spec.color' }] },
        { name: 'v2', served: true, storage: false, schema, selectableFields: [{ jsonPath: '.spec.size' }, { jsonPath: '.spec.folded' }] },
      ],
    },
  };
}

function shirt(name: string, spec: Record<string, unknown>, version = 'v1'): Record<string, unknown> {
  return { apiVersion: `example.com/${version}`, kind: 'Shirt', metadata: { name }, spec };
}

const names = (body: { items: { metadata: { name: string } }[] }): string[] => body.items.map((i) => i.metadata.name);

async function served(t: Test, backend: Backend, path: string): Promise<string> {
  const { url } = await startChain(t, backend);
  const created = await call(url, 'POST', CRDS, shirtCRD());
  t.equal(created.status, 201, JSON.stringify(created.body));
  await waitFor(async () => (await call(url, 'GET', path)).status === 200);
  return url;
}

/** Registers the suite's tests on `t`, against a chain on `backend`. */
export function runSelectableFieldsSuite(t: Test, backend: Backend): void {
  t.test('list by a selectable field, = and !=, a missing field as ""', async (t) => {
    const url = await served(t, backend, V1);
    for (const [name, spec] of [['red-s', { color: 'red', size: 1 }], ['blue', { color: 'blue', size: 2 }], ['red-l', { color: 'red', size: 3 }], ['plain', { size: 2 }]] as const) {
      t.equal((await call(url, 'POST', V1, shirt(name, spec))).status, 201);
    }
    const red = await call(url, 'GET', `${V1}?fieldSelector=spec.color%3Dred`);
    t.equal(red.status, 200);
    t.same(names(red.body), ['red-l', 'red-s']);
    t.same(names((await call(url, 'GET', `${V1}?fieldSelector=spec.color!%3Dred`)).body), ['blue', 'plain']);
    t.same(names((await call(url, 'GET', `${V1}?fieldSelector=spec.color%3D`)).body), ['plain'], 'an absent field selects as the empty string');
    t.same(names((await call(url, 'GET', `${V1}?fieldSelector=spec.color%3Dred,metadata.name%3Dred-s`)).body), ['red-s'], 'with metadata.name');
    t.same(names((await call(url, 'GET', `/apis/example.com/v1/shirts?fieldSelector=spec.color%3Dblue,metadata.namespace%3Ddefault`)).body), ['blue'], 'across namespaces');

    const deleted = await call(url, 'DELETE', `${V1}?fieldSelector=spec.color%3Dred`);
    t.equal(deleted.status, 200);
    t.same(names(deleted.body).sort(), ['red-l', 'red-s'], 'deletecollection deletes the selected objects');
    t.same(names((await call(url, 'GET', V1)).body), ['blue', 'plain']);
  });

  t.test('each version selects by its own fields; integers and booleans as Go prints them', async (t) => {
    const url = await served(t, backend, V2);
    t.equal((await call(url, 'POST', V2, shirt('a', { color: 'red', size: 10, folded: true }, 'v2'))).status, 201);
    t.equal((await call(url, 'POST', V2, shirt('b', { color: 'red', size: 2, folded: false }, 'v2'))).status, 201);
    t.same(names((await call(url, 'GET', `${V2}?fieldSelector=spec.size%3D10`)).body), ['a']);
    t.same(names((await call(url, 'GET', `${V2}?fieldSelector=spec.folded%3Dfalse`)).body), ['b']);
    t.same(names((await call(url, 'GET', `${V1}?fieldSelector=spec.color%3Dred`)).body), ['a', 'b']);

    const sizeOnV1 = await call(url, 'GET', `${V1}?fieldSelector=spec.size%3D10`);
    t.equal(sizeOnV1.status, 400);
    t.equal(sizeOnV1.body.reason, 'BadRequest');
    t.equal(sizeOnV1.body.message, 'field label not supported: spec.size');
    const colorOnV2 = await call(url, 'GET', `${V2}?fieldSelector=spec.color%3Dred`);
    t.equal(colorOnV2.status, 400);
    t.equal(colorOnV2.body.message, 'field label not supported: spec.color');
    const unknown = await call(url, 'GET', `${V1}?watch=true&fieldSelector=spec.x%3D1`);
    t.equal(unknown.status, 400, 'a watch is refused alike');
    t.equal(unknown.body.message, 'field label not supported: spec.x');
  });

  t.test('a CRD without selectable fields refuses other labels with its converter message', async (t) => {
    const { url } = await startChain(t, backend);
    const crd = shirtCRD('Cluster', 'hats', 'Hat') as { spec: { versions: Record<string, unknown>[] } };
    for (const v of crd.spec.versions) delete v.selectableFields;
    t.equal((await call(url, 'POST', CRDS, crd)).status, 201);
    const path = '/apis/example.com/v1/hats';
    await waitFor(async () => (await call(url, 'GET', path)).status === 200);
    t.equal((await call(url, 'GET', `${path}?fieldSelector=metadata.name%3Dx`)).status, 200);
    const ns = await call(url, 'GET', `${path}?fieldSelector=metadata.namespace%3Ddefault`);
    t.equal(ns.status, 400, 'metadata.namespace of a cluster-scoped custom resource');
    t.equal(ns.body.message, 'field label not supported: metadata.namespace');
    const color = await call(url, 'GET', `${path}?fieldSelector=spec.color%3Dred`);
    t.equal(color.body.message, 'field label not supported: spec.color');
  });

  t.test('a watch with a field selector sees objects enter and leave the selection', async (t) => {
    const url = await served(t, backend, V1);
    const list = (await call(url, 'GET', V1)).body;
    const controller = new AbortController();
    t.teardown(() => controller.abort());
    const res = await fetch(`${url}${V1}?watch=true&fieldSelector=spec.color%3Dred&resourceVersion=${list.metadata.resourceVersion}`, { signal: controller.signal });
    t.equal(res.status, 200);
    const reader = res.body?.getReader();
    if (reader === undefined) throw new Error('no body');

    const update = async (name: string, spec: Record<string, unknown>): Promise<void> => {
      const current = (await call(url, 'GET', `${V1}/${name}`)).body;
      t.equal((await call(url, 'PUT', `${V1}/${name}`, { ...current, spec })).status, 200);
    };
    t.equal((await call(url, 'POST', V1, shirt('one', { color: 'red' }))).status, 201);
    t.equal((await call(url, 'POST', V1, shirt('two', { color: 'blue' }))).status, 201);
    await update('two', { color: 'red' });
    await update('one', { color: 'red', size: 4 });
    await update('one', { color: 'green', size: 4 });
    t.equal((await call(url, 'DELETE', `${V1}/two`)).status, 200);
    t.equal((await call(url, 'DELETE', `${V1}/one`)).status, 200, 'deleting an object outside the selection sends nothing');

    let text = '';
    while ((text.match(/\n/g) ?? []).length < 5) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const events = text.trim().split('\n').map((l) => JSON.parse(l) as { type: string; object: { metadata: { name: string }; spec: { color?: string } } });
    // Leaving the selection is a DELETED event carrying the object as it was (still red), as the etcd3 watcher and the cacher send it.
    t.same(
      events.map((e) => `${e.type} ${e.object.metadata.name} ${e.object.spec.color}`),
      ['ADDED one red', 'ADDED two red', 'MODIFIED one red', 'DELETED one red', 'DELETED two red'],
    );
  });
}
