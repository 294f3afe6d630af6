/**
 * An aggregated API server behind kube-lite, as kube-apiserver's aggregator serves one: examples/sample-apiserver
 * (the wardle API: flunders, fischers, BanFlunder) started in this process, a Service naming it, an APIService
 * pointing at it, then kubectl lists and creates its resources through kube-lite, which proxies them with the user
 * in X-Remote-User/X-Remote-Group and its front-proxy client certificate. The backend delegates authentication and
 * authorization to kube-lite (its extension-apiserver-authentication ConfigMap, TokenReview, SubjectAccessReview):
 * forged headers sent to it directly are refused, and RBAC decides. On memory and etcd.
 */
import { writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import path from 'node:path';
import { type AuditBackend, type AuditEvent, loadKubeconfig, type RemoteAPIServerOptions } from '@apiserver/server';
import { findKubectl, tempDir } from '@apiserver/testing';
import t, { type Test } from 'tap';
import { type SampleServer, startSampleServer } from '../../../../examples/sample-apiserver/src/server.js';
import { BACKENDS, Kubectl, type KubeLiteEnv, startEnv } from './harness.js';

t.setTimeout(120_000);
const found = await findKubectl();

const manifests = (port: number): string =>
  [
    'apiVersion: v1',
    'kind: Service',
    'metadata: { name: wardle, namespace: default }',
    // kube-lite refuses loopback Endpoints (as upstream), so the backend is named by an ExternalName Service.
    'spec: { type: ExternalName, externalName: 127.0.0.1 }',
    '---',
    'apiVersion: apiregistration.k8s.io/v1',
    'kind: APIService',
    'metadata: { name: v1alpha1.wardle.example.com }',
    'spec:',
    '  group: wardle.example.com',
    '  version: v1alpha1',
    '  groupPriorityMinimum: 1000',
    '  versionPriority: 15',
    '  insecureSkipTLSVerify: true',
    `  service: { namespace: default, name: wardle, port: ${port} }`,
    '',
  ].join('\n');

/** GETs `path` from the backend directly (its self-signed certificate not checked), without a client certificate. */
function direct(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, rejectUnauthorized: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The sample server, with who asked (`user|group,group` per request, in order) read from its audit events. */
interface Wardle extends SampleServer {
  readonly seen: string[];
}

/** An audit backend keeping the user of each request as it is received. */
function userRecorder(seen: string[]): AuditBackend {
  return {
    processEvents(...events: AuditEvent[]) {
      for (const e of events) if (e.stage === 'RequestReceived') seen.push(`${e.user.username ?? ''}|${(e.user.groups ?? []).join(',')}`);
    },
    shutdown: () => undefined,
  };
}

/**
 * Starts examples/sample-apiserver on a free 127.0.0.1 port, delegating to kube-lite through `remote`, refusing
 * anonymous requests, its serving pair in the env's work dir; stopped at `t`'s teardown.
 */
async function startWardle(t: Test, env: KubeLiteEnv, remote: RemoteAPIServerOptions): Promise<Wardle> {
  const seen: string[] = [];
  const server = await startSampleServer({
    authentication: remote,
    authorization: remote,
    securePort: 0,
    bindAddress: '127.0.0.1',
    certDirectory: path.join(env.workDir, 'wardle-certs'),
    anonymous: false,
    audit: { policy: { rules: [{ level: 'Metadata' }] }, backend: userRecorder(seen) },
    log: () => undefined,
  });
  t.teardown(() => server.stop());
  return { ...server, seen };
}

const FLUNDERS = '/apis/wardle.example.com/v1alpha1/namespaces/default/flunders';

const fischer = 'apiVersion: wardle.example.com/v1alpha1\nkind: Fischer\nmetadata: { name: ban }\ndisallowedFlunders: [banned]\n';

/** A flunder whose unknown reference type the sample server drops with its reference, as upstream's conversion. */
const oddFlunder = 'apiVersion: wardle.example.com/v1alpha1\nkind: Flunder\nmetadata: { name: odd, namespace: default }\nspec: { reference: f1, referenceType: Bogus }\n';

/** Flunders the sample server refuses: a banned name (BanFlunder), reference types without a reference (ValidateFlunder). */
const refused = [
  'apiVersion: wardle.example.com/v1alpha1\nkind: Flunder\nmetadata: { name: banned, namespace: default }\n',
  'apiVersion: wardle.example.com/v1alpha1\nkind: Flunder\nmetadata: { name: noref, namespace: default }\nspec: { referenceType: Fischer }\n',
  'apiVersion: wardle.example.com/v1alpha1\nkind: Flunder\nmetadata: { name: noflunder, namespace: default }\nspec: { referenceType: Flunder }\n',
].join('---\n');

const flunder = 'apiVersion: wardle.example.com/v1alpha1\nkind: Flunder\nmetadata: { name: f1, namespace: default }\nspec: { reference: f0 }\n';

for (const backend of BACKENDS) {
  t.test(`kubectl reaches an aggregated API server through kube-lite on ${backend}`, { skip: 'reason' in found ? found.reason : false }, async (t) => {
    if (!('binary' in found)) return;
    const env = await startEnv(t, backend);
    const wardle = await startWardle(t, env, { server: env.url });
    const kubectl = new Kubectl(found.binary, env);
    const file = path.join(env.workDir, 'wardle.yaml');
    await writeFile(file, manifests(wardle.port));
    t.match(await kubectl.ok(t, ['create', '-f', file]), /service\/wardle created\napiservice.apiregistration.k8s.io\/v1alpha1.wardle.example.com created/);
    await kubectl.ok(t, ['wait', '--for=condition=Available', 'apiservice/v1alpha1.wardle.example.com', '--timeout=30s']);

    const apiServices = await kubectl.ok(t, ['get', 'apiservices']);
    t.match(apiServices, /v1alpha1\.wardle\.example\.com\s+default\/wardle\s+True/, 'the remote APIService is Available');
    t.match(apiServices, /v1\.apps\s+Local\s+True/, 'built-in group-versions are Local APIServices');
    t.match(await kubectl.ok(t, ['api-resources', '--api-group=wardle.example.com']), /flunders\s+fl\s+wardle\.example\.com\/v1alpha1\s+true\s+Flunder/);

    const flunderFile = path.join(env.workDir, 'flunder.yaml');
    await writeFile(flunderFile, flunder);
    t.match(await kubectl.ok(t, ['create', '-f', flunderFile]), /flunder.wardle.example.com\/f1 created/);
    t.match(await kubectl.ok(t, ['get', 'fl']), /NAME\s+CREATED AT\nf1\s+\d{4}-/, 'the default Table (no printer columns) from the backend');
    const got = await kubectl.getJson(t, ['flunders', 'f1']);
    t.match(got, { apiVersion: 'wardle.example.com/v1alpha1', kind: 'Flunder', spec: { reference: 'f0', referenceType: 'Flunder' } }, 'referenceType defaulted');
    t.comment(JSON.stringify([...new Set(wardle.seen)]));
    t.ok(wardle.seen.includes('system:anonymous|system:unauthenticated'), "the backend saw kubectl's user (anonymous here) in X-Remote-* headers");
    const forged = await direct(wardle.port, FLUNDERS, { 'x-remote-user': 'admin', 'x-remote-group': 'system:masters' });
    t.equal(forged.status, 401, `a direct request forging X-Remote-User is refused: ${forged.body}`);

    await wardle.stop();
    const gone = await kubectl.run(['get', 'flunders', '--request-timeout=10s']);
    t.not(gone.code, 0, 'the group fails once its backend is down');
  });
}

t.test('the backend authorizes by SubjectAccessReview against kube-lite RBAC', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const tokens = await tempDir('wardle-tokens-');
  t.teardown(tokens.remove);
  const tokenFile = path.join(tokens.path, 'tokens.csv');
  await writeFile(tokenFile, 'admin-token,admin,0,system:masters\n');
  // kubectl sends tokens over HTTPS only.
  const env = await startEnv(t, 'memory', { port: -1, securePort: 0, tokenAuthFile: tokenFile, authorizationModes: ['RBAC'], anonymousAuth: false });
  // kube-lite's kubeconfig (its first token, admin's) is what --authentication-kubeconfig and --authorization-kubeconfig name.
  const wardle = await startWardle(t, env, loadKubeconfig(env.kubeconfigPath));
  const kubectl = new Kubectl(found.binary, env);
  const file = path.join(env.workDir, 'wardle.yaml');
  await writeFile(file, manifests(wardle.port));
  await kubectl.ok(t, ['create', '-f', file]);
  await kubectl.ok(t, ['wait', '--for=condition=Available', 'apiservice/v1alpha1.wardle.example.com', '--timeout=30s']);
  await kubectl.ok(t, ['create', 'serviceaccount', 'reader']);
  await kubectl.ok(t, ['create', 'serviceaccount', 'jane']);
  await kubectl.ok(t, ['create', 'clusterrole', 'flunder-reader', '--verb=get,list', '--resource=flunders.wardle.example.com']);
  await kubectl.ok(t, ['create', 'rolebinding', 'reader', '--clusterrole=flunder-reader', '--serviceaccount=default:reader']);
  const reader = (await kubectl.ok(t, ['create', 'token', 'reader'])).trim();
  const jane = (await kubectl.ok(t, ['create', 'token', 'jane'])).trim();

  await createWardleObjects(t, kubectl, env);
  wardle.seen.length = 0;
  t.match(await kubectl.ok(t, ['get', 'flunders', `--token=${reader}`]), /^NAME\s+CREATED AT\nf1\s/);
  t.ok(
    wardle.seen.includes('system:serviceaccount:default:reader|system:serviceaccounts,system:serviceaccounts:default,system:authenticated'),
    `kubectl get flunders reached the backend as the service account: ${JSON.stringify(wardle.seen)}`,
  );
  await kubectl.fails(
    t,
    ['get', 'flunders', `--token=${jane}`],
    /Error from server \(Forbidden\): flunders.wardle.example.com is forbidden: User "system:serviceaccount:default:jane" cannot list resource "flunders" in API group "wardle.example.com" in the namespace "default"/,
  );
  await checkDirectRequests(t, wardle.port, reader, jane);
});

/**
 * Creates a fischer banning `banned`, flunder f1 and one with an unknown reference type through kube-lite, lists the
 * fischers, and has the sample server refuse a banned flunder and two that ValidateFlunder rejects.
 */
async function createWardleObjects(t: Test, kubectl: Kubectl, env: KubeLiteEnv): Promise<void> {
  const flunderFile = path.join(env.workDir, 'flunder.yaml');
  await writeFile(flunderFile, `${fischer}---\n${flunder}---\n${oddFlunder}`);
  t.match(await kubectl.ok(t, ['create', '-f', flunderFile]), /fischer.wardle.example.com\/ban created\nflunder.wardle.example.com\/f1 created\nflunder.wardle.example.com\/odd created/);
  t.match(await kubectl.ok(t, ['get', 'fischers']), /^NAME\s+CREATED AT\nban\s+\d{4}-/, 'the cluster-scoped fischers');
  const refusedFile = path.join(env.workDir, 'refused.yaml');
  await writeFile(refusedFile, refused);
  const refusals = await kubectl.run(['create', '-f', refusedFile]);
  t.not(refusals.code, 0, 'no flunder is created');
  const messages: readonly [string, string][] = [
    ['flunders.wardle.example.com "banned" is forbidden: this name may not be used, please change the resource name', "BanFlunder refuses a name a fischer's disallowedFlunders lists"],
    ['Flunder.wardle.example.com "noref" is invalid: spec.fischerReference: Required value: cannot be empty if referenceType is Fischer', 'ValidateFlunder: a Fischer type needs a reference'],
    ['Flunder.wardle.example.com "noflunder" is invalid: spec.flunderReference: Required value: cannot be empty if referenceType is Flunder', 'ValidateFlunder: a Flunder type needs a reference'],
  ];
  for (const [message, what] of messages) t.match(refusals.stderr, message, what);
}

/** Requests sent to the sample server directly: tokens reviewed by kube-lite, RBAC by its SubjectAccessReview, forgeries refused. */
async function checkDirectRequests(t: Test, port: number, reader: string, jane: string): Promise<void> {
  const allowed = await direct(port, FLUNDERS, { authorization: `Bearer ${reader}` });
  t.equal(allowed.status, 200, `reader's token, reviewed by kube-lite, is allowed by RBAC: ${allowed.body}`);
  const listed = JSON.parse(allowed.body) as { items?: { metadata: { name: string }; spec?: unknown }[] };
  t.strictSame(
    listed.items?.map((f) => [f.metadata.name, f.spec]),
    [['f1', { reference: 'f0', referenceType: 'Flunder' }], ['odd', {}]],
    'f1 defaulted to a Flunder reference; the unknown reference type was dropped with its reference',
  );
  const denied = await direct(port, FLUNDERS, { authorization: `Bearer ${jane}` });
  t.equal(denied.status, 403, 'jane is denied by the SubjectAccessReview');
  t.match(JSON.parse(denied.body), { kind: 'Status', reason: 'Forbidden', message: /User "system:serviceaccount:default:jane" cannot list resource "flunders" in API group "wardle.example.com" in the namespace "default"/ });
  t.equal((await direct(port, FLUNDERS, { authorization: 'Bearer forged' })).status, 401, 'a token kube-lite does not know');
  t.equal((await direct(port, FLUNDERS, { 'x-remote-user': 'system:serviceaccount:default:reader' })).status, 401, 'forged headers without the proxy certificate');
  t.equal((await direct(port, '/healthz', {})).status, 401, 'anonymous requests are refused even for health paths');
  t.equal((await direct(port, FLUNDERS, { authorization: 'Bearer admin-token' })).status, 401, "kube-lite's TokenReview knows service account tokens only");
}
