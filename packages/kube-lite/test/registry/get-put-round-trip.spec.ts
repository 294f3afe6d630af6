/**
 * Read-modify-write as every controller does it (issue #21 item 4): GET an object, PUT the very bytes back →
 * 200 with the same resourceVersion and generation (nothing changed as a Go value, so upstream writes nothing);
 * a merge patch `{}` changes nothing either. Before Go value semantics, a Pod answered 422 ("pod updates may
 * not change fields…", the GET adds `"resources": {}` to each container) and a Deployment or ReplicaSet got a new
 * resourceVersion and generation. Every resource served with create, get and update must have a fixture in
 * test/fixtures/every-kind.ts.
 */
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';
import { apiVersionOf, fixtureKey, fixtureName, kindFixtures, writableResources } from '../fixtures/every-kind.js';

type Json = Record<string, unknown>;

const NS = 'round-trip';

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  return { status: res.status, body: (await res.json()) as Json };
}

function metaOf(body: Json): Json {
  return (body.metadata ?? {}) as Json;
}

t.test('GET then PUT of the same body, and PATCH {}, change nothing for every served kind', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const created = await json(`${kl.url}/api/v1/namespaces`, { method: 'POST', body: JSON.stringify({ metadata: { name: NS } }) });
  t.equal(created.status, 201, 'namespace');
  const resources = await writableResources(kl.url);
  t.ok(resources.length >= 20, `${resources.length} writable resources served`);
  const targets: { key: string; url: string }[] = [];
  const fixtures = kindFixtures(NS);
  for (const r of resources) {
    const key = fixtureKey(r);
    const fixture = fixtures[key];
    if (fixture === undefined) {
      t.fail(`${key}: no fixture (every served kind needs one)`);
      continue;
    }
    const collection = `${kl.url}/${r.gvPath}${r.namespaced ? `/namespaces/${NS}` : ''}/${r.name}`;
    const name = fixtureName(r, 'rt');
    const post = await json(collection, { method: 'POST', body: JSON.stringify({ apiVersion: apiVersionOf(r.gvPath), kind: r.kind, ...fixture, metadata: { name } }) });
    t.equal(post.status, 201, `${key}: created ${JSON.stringify(post.body.message ?? '')}`);
    targets.push({ key, url: `${collection}/${name}` });
  }
  // managedFields times have a resolution of one second: a write that wrongly counts as a change shows as a new
  // time (and resourceVersion) only when the second changed since the create, so every PUT comes a second later.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  for (const { key, url } of targets) {
    const got = await json(url);
    const before = metaOf(got.body);
    const put = await json(url, { method: 'PUT', body: JSON.stringify(got.body) });
    t.equal(put.status, 200, `${key}: PUT of the GET body answers 200 ${JSON.stringify(put.body.message ?? '')}`);
    t.equal(metaOf(put.body).resourceVersion, before.resourceVersion, `${key}: PUT keeps resourceVersion ${String(before.resourceVersion)}`);
    t.equal(metaOf(put.body).generation, before.generation, `${key}: PUT keeps generation`);
    const patch = await json(url, { method: 'PATCH', body: '{}', headers: { 'Content-Type': 'application/merge-patch+json' } });
    t.equal(patch.status, 200, `${key}: PATCH {} answers 200`);
    t.equal(metaOf(patch.body).resourceVersion, before.resourceVersion, `${key}: PATCH {} keeps resourceVersion`);
  }
});
