import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';
import { parse } from 'yaml';
import { assembleKubeLite } from '../../src/server/assembly.js';
import { CompletedKubeLiteConfig, effectiveWatchCacheSizes, KubeLiteConfig, KubeLiteOptionsError } from '../../src/server/config.js';
import { defaultKubeLiteOptions, type KubeLiteOptions } from '../../src/server/options.js';
import { createServerChain } from '../../src/server/server-chain.js';

const quiet = (): undefined => undefined;

function options(extra: Partial<KubeLiteOptions> = {}): KubeLiteOptions {
  return { ...defaultKubeLiteOptions(), port: 0, ...extra };
}

t.test('fromOptions reports every invalid value at once, before any storage opens', async (t) => {
  const o = options({ port: 70000, etcdPrefix: 'registry', watchCacheSizes: ['pods#x'], authorizationModes: ['Webhook'] });
  try {
    KubeLiteConfig.fromOptions({ options: o, providers: [] });
    t.fail('expected KubeLiteOptionsError');
  } catch (err) {
    t.type(err, KubeLiteOptionsError);
    t.same((err as KubeLiteOptionsError).errors, [
      '--port 70000 must be between 0 and 65535, inclusive (-1 disables)',
      '--etcd-prefix "registry" must start with "/"',
      'invalid size of watch cache size: pods#x',
      'authorization-mode "Webhook" is not a valid mode (supported: AlwaysAllow, AlwaysDeny, RBAC)',
    ]);
  }
});

t.test('complete() fills the defaults the options leave open', async (t) => {
  const dir = t.testdir();
  const completed = KubeLiteConfig.fromOptions({ options: options({ dataDir: dir, runtimeConfig: { 'apps/v1': 'false' } }), providers: [] }).complete();
  t.type(completed, CompletedKubeLiteConfig);
  t.equal(completed.kubeconfigPath, `${dir}/kubeconfig`, 'kubeconfig beside the data');
  t.equal(completed.storageBackend.dataDir, `${dir}/storage`);
  t.equal(completed.secureServing, undefined, 'no HTTPS without --secure-port');
  t.equal(completed.apiResourceConfig.versionEnabled({ group: 'apps', version: 'v1' }), false, '--runtime-config applied');
  t.equal(completed.apiResourceConfig.versionEnabled({ group: '', version: 'v1' }), true);
  t.equal(completed.apiResourceConfig.anyResourceForGroupEnabled('example.com'), true, 'groups the registry does not know stay enabled');
  const secure = KubeLiteConfig.fromOptions({ options: options({ securePort: 0, certDir: `${dir}/certs` }), providers: [] }).complete();
  t.match(secure.secureServing, { port: 0, certDirectory: `${dir}/certs` });
});

t.test('upstream default watch cache sizes: events are not watch-cached unless a flag says so', async (t) => {
  t.same([...effectiveWatchCacheSizes(options())], [['events', 0], ['events.events.k8s.io', 0]]);
  t.same(effectiveWatchCacheSizes(options({ watchCacheSizes: ['events#100', 'pods#5'] })).get('events'), 100, 'the flag overrides the default');
  const o = options();
  const chain = await createServerChain(KubeLiteConfig.fromOptions({ options: o, ...assembleKubeLite(o), log: quiet }).complete());
  t.teardown(() => chain.shutdown());
  const cached = chain.kubeAPIServer.storageFactory.watchCachedResources();
  t.notOk(cached.includes('events'), 'events storage is undecorated');
  t.ok(cached.includes('pods') && cached.includes('configmaps'), 'other resources are watch-cached');
  t.same(chain.kubeAPIServer.storageFactory.configFor({ group: '', resource: 'events' }).watchCache, undefined);
  t.equal(chain.kubeAPIServer.authorization.authorizeWithSelectors, true, 'AuthorizeWithSelectors is on by default (beta in 1.32)');
});

t.test('options → config → completed → chain → prepareRun → run(signal)', async (t) => {
  const dir = t.testdir();
  // With a feature gate set, to see it reach the servers and the storages.
  const o = options({ featureGates: { AuthorizeWithSelectors: false } });
  const completed = KubeLiteConfig.fromOptions({ options: o, ...assembleKubeLite(o), log: quiet, kubeconfigPath: `${dir}/kubeconfig` }).complete();
  const chain = await createServerChain(completed);
  t.equal(chain.server, chain.aggregator?.genericAPIServer, 'the aggregator fronts the chain');
  t.not(chain.server, chain.kubeAPIServer.genericAPIServer);
  const stop = new AbortController();
  let url = '';
  const running = chain.prepareRun().run(stop.signal, ({ urls, kubeconfigPath }) => {
    url = urls[0] ?? '';
    t.equal(kubeconfigPath, `${dir}/kubeconfig`);
  });
  while (url === '') await new Promise((r) => setTimeout(r, 5));
  t.ok(existsSync(`${dir}/kubeconfig`));
  t.equal(parse(readFileSync(`${dir}/kubeconfig`, 'utf8')).clusters[0].cluster.server, url);
  let ready = 0;
  for (let i = 0; i < 300 && ready !== 200; i++) {
    ready = (await fetch(`${url}/readyz`)).status;
    if (ready !== 200) await new Promise((r) => setTimeout(r, 10));
  }
  t.equal(ready, 200);
  const svc = (await (await fetch(`${url}/api/v1/namespaces/default/services/kubernetes`)).json()) as { spec: { clusterIP: string } };
  t.equal(svc.spec.clusterIP, '10.0.0.1', 'bootstrap controller ran with the listening endpoint');
  const verbose = await (await fetch(`${url}/readyz?verbose`)).text();
  for (const check of ['storage', 'poststarthook/bootstrap-controller', 'poststarthook/start-system-namespaces-controller', 'autoregister-completion']) {
    t.match(verbose, `[+]${check} ok`, `${check}: the kube API server's checks and hooks are the front's`);
  }
  const apiService = (await (await fetch(`${url}/apis/apiregistration.k8s.io/v1/apiservices/v1.apps`)).json()) as { spec: Record<string, unknown>; status: { conditions: Array<{ type: string; status: string; reason: string }> } };
  t.match(apiService.spec, { group: 'apps', version: 'v1', groupPriorityMinimum: 17800, versionPriority: 15 }, 'built-in group-versions are auto-registered');
  t.match(apiService.status.conditions, [{ type: 'Available', status: 'True', reason: 'Local' }]);
  t.equal(chain.kubeAPIServer.authorization.authorizeWithSelectors, false, '--feature-gates=AuthorizeWithSelectors=false reaches the handler chains');
  const review = { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'u', resourceAttributes: { verb: 'list', resource: 'pods', labelSelector: { rawSelector: 'a=b' } } } };
  const reviewed = (await (await fetch(`${url}/apis/authorization.k8s.io/v1/subjectaccessreviews`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(review) })).json()) as { spec: unknown };
  t.same(reviewed.spec, { user: 'u', resourceAttributes: { verb: 'list', resource: 'pods' } }, '… and the access reviews, which drop the selectors');
  stop.abort();
  await running;
  await t.rejects(fetch(`${url}/readyz`), 'stopped after the abort');
  await t.rejects(chain.kubeAPIServer.storageFactory.readinessCheck(), 'storage closed');
});
