/**
 * An aggregated API server behind kube-lite, as kube-apiserver's aggregator serves one: a Service naming the
 * backend, an APIService pointing at it, then kubectl lists and creates the backend's resources through kube-lite,
 * which proxies them with the user in X-Remote-User/X-Remote-Group. On memory and etcd.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findKubectl } from '@apiserver/testing';
import t from 'tap';
import { startWardleServer } from './aggregated/wardle-server.js';
import { BACKENDS, Kubectl, startEnv } from './harness.js';

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

const flunder = 'apiVersion: wardle.example.com/v1alpha1\nkind: Flunder\nmetadata: { name: f1, namespace: default }\nspec: { reference: f0 }\n';

for (const backend of BACKENDS) {
  t.test(`kubectl reaches an aggregated API server through kube-lite on ${backend}`, { skip: 'reason' in found ? found.reason : false }, async (t) => {
    if (!('binary' in found)) return;
    const env = await startEnv(t, backend);
    const wardle = await startWardleServer(path.join(env.workDir, 'wardle-certs'));
    t.teardown(() => wardle.stop());
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
    t.match(got, { apiVersion: 'wardle.example.com/v1alpha1', kind: 'Flunder', spec: { reference: 'f0' } });
    t.comment(JSON.stringify([...new Set(wardle.seen)]));
    t.ok(wardle.seen.includes('system:anonymous|system:unauthenticated'), "the backend saw kubectl's user (anonymous here) in X-Remote-* headers");

    await wardle.stop();
    const gone = await kubectl.run(['get', 'flunders', '--request-timeout=10s']);
    t.not(gone.code, 0, 'the group fails once its backend is down');
  });
}
