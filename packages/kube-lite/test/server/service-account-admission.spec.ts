import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

type Json = Record<string, unknown>;
const TOKEN_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

async function client(options: Parameters<typeof startKubeLite>[0] = {}) {
  const kl = await startKubeLite(options);
  const post = async (path: string, body: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${kl.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const createPod = (namespace: string, name: string, spec: Json = {}) =>
    post(`/api/v1/namespaces/${namespace}/pods`, { metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }], ...spec } });
  return { kl, post, createPod };
}

t.test('ServiceAccount admission through HTTP: default account, API access volume, pull secrets, missing accounts', async (t) => {
  const { kl, post, createPod } = await client();
  t.teardown(() => kl.stop());
  const created = await createPod('default', 'plain', { initContainers: [{ name: 'i', image: 'busybox:1' }] });
  t.equal(created.status, 201);
  const spec = created.body['spec'] as { serviceAccountName: string; serviceAccount: string; volumes: Json[]; containers: Json[]; initContainers: Json[] };
  t.equal(spec.serviceAccountName, 'default');
  t.equal(spec.serviceAccount, 'default', 'the deprecated alias repeats the name, as a cluster answers it');
  const [volume] = spec.volumes;
  t.match(volume, { name: /^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/, projected: { defaultMode: 420 } });
  const mount = { name: volume?.['name'], readOnly: true, mountPath: TOKEN_PATH };
  t.same([spec.containers[0]?.['volumeMounts'], spec.initContainers[0]?.['volumeMounts']], [[mount], [mount]]);
  const stored = (await (await fetch(`${kl.url}/api/v1/namespaces/default/pods/plain`)).json()) as Json;
  t.same(stored['spec'], created.body['spec'], 'stored as answered');

  // A namespace made just now: the pod waits for the controller's default account.
  t.equal((await post('/api/v1/namespaces', { metadata: { name: 'fresh' } })).status, 201);
  t.equal((await createPod('fresh', 'first')).status, 201, 'admitted once the controller made default');

  const missing = await createPod('default', 'ghost', { serviceAccountName: 'robot' });
  t.match(missing, {
    status: 403,
    body: { kind: 'Status', reason: 'Forbidden', message: 'pods "ghost" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found' },
  });

  const robot = { metadata: { name: 'robot' }, automountServiceAccountToken: false, imagePullSecrets: [{ name: 'registry' }] };
  t.equal((await post('/api/v1/namespaces/default/serviceaccounts', robot)).status, 201);
  const quiet = await createPod('default', 'quiet', { serviceAccountName: 'robot' });
  t.equal(quiet.status, 201);
  t.notOk('volumes' in (quiet.body['spec'] as Json), 'the account turns automounting off');
  t.same((quiet.body['spec'] as Json)['imagePullSecrets'], [{ name: 'registry' }], 'the account’s pull secrets');
  const aliased = await createPod('default', 'aliased', { serviceAccount: 'robot' });
  t.match(aliased.body['spec'], { serviceAccountName: 'robot', serviceAccount: 'robot', imagePullSecrets: [{ name: 'registry' }] }, 'the deprecated alias alone names the account');
  const loud = await createPod('default', 'loud', { serviceAccountName: 'robot', automountServiceAccountToken: true });
  t.equal(((loud.body['spec'] as Json)['volumes'] as Json[]).length, 1, 'the pod’s own setting wins');

  const strict = { metadata: { name: 'strict', annotations: { 'kubernetes.io/enforce-mountable-secrets': 'true' } }, secrets: [{ name: 'ok' }] };
  t.equal((await post('/api/v1/namespaces/default/serviceaccounts', strict)).status, 201);
  const volumes = (secretName: string) => ({ serviceAccountName: 'strict', volumes: [{ name: 's', secret: { secretName } }] });
  t.equal((await createPod('default', 'listed', volumes('ok'))).status, 201);
  t.match(await createPod('default', 'unlisted', volumes('other')), {
    status: 403,
    body: { message: 'pods "unlisted" is forbidden: volume with secret.secretName="other" is not allowed because service account strict does not reference that secret' },
  });
});

t.test('--disable-admission-plugins=ServiceAccount and --enable-admission-plugins=AlwaysPullImages', async (t) => {
  const { kl, createPod } = await client({ disableAdmissionPlugins: ['ServiceAccount'], enableAdmissionPlugins: ['AlwaysPullImages'] });
  t.teardown(() => kl.stop());
  const created = await createPod('default', 'bare', { serviceAccountName: 'nobody' });
  t.equal(created.status, 201, 'an account that does not exist is not looked up');
  const spec = created.body['spec'] as Json;
  t.notOk('volumes' in spec, 'no API access volume');
  t.equal((spec['containers'] as Json[])[0]?.['imagePullPolicy'], 'Always', 'AlwaysPullImages ran (a tagged image defaults to IfNotPresent)');
});
