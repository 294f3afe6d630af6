/**
 * The encoded object cache changes no byte (issue #23): GET and LIST of every served kind (and a custom resource),
 * in JSON and protobuf, compact and pretty, with and without a label selector, paginated with continue, answer the
 * same bytes from a kube-lite with the cache as from one with `--encoded-object-cache-bytes=0`, over the same data
 * (one data directory, served by one, then the other). A restarted server writes a little (its start-up), so its
 * current revision moves on: the lists are read at one exact revision (`resourceVersionMatch=Exact`), the same for
 * both. Lists served by the watch cache (`resourceVersion=0`) carry the cache's revision: those are compared with
 * the list's own resourceVersion taken out (JSON only), everything else byte for byte.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { startKubeLite } from '../../src/testing/index.js';
import { apiVersionOf, fixtureKey, fixtureName, kindFixtures, type ServedResource, writableResources } from '../fixtures/every-kind.js';

type Json = Record<string, unknown>;

const NS = 'encoded-cache';
const LABEL = 'encoded-cache=yes';
const ACCEPTS = ['application/json', 'application/vnd.kubernetes.protobuf'];
const EXACT = 'resourceVersion=<rv>&resourceVersionMatch=Exact';

const gadgetCRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.cache.example.com' },
  spec: {
    group: 'cache.example.com',
    names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' },
    scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

async function post(url: string, body: Json): Promise<number> {
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  await res.arrayBuffer();
  return res.status;
}

/** The status and body bytes of a GET; `<continue>` in the path is the continue token of the first page. */
async function read(base: string, path: string, accept: string): Promise<string> {
  const res = await fetch(`${base}${path}`, { headers: { Accept: accept } });
  return `${res.status} ${res.headers.get('content-type')}\n${Buffer.from(await res.arrayBuffer()).toString('base64')}`;
}

