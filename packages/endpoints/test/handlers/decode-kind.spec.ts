/**
 * A body of another kind than the request's is refused as upstream's decoder refuses it (transformDecodeError around
 * NotRegistered or the conversion's `unknown conversion`), before the apiVersion check; nothing is stored.
 * The messages of a lower-case kind are those kube-apiserver 1.29-1.32 print (e.g. `kubectl apply` of `kind: deployment`).
 */
import t from 'tap';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { Scheme } from '@apiserver/runtime';
import { decodeKindProblem } from '../../src/handlers/decode-kind.js';
import { startTestServer } from '../helpers/server.js';

const JSON_CT = { 'Content-Type': 'application/json' };
const configmaps = '/api/v1/namespaces/default/configmaps';
const deployments = '/apis/apps/v1/namespaces/default/deployments';
const LEGACY = 'in scheme "pkg/api/legacyscheme/scheme.go:30"';

const cases: readonly { name: string; method: string; path: string; body: object; message: string }[] = [
  {
    name: 'a lower-case kind',
    method: 'POST',
    path: deployments,
    body: { apiVersion: 'apps/v1', kind: 'deployment', metadata: { name: 'd' } },
    message: `deployment in version "v1" cannot be handled as a Deployment: no kind "deployment" is registered for version "apps/v1" ${LEGACY}`,
  },
  {
    name: 'the kind in a group/version that has no such kind',
    method: 'POST',
    path: deployments,
    body: { apiVersion: 'v1', kind: 'Deployment', metadata: { name: 'd' } },
    message: `Deployment in version "v1" cannot be handled as a Deployment: no kind "Deployment" is registered for version "v1" ${LEGACY}`,
  },
  {
    name: 'a kind of another group',
    method: 'POST',
    path: deployments,
    body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'd' } },
    message: 'Pod in version "v1" cannot be handled as a Deployment: converting (v1.Pod) to (apps.Deployment): unknown conversion',
  },
  {
    name: 'a kind the scheme holds in a version it does not: the apiVersion check answers',
    method: 'POST',
    path: deployments,
    body: { apiVersion: 'apps/v1beta1', kind: 'Deployment', metadata: { name: 'd' } },
    message: 'the API version in the data (apps/v1beta1) does not match the expected API version (apps/v1)',
  },
  {
    name: 'an update of another kind',
    method: 'PUT',
    path: `${configmaps}/c`,
    body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'c' } },
    message: 'Secret in version "v1" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion',
  },
  {
    name: 'a kind without apiVersion takes the request version',
    method: 'POST',
    path: configmaps,
    body: { kind: 'Secret', metadata: { name: 'c' } },
    message: 'Secret in version "v1" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion',
  },
  {
    name: 'an options kind names the meta type',
    method: 'POST',
    path: configmaps,
    body: { apiVersion: 'autoscaling/v2', kind: 'DeleteOptions' },
    message: 'DeleteOptions in version "v2" cannot be handled as a ConfigMap: converting (v1.DeleteOptions) to (core.ConfigMap): unknown conversion',
  },
];

t.test('request bodies of another kind', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  for (const c of cases) {
    const res = await s.request(c.method, c.path, { body: JSON.stringify(c.body), headers: JSON_CT });
    t.equal(res.status, 400, `${c.name}: status`);
    t.match(res.json(), { kind: 'Status', reason: 'BadRequest', code: 400, message: c.message }, c.name);
  }
  t.equal(s.configmaps.size, 0, 'no config map stored');
  t.equal(s.deployments.size, 0, 'no deployment stored');
});

t.test('kinds that convert into the request type pass to the apiVersion check', async (t) => {
  const scheme = newBuiltinScheme();
  const coreEvent = { group: '', version: 'v1', kind: 'Event' };
  const eventsEvent = { group: 'events.k8s.io', version: 'v1', kind: 'Event' };
  t.equal(decodeKindProblem(scheme, coreEvent, eventsEvent), undefined, 'events.k8s.io Event converts into core.Event');
  t.equal(decodeKindProblem(scheme, eventsEvent, coreEvent), undefined);
  const hpaV2 = { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' };
  t.equal(decodeKindProblem(scheme, hpaV2, { ...hpaV2, version: 'v1' }), undefined, 'another version of the kind');
  t.equal(
    decodeKindProblem(scheme, eventsEvent, { group: 'meta.k8s.io', version: 'v1', kind: 'Table' }),
    'converting (v1.Table) to (core.Event): unknown conversion',
    'a meta kind converts into no resource type',
  );
});

t.test('a scheme recording no internal types tells nothing; NotRegistered names the scheme', async (t) => {
  const bare = newBuiltinScheme('bare');
  const plain = new Scheme('plain');
  const configMap = { group: '', version: 'v1', kind: 'ConfigMap' };
  t.equal(decodeKindProblem(plain, configMap, { ...configMap, kind: 'Secret' }), undefined, 'nothing registered');
  t.match(decodeKindProblem(bare, configMap, { ...configMap, kind: 'Nope' }), 'no kind "Nope" is registered for version "v1" in scheme "bare"');
});

t.test("a patch that changes the kind: JSON and merge patches decode it (422 on 'patch'), a strategic merge patch ignores it", async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', configmaps, { body: '{"metadata":{"name":"pk"},"data":{"a":"1"}}', headers: JSON_CT })).status, 201);
  const merge = { 'Content-Type': 'application/merge-patch+json' };
  const secret = await s.request('PATCH', `${configmaps}/pk`, { body: '{"kind":"Secret"}', headers: merge });
  t.equal(secret.status, 422);
  t.match(secret.json(), { reason: 'Invalid', details: { causes: [{ field: 'patch' }] } });
  t.match(String(secret.json().message), /^ "" is invalid: patch: Invalid value: "\{.*\}": converting \(v1\.Secret\) to \(core\.ConfigMap\): unknown conversion$/);
  const jsonPatch = await s.request('PATCH', `${configmaps}/pk`, {
    body: '[{"op":"replace","path":"/apiVersion","value":"apps/v1"}]',
    headers: { 'Content-Type': 'application/json-patch+json' },
  });
  t.equal(jsonPatch.status, 422);
  t.match(String(jsonPatch.json().message), new RegExp(`": no kind "ConfigMap" is registered for version "apps/v1" ${LEGACY.replaceAll('.', '\\.')}$`));
  const unparsable = await s.request('PATCH', `${configmaps}/pk`, { body: '{"apiVersion":"a/b/c"}', headers: merge });
  t.equal(unparsable.status, 422);
  t.match(String(unparsable.json().message), /": unexpected GroupVersion string: a\/b\/c$/);
  const strategic = await s.request('PATCH', `${configmaps}/pk`, {
    body: '{"kind":"Secret","apiVersion":"apps/v1","data":{"b":"2"}}',
    headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
  });
  t.equal(strategic.status, 200, 'the strategic merge patcher converts into the request type');
  t.match(strategic.json(), { kind: 'ConfigMap', apiVersion: 'v1', data: { a: '1', b: '2' } });
  const stored = await s.request('GET', `${configmaps}/pk`);
  t.match(stored.json(), { kind: 'ConfigMap', apiVersion: 'v1', data: { a: '1', b: '2' } });
});
