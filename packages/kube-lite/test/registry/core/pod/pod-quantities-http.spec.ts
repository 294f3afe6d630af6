/**
 * Quantities in request bodies as Go's `Quantity.UnmarshalJSON` reads them: a JSON number (`cpu: 1` in YAML) is a
 * quantity, every quantity is stored and served in its canonical form, and text that is no quantity is a 400.
 */
import t from 'tap';
import { startKubeLite } from '../../../../src/testing/index.js';

const kl = await startKubeLite();
t.teardown(() => kl.stop());
const PODS = `${kl.url}/api/v1/namespaces/default/pods`;

function pod(name: string, resources: unknown): string {
  return JSON.stringify({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx', resources }] } });
}

async function post(body: string, contentType = 'application/json'): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(PODS, { method: 'POST', body, headers: { 'Content-Type': contentType } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const resourcesOf = (obj: Record<string, unknown>): unknown => (obj.spec as { containers: { resources: unknown }[] }).containers[0]?.resources;

t.test('numbers and non-canonical text become canonical quantities', async (t) => {
  const created = await post(pod('q-json', { limits: { cpu: 1, memory: '1024Mi', 'ephemeral-storage': '1.5Gi' }, requests: { cpu: 0.5, memory: 1000 } }));
  t.equal(created.status, 201);
  // The missing ephemeral-storage request is the limit's (SetDefaults_Pod).
  const want = { limits: { cpu: '1', memory: '1Gi', 'ephemeral-storage': '1536Mi' }, requests: { cpu: '500m', memory: '1k', 'ephemeral-storage': '1536Mi' } };
  t.same(resourcesOf(created.body), want, 'the answer');
  t.same(resourcesOf((await (await fetch(`${PODS}/q-json`)).json()) as Record<string, unknown>), want, 'as stored');
  const yaml = 'metadata: {name: q-yaml}\nspec:\n  containers:\n  - name: c\n    image: nginx\n    resources: {limits: {cpu: 2, memory: 0.5Gi}}\n';
  const fromYAML = await post(yaml, 'application/yaml');
  t.equal(fromYAML.status, 201);
  t.same(resourcesOf(fromYAML.body), { limits: { cpu: '2', memory: '512Mi' }, requests: { cpu: '2', memory: '512Mi' } });
});

t.test('text that is no quantity is refused while decoding, as Go refuses it', async (t) => {
  const bad = await post(pod('q-bad', { limits: { cpu: 'lots' } }));
  t.equal(bad.status, 400);
  t.equal(
    bad.body.message,
    `Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
  );
  t.equal((await fetch(`${PODS}/q-bad`)).status, 404, 'nothing stored');
  const patched = await fetch(`${PODS}/q-json`, {
    method: 'PATCH',
    body: JSON.stringify({ metadata: { labels: { a: 'b' } }, spec: { overhead: { cpu: '1kk' } } }),
    headers: { 'Content-Type': 'application/merge-patch+json' },
  });
  t.equal(patched.status, 422, 'a patch result is decoded the same way: the error is an Invalid on `patch`');
  t.match(((await patched.json()) as { message: string }).message, /^ "" is invalid: patch: Invalid value: .*: unable to parse quantity's suffix$/);
});
