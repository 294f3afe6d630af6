import t from 'tap';
import { newAttributesRecord, type Operation } from '../../src/admission/interfaces.js';
import { ServiceAccountAdmission, type ServiceAccountAdmissionOptions } from '../../src/admission/plugins/service-account.js';
import { DEFAULT_API_TOKEN_MOUNT_PATH, tokenVolumeSource } from '../../src/admission/plugins/service-account-token-volume.js';
import type { ApiObject } from '../../src/rest/types.js';
import { statusOf } from '../fixtures.js';

const podKind = { group: '', version: 'v1', kind: 'Pod' };
const podResource = { group: '', version: 'v1', resource: 'pods' };
const ANNOTATION = 'kubernetes.io/enforce-mountable-secrets';

function sa(name: string, extra: Record<string, unknown> = {}, annotations?: Record<string, string>): ApiObject {
  return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: 'ns', ...(annotations && { annotations }) }, ...extra };
}

/** The plugin over `accounts` (namespace `ns`), volume names `kube-api-access-xxxxx`, 1 ms between retries; counts lookups. */
function plugin(accounts: ApiObject[], options: Partial<ServiceAccountAdmissionOptions> = {}) {
  const calls: string[] = [];
  const admission = new ServiceAccountAdmission({
    getServiceAccount: async (namespace, name) => {
      calls.push(`${namespace}/${name}`);
      return accounts.find((a) => a.metadata.namespace === namespace && a.metadata.name === name);
    },
    retryIntervalMillis: () => 1,
    generateName: (base) => `${base}xxxxx`,
    ...options,
  });
  return { admission, calls };
}

function pod(spec: Record<string, unknown> = {}, annotations?: Record<string, string>): ApiObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ...(annotations && { annotations }) }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } };
}

function attrs(object: ApiObject | undefined, operation: Operation = 'CREATE', subresource = '', resource = 'pods') {
  return newAttributesRecord({ operation, kind: podKind, resource: { ...podResource, resource }, namespace: 'ns', name: 'p', object, subresource });
}

const specOf = (p: ApiObject) => p['spec'] as Record<string, unknown>;
const mount = { name: 'kube-api-access-xxxxx', readOnly: true, mountPath: DEFAULT_API_TOKEN_MOUNT_PATH };
const volume = { name: 'kube-api-access-xxxxx', projected: tokenVolumeSource() };