/** Creates two labelled and one unlabelled object of every writable kind, and two gadgets; returns the paths read. */
async function populate(t: Test, base: string): Promise<string[]> {
  t.equal(await post(`${base}/api/v1/namespaces`, { metadata: { name: NS } }), 201, 'namespace');
  const fixtures = kindFixtures(NS);
  const paths: string[] = [];
  const resources: ServedResource[] = await writableResources(base);
  for (const r of resources) {
    const fixture = fixtures[fixtureKey(r)];
    if (fixture === undefined || r.name === 'apiservices' || r.name === 'customresourcedefinitions') continue;
    const collection = `/${r.gvPath}${r.namespaced ? `/namespaces/${NS}` : ''}/${r.name}`;
    // Several objects need a fixed name (the required ones); those get one object only.
    const names = r.name === 'namespaces' ? [fixtureName(r, 'ec')] : ['a', 'b', 'c'].map((s) => fixtureName(r, `ec${s}`));
    for (const [i, name] of names.entries()) {
      const labels = i < 2 ? { 'encoded-cache': 'yes' } : {};
      const status = await post(`${base}${collection}`, { apiVersion: apiVersionOf(r.gvPath), kind: r.kind, ...fixture, metadata: { name, labels } });
      t.equal(status, 201, `${fixtureKey(r)} ${name} created`);
    }
    paths.push(`${collection}/${names[0]}`, `${collection}?labelSelector=${LABEL}&${EXACT}`);
    if (r.namespaced) paths.push(`${collection}?${EXACT}`, `${collection}?limit=1&${EXACT}`, `${collection}?limit=1&continue=<continue>`, `${collection}?resourceVersion=0`);
  }
  t.equal(await post(`${base}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, gadgetCRD), 201, 'gadget CRD');
  const gadgets = `/apis/cache.example.com/v1/namespaces/${NS}/gadgets`;
  for (let tries = 0; (await fetch(`${base}${gadgets}`)).status !== 200 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 50));
  for (const name of ['g1', 'g2']) {
    t.equal(await post(`${base}${gadgets}`, { apiVersion: 'cache.example.com/v1', kind: 'Gadget', metadata: { name, labels: { 'encoded-cache': 'yes' } }, spec: { size: name } }), 201);
  }
  paths.push(`${gadgets}/g1`, `${gadgets}?${EXACT}`, `${gadgets}?labelSelector=${LABEL}&${EXACT}`, `${gadgets}?limit=1&${EXACT}`, `${gadgets}?limit=1&continue=<continue>`, `${gadgets}?resourceVersion=0`);
  return paths;
}

/** The start of an answer's body as text, for a failure's report. */
function decoded(answer: string): string {
  return Buffer.from(answer.split('\n')[1] ?? '', 'base64').toString('latin1').slice(0, 300);
}

/** A JSON list answer without the value of its own `metadata.resourceVersion` (the first one in its text). */
function withoutListRV(answer: string): string {
  const [head = '', body = ''] = answer.split('\n');
  return `${head}\n${Buffer.from(body, 'base64').toString('utf8').replace(/"resourceVersion": ?"\d+"/, '"resourceVersion":""')}`;
}

/**
 * Every path in every media type, compact and pretty; the continue token is taken from the first page's JSON. With
 * `warm`, each is read twice and the second answer kept (where the cache is on, it then comes from kept bytes); a
 * server without the cache keeps nothing, so its first answer is the one compared.
 */
async function readAll(base: string, paths: readonly string[], rv: string, warm: boolean): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let token = '';
  for (const path of paths) {
    const atRv = path.replace('<rv>', rv);
    if (path.includes('?limit=1&resourceVersion')) {
      const page = (await (await fetch(`${base}${atRv}`)).json()) as { metadata?: { continue?: string } };
      token = encodeURIComponent(page.metadata?.continue ?? '');
    }
    const resolved = atRv.replace('<continue>', token);
    for (const accept of path.endsWith('resourceVersion=0') ? ['application/json'] : ACCEPTS) {
      for (const pretty of ['', resolved.includes('?') ? '&pretty=true' : '?pretty=true']) {
        const key = `${accept} ${path}${pretty}`;
        if (warm) await read(base, `${resolved}${pretty}`, accept);
        out.set(key, await read(base, `${resolved}${pretty}`, accept));
      }
    }
  }
  return out;
}

t.test('GET and LIST bytes are the same with and without the encoded object cache, for every served kind', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kube-lite-encoded-cache-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const cached = await startKubeLite({ dataDir });
  let paths: string[];
  let withCache: Map<string, string>;
  let rv: string;
  try {
    paths = await populate(t, cached.url);
    t.ok(paths.length > 100, `${paths.length} paths`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = (await (await fetch(`${cached.url}/api/v1/namespaces/${NS}/configmaps?limit=1`)).json()) as { metadata: { resourceVersion: string } };
    rv = current.metadata.resourceVersion;
    withCache = await readAll(cached.url, paths, rv, true);
    const metrics = await (await fetch(`${cached.url}/metrics`)).text();
    const hits = Number(/^apiserver_encoded_object_cache_hits_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
    t.ok(hits > 100, `the cache served kept bytes (${hits} hits)`);
  } finally {
    await cached.stop();
  }
  const plain = await startKubeLite({ dataDir, encodedObjectCacheBytes: 0 });
  t.teardown(() => plain.stop());
  const withoutCache = await readAll(plain.url, paths, rv, false);
  const metrics = await (await fetch(`${plain.url}/metrics`)).text();
  t.match(metrics, /^apiserver_encoded_object_cache_capacity_bytes 0$/m, 'the flag set the capacity');
  t.notMatch(metrics, /^apiserver_encoded_object_cache_hits_total [1-9]/m, 'no hits when off');
  let same = 0;
  for (const [key, bytes] of withCache) {
    const other = withoutCache.get(key) ?? '';
    if (key.includes('resourceVersion=0') ? withoutListRV(other) === withoutListRV(bytes) : other === bytes) same++;
    else t.fail(`${key}: different bytes`, { found: decoded(bytes), wanted: decoded(other) });
  }
  t.equal(same, withCache.size, `${same} responses identical`);
  t.ok([...withCache.values()].filter((v) => v.startsWith('200 ')).length > 400, 'most answers are 200s');
});
