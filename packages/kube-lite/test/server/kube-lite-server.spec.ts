import { existsSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import t from 'tap';
import { parse } from 'yaml';
import type { RESTOptionsGetter, RESTStorageProvider } from '../../src/registry/rest-options.js';
import { KubeLiteOptionsError } from '../../src/server/config.js';
import { KubeLiteServer } from '../../src/server/kube-lite-server.js';
import { defaultKubeLiteOptions } from '../../src/server/options.js';

const scheme = newBuiltinScheme();

function store(getter: RESTOptionsGetter, kind: string, resource: string, namespaced: boolean): Store {
  const strategy = new GenericStrategy({ namespaceScoped: namespaced });
  const { storage, resourcePrefix } = getter.getRESTOptions({ group: '', resource });
  return new Store({
    newObject: () => ({ apiVersion: 'v1', kind, metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: `${kind}List`, metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource },
    singularQualifiedResource: { group: '', resource: kind.toLowerCase() },
    storage,
    resourcePrefix,
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
}

/** A user's own core group: namespaces and configmaps with generic strategies. */
const coreProvider: RESTStorageProvider = {
  groupName: () => '',
  newRESTStorage: (_config, getter): APIGroupInfo => ({
    prioritizedVersions: [{ group: '', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { namespaces: store(getter, 'Namespace', 'namespaces', false), configmaps: store(getter, 'ConfigMap', 'configmaps', true) } },
    scheme,
  }),
};

async function getJSON(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

t.test('a server from providers: bootstrap namespaces, admission, kubeconfig, stop', async (t) => {
  const server = await KubeLiteServer.start({ options: { ...defaultKubeLiteOptions(), port: 0, watchCache: true }, providers: [coreProvider], log: () => undefined, kubeconfigPath: `${t.testdir()}/kubeconfig` });
  t.teardown(() => server.stop());
  t.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const kubeconfig = parse(readFileSync(server.kubeconfigPath, 'utf8'));
  t.equal(kubeconfig.clusters[0].cluster.server, server.url);
  let ready = 0;
  for (let i = 0; i < 200 && ready !== 200; i++) {
    ready = (await fetch(`${server.url}/readyz`)).status;
    if (ready !== 200) await new Promise((r) => setTimeout(r, 10));
  }
  t.equal(ready, 200, 'ready once the bootstrap hooks ran');
  const verbose = await (await fetch(`${server.url}/readyz?verbose`)).text();
  t.match(verbose, /\[\+\]storage ok/);
  t.match(verbose, /\[\+\]poststarthook\/start-system-namespaces-controller ok/);
  t.match(verbose, /\[\+\]poststarthook\/bootstrap-controller ok/);
  const list = await getJSON(`${server.url}/api/v1/namespaces`);
  const names = (list.body.items as ApiObject[]).map((n) => n.metadata.name).sort();
  t.same(names, ['default', 'kube-node-lease', 'kube-public', 'kube-system']);
  const create = (ns: string): Promise<Response> =>
    fetch(`${server.url}/api/v1/namespaces/${ns}/configmaps`, { method: 'POST', body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }), headers: { 'content-type': 'application/json' } });
  t.equal((await create('default')).status, 201);
  const missing = await create('nope');
  t.equal(missing.status, 404, 'NamespaceLifecycle admission rejects a missing namespace');
  t.match(await missing.json(), { kind: 'Status', reason: 'NotFound', message: 'namespaces "nope" not found' });
  await server.stop();
  await server.stop();
  await t.rejects(fetch(`${server.url}/readyz`), 'no longer listening');
});

t.test('invalid options are all reported before anything starts', async (t) => {
  await t.rejects(
    KubeLiteServer.start({ options: { ...defaultKubeLiteOptions(), port: -1, storageBackend: 'etcd3' }, providers: [coreProvider] }),
    new KubeLiteOptionsError(['--port and --secure-port are both disabled: nothing to serve on', '--etcd-servers must be specified with --storage-backend=etcd3']),
  );
});

t.test('TLS: a self-signed pair in the cert dir, and a kubeconfig that trusts it', async (t) => {
  const dir = t.testdir();
  const server = await KubeLiteServer.start({
    options: { ...defaultKubeLiteOptions(), port: -1, securePort: 0, certDir: `${dir}/certs` },
    providers: [coreProvider],
    log: () => undefined,
    kubeconfigPath: `${dir}/kubeconfig`,
  });
  t.teardown(() => server.stop());
  t.match(server.url, /^https:\/\/127\.0\.0\.1:\d+$/);
  const cluster = parse(readFileSync(`${dir}/kubeconfig`, 'utf8')).clusters[0].cluster;
  t.notOk(cluster['insecure-skip-tls-verify'], 'verification stays on');
  const ca = Buffer.from(cluster['certificate-authority-data'], 'base64').toString('utf8');
  t.equal(ca, readFileSync(`${dir}/certs/apiserver.crt`, 'utf8'), 'the generated certificate is the CA');
  const body = await new Promise<string>((resolve, reject) => {
    https.get(`${server.url}/version`, { ca, agent: false }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => {
        text += d.toString();
      });
      res.on('end', () => resolve(text));
    }).on('error', reject);
  });
  t.match(JSON.parse(body), { major: '1', minor: '32' }, 'served over TLS, verified against the kubeconfig CA');
});

t.test('a kubeconfig written to a directory of its own in the OS temp dir is removed with it at stop', async (t) => {
  const server = await KubeLiteServer.start({ options: { ...defaultKubeLiteOptions(), port: 0 }, providers: [coreProvider], log: () => undefined });
  const dir = dirname(server.kubeconfigPath);
  t.equal(dirname(dir), tmpdir());
  t.ok(existsSync(server.kubeconfigPath), 'written at start');
  await server.stop();
  t.notOk(existsSync(dir), 'its directory is gone once stopped (no temp directory left per run)');
  const [one, two] = await Promise.all([0, 1].map(() => KubeLiteServer.start({ options: { ...defaultKubeLiteOptions(), port: 0 }, providers: [coreProvider], log: () => undefined })));
  t.not(one?.kubeconfigPath, two?.kubeconfigPath, 'two servers of one process get directories of their own');
  await one?.stop();
  t.ok(two !== undefined && existsSync(two.kubeconfigPath), "stopping one leaves the other's kubeconfig");
  await two?.stop();
  const kept = await KubeLiteServer.start({ options: { ...defaultKubeLiteOptions(), port: 0 }, providers: [coreProvider], log: () => undefined, kubeconfigPath: `${t.testdir()}/kubeconfig` });
  await kept.stop();
  t.ok(existsSync(kept.kubeconfigPath), 'a path given by the caller is left alone');
});