t.test('ServiceAccount: a pod naming no account gets default, the API access volume and its mounts', async (t) => {
  const { admission } = plugin([sa('default')]);
  const p = pod({ initContainers: [{ name: 'i', image: 'busybox' }] });
  await admission.admit({}, attrs(p));
  t.same(p['spec'], {
    containers: [{ name: 'c', image: 'nginx', volumeMounts: [mount] }],
    initContainers: [{ name: 'i', image: 'busybox', volumeMounts: [mount] }],
    serviceAccountName: 'default',
    volumes: [volume],
  });
  t.same(tokenVolumeSource(), {
    sources: [
      { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
    defaultMode: 420,
  });
  t.notOk(Object.hasOwn(specOf(p), 'imagePullSecrets'), 'an account without pull secrets adds none');
  await admission.validate({}, attrs(p));
});

t.test('ServiceAccount: the volume name is kube-api-access- and 5 characters of the generated-name alphabet', async (t) => {
  const admission = new ServiceAccountAdmission({ getServiceAccount: async () => sa('default') });
  const p = pod();
  await admission.admit({}, attrs(p));
  const [v] = specOf(p)['volumes'] as { name: string }[];
  t.match(v?.name, /^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
});

t.test('ServiceAccount: containers that mount the token path already, and an existing kube-api-access volume', async (t) => {
  const { admission } = plugin([sa('default')]);
  const own = { name: 'mine', mountPath: DEFAULT_API_TOKEN_MOUNT_PATH };
  const p = pod({ containers: [{ name: 'a', image: 'x', volumeMounts: [own] }, { name: 'b', image: 'x' }], volumes: [{ name: 'mine', emptyDir: {} }] });
  await admission.admit({}, attrs(p));
  const [a, b] = specOf(p)['containers'] as Record<string, unknown>[];
  t.same(a?.['volumeMounts'], [own], 'a container mounting the path keeps its own mount');
  t.same(b?.['volumeMounts'], [mount]);
  t.same(specOf(p)['volumes'], [{ name: 'mine', emptyDir: {} }, volume]);
  const all = pod({ containers: [{ name: 'a', image: 'x', volumeMounts: [own] }], volumes: [{ name: 'mine', emptyDir: {} }] });
  await admission.admit({}, attrs(all));
  t.same(specOf(all)['volumes'], [{ name: 'mine', emptyDir: {} }], 'no volume when no container needs it');
  const reused = pod({ volumes: [{ name: 'kube-api-access-abcde', projected: { sources: [] } }] });
  await admission.admit({}, attrs(reused));
  t.same(specOf(reused)['volumes'], [{ name: 'kube-api-access-abcde', projected: { sources: [] } }], 'an existing volume is reused as it is');
  t.same((specOf(reused)['containers'] as Record<string, unknown>[])[0]?.['volumeMounts'], [{ ...mount, name: 'kube-api-access-abcde' }]);
});

t.test('ServiceAccount: automountServiceAccountToken of the pod wins over the account’s; true when neither says', async (t) => {
  const cases: [pod: boolean | undefined, account: boolean | undefined, mounted: boolean][] = [
    [undefined, undefined, true],
    [undefined, false, false],
    [undefined, true, true],
    [true, false, true],
    [false, true, false],
    [false, undefined, false],
  ];
  for (const [own, accounts, mounted] of cases) {
    const { admission } = plugin([sa('default', accounts === undefined ? {} : { automountServiceAccountToken: accounts })]);
    const p = pod(own === undefined ? {} : { automountServiceAccountToken: own });
    await admission.admit({}, attrs(p));
    t.equal(Object.hasOwn(specOf(p), 'volumes'), mounted, `pod ${own}, account ${accounts}`);
  }
});

t.test('ServiceAccount: the account’s image pull secrets go to a pod that has none', async (t) => {
  const account = sa('builder', { imagePullSecrets: [{ name: 'reg-a' }, { name: 'reg-b' }] });
  const { admission } = plugin([account]);
  const p = pod({ serviceAccountName: 'builder', automountServiceAccountToken: false });
  await admission.admit({}, attrs(p));
  t.same(specOf(p)['imagePullSecrets'], [{ name: 'reg-a' }, { name: 'reg-b' }]);
  t.not(specOf(p)['imagePullSecrets'], account['imagePullSecrets'], 'a copy');
  const own = pod({ serviceAccountName: 'builder', imagePullSecrets: [{ name: 'mine' }] });
  await admission.admit({}, attrs(own));
  t.same(specOf(own)['imagePullSecrets'], [{ name: 'mine' }], 'a pod’s own pull secrets are kept');
});

t.test('ServiceAccount: a missing account is a 403; default is looked up ten times, another once', async (t) => {
  const { admission, calls } = plugin([]);
  const missingDefault = await statusOf(t, admission.admit({}, attrs(pod())));
  t.match(missingDefault, { code: 403, reason: 'Forbidden', message: 'pods "p" is forbidden: error looking up service account ns/default: serviceaccount "default" not found' });
  t.equal(calls.length, 10);
  calls.length = 0;
  const missing = await statusOf(t, admission.admit({}, attrs(pod({ serviceAccountName: 'robot' }))));
  t.equal(missing.message, 'pods "p" is forbidden: error looking up service account ns/robot: serviceaccount "robot" not found');
  t.same(calls, ['ns/robot']);
  const failing = new ServiceAccountAdmission({ getServiceAccount: () => Promise.reject(new Error('storage down')) });
  const failed = await statusOf(t, failing.admit({}, attrs(pod())));
  t.equal(failed.message, 'pods "p" is forbidden: error looking up service account ns/default: storage down', 'another failure is not retried');
});

t.test('ServiceAccount: default created by the controller while the pod waits is found', async (t) => {
  const accounts: ApiObject[] = [];
  const { admission, calls } = plugin(accounts);
  const admitted = admission.admit({}, attrs(pod()));
  await new Promise((r) => setTimeout(r, 3));
  accounts.push(sa('default'));
  await admitted;
  t.ok(calls.length > 1 && calls.length <= 10, `found after ${calls.length} lookups`);
});

t.test('ServiceAccount: the wait between lookups is one 100–200 ms interval by default', async (t) => {
  let n = 0;
  const admission = new ServiceAccountAdmission({ getServiceAccount: async () => (++n >= 2 ? sa('default') : undefined) });
  const started = performance.now();
  await admission.admit({}, attrs(pod()));
  const waited = performance.now() - started;
  t.ok(waited >= 99 && waited < 400, `waited ${Math.round(waited)} ms`);
});

t.test('ServiceAccount: other resources, subresources, operations and objects are ignored', async (t) => {
  const { admission, calls } = plugin([]);
  t.ok(admission.handles('CREATE') && admission.handles('UPDATE'));
  t.notOk(admission.handles('DELETE') || admission.handles('CONNECT'));
  await admission.admit({}, attrs(pod(), 'CREATE', '', 'services'));
  await admission.admit({}, attrs(pod(), 'CREATE', 'status'));
  await admission.admit({}, attrs(undefined));
  await admission.admit({}, attrs({ apiVersion: 'v1', kind: 'Service', metadata: {} }));
  await admission.admit({}, attrs(pod(), 'UPDATE'));
  await admission.validate({}, attrs(pod(), 'UPDATE'));
  await admission.validate({}, attrs(pod(), 'UPDATE', 'status'));
  t.same(calls, [], 'no lookup');
});

t.test('ServiceAccount: mirror pods are not changed and may reference no account, secret or token projection', async (t) => {
  const { admission, calls } = plugin([sa('default')]);
  const mirror = { 'kubernetes.io/config.mirror': 'abc' };
  const p = pod({}, mirror);
  await admission.admit({}, attrs(p));
  t.same(p['spec'], { containers: [{ name: 'c', image: 'nginx' }] }, 'unchanged');
  t.same(calls, []);
  const cases: [Record<string, unknown>, string][] = [
    [{ serviceAccountName: 'default' }, 'a mirror pod may not reference service accounts'],
    [{ volumes: [{ name: 'v', secret: { secretName: 's' } }] }, 'a mirror pod may not reference secrets'],
    [{ imagePullSecrets: [{ name: 'reg' }] }, 'a mirror pod may not reference secrets'],
    [{ containers: [{ name: 'c', image: 'x', envFrom: [{ secretRef: { name: 's' } }] }] }, 'a mirror pod may not reference secrets'],
    [{ ephemeralContainers: [{ name: 'e', image: 'x', env: [{ name: 'E', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }] }] }, 'a mirror pod may not reference secrets'],
    [{ volumes: [{ name: 'v', csi: { driver: 'd', nodePublishSecretRef: { name: 's' } } }] }, 'a mirror pod may not reference secrets'],
    [{ volumes: [{ name: 'v', projected: { sources: [{ secret: { name: 's' } }] } }] }, 'a mirror pod may not reference secrets'],
    [{ volumes: [{ name: 'v', projected: { sources: [{ serviceAccountToken: { path: 't' } }] } }] }, 'a mirror pod may not use ServiceAccountToken volume projections'],
  ];
  for (const [spec, message] of cases) {
    const status = await statusOf(t, admission.admit({}, attrs(pod(spec, mirror))));
    t.equal(status.message, `pods "p" is forbidden: ${message}`, message);
  }
  // An empty secret name is no reference.
  await admission.validate({}, attrs(pod({ volumes: [{ name: 'v', secret: { secretName: '' } }] }, mirror)));
});

t.test('ServiceAccount: validate refuses a new pod without an account name', async (t) => {
  const { admission } = plugin([sa('default')]);
  const status = await statusOf(t, admission.validate({}, attrs(pod())));
  t.equal(status.message, 'pods "p" is forbidden: no service account specified for pod ns/p');
});

const enforcing = sa('restricted', { secrets: [{ name: 'allowed' }], imagePullSecrets: [{ name: 'reg' }] }, { [ANNOTATION]: 'true' });

t.test('ServiceAccount: an enforcing account limits volumes, env, envFrom and pull secrets to what it lists', async (t) => {
  const { admission } = plugin([enforcing]);
  const env = (secret: string) => [{ name: 'E', valueFrom: { secretKeyRef: { name: secret, key: 'k' } } }];
  const account = { serviceAccountName: 'restricted', automountServiceAccountToken: false };
  await admission.admit({}, attrs(pod({ ...account, volumes: [{ name: 'v', secret: { secretName: 'allowed' } }], containers: [{ name: 'c', image: 'x', env: env('allowed') }] })));
  const cases: [Record<string, unknown>, string][] = [
    [{ volumes: [{ name: 'v', secret: { secretName: 'other' } }] }, 'volume with secret.secretName="other" is not allowed because service account restricted does not reference that secret'],
    [{ initContainers: [{ name: 'i', image: 'x', env: env('other') }] }, 'init container i with envVar E referencing secret.secretName="other" is not allowed because service account restricted does not reference that secret'],
    [{ initContainers: [{ name: 'i', image: 'x', envFrom: [{ secretRef: { name: 'other' } }] }] }, 'init container i with envFrom referencing secret.secretName="other" is not allowed because service account restricted does not reference that secret'],
    [{ containers: [{ name: 'c', image: 'x', env: env('other') }] }, 'container c with envVar E referencing secret.secretName="other" is not allowed because service account restricted does not reference that secret'],
    [{ containers: [{ name: 'c', image: 'x', envFrom: [{ secretRef: { name: 'other' } }] }] }, 'container c with envFrom referencing secret.secretName="other" is not allowed because service account restricted does not reference that secret'],
    [{ imagePullSecrets: [{ name: 'reg' }, { name: 'other' }] }, 'imagePullSecrets[1].name="other" is not allowed because service account restricted does not reference that imagePullSecret'],
  ];
  for (const [spec, message] of cases) {
    const status = await statusOf(t, admission.admit({}, attrs(pod({ ...account, ...spec }))));
    t.equal(status.message, `pods "p" is forbidden: ${message}`, message);
    t.equal((await statusOf(t, admission.validate({}, attrs(pod({ ...account, ...spec }))))).code, 403, 'validate alone too');
  }
});

t.test('ServiceAccount: the annotation must parse as a Go true; otherwise nothing is enforced', async (t) => {
  for (const [value, enforced] of [['true', true], ['1', true], ['T', true], ['TRUE', true], ['yes', false], ['false', false], ['', false]] as const) {
    const { admission } = plugin([sa('restricted', {}, { [ANNOTATION]: value })]);
    const p = pod({ serviceAccountName: 'restricted', volumes: [{ name: 'v', secret: { secretName: 'other' } }] });
    const outcome = admission.validate({}, attrs(p)).then(() => false, () => true);
    t.equal(await outcome, enforced, `annotation ${JSON.stringify(value)}`);
  }
});

t.test('ServiceAccount: ephemeral containers added later are held to an enforcing account', async (t) => {
  const { admission } = plugin([enforcing, sa('open')]);
  const ephemeral = (secret: string, serviceAccountName = 'restricted') =>
    pod({ serviceAccountName, ephemeralContainers: [{ name: 'debug', image: 'x', envFrom: [{ secretRef: { name: secret } }] }] });
  await admission.validate({}, attrs(ephemeral('allowed'), 'UPDATE', 'ephemeralcontainers'));
  await admission.validate({}, attrs(ephemeral('other', 'open'), 'UPDATE', 'ephemeralcontainers'));
  const refused = await statusOf(t, admission.validate({}, attrs(ephemeral('other'), 'UPDATE', 'ephemeralcontainers')));
  t.equal(refused.message, 'pods "p" is forbidden: ephemeral container debug with envFrom referencing secret.secretName="other" is not allowed because service account restricted does not reference that secret');
  const env = pod({ serviceAccountName: 'restricted', ephemeralContainers: [{ name: 'debug', image: 'x', env: [{ name: 'E', valueFrom: { secretKeyRef: { name: 'x', key: 'k' } } }] }] });
  t.match((await statusOf(t, admission.validate({}, attrs(env, 'UPDATE', 'ephemeralcontainers')))).message, /ephemeral container debug with envVar E referencing secret.secretName="x"/);
  const none = await statusOf(t, admission.validate({}, attrs(pod(), 'UPDATE', 'ephemeralcontainers')));
  t.equal(none.message, 'pods "p" is forbidden: no service account specified for pod ns/p');
  await admission.admit({}, attrs(ephemeral('other'), 'UPDATE', 'ephemeralcontainers'));
});
