/**
 * @kubernetes/client-node (2.0 on Node 22+, 1.4 on Node 20: see client-node-module.ts) against kube-lite: typed CRUD (CoreV1Api, AppsV1Api), merge and strategic
 * patches, Watch, an informer relisting after 410 Gone, KubernetesObjectApi and Health.
 */
import type * as ClientNode from '@kubernetes/client-node';
import type { Test } from 'tap';
import { k8s } from './client-node-module.js';
import type { KubeLiteEnv } from './harness.js';

/** Polls `check` (synchronous or not) every 25 ms until it is true; rejects with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejection(t: Test, promise: Promise<unknown>, what: string): Promise<unknown> {
  try {
    await promise;
    t.fail(`${what} should have failed`);
    return undefined;
  } catch (err) {
    return err;
  }
}

/** The HTTP code and the (JSON-decoded where it parses) body of a client-node ApiException; code -1 for anything else. */
export function apiError(err: unknown): { code: number; body: unknown } {
  if (err instanceof k8s.ApiException) {
    const raw: unknown = err.body;
    let body: unknown = raw;
    try {
      body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    } catch {
      // not JSON: keep the text
    }
    return { code: err.code, body };
  }
  return { code: -1, body: String(err) };
}

/** A KubeConfig loaded from the kube-lite fixture's kubeconfig file. */
export function kubeConfig(env: KubeLiteEnv): ClientNode.KubeConfig {
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(env.kubeconfigPath);
  return kc;
}

/** Health (/readyz, /livez answer 200 themselves, not through the 404 fallback). */
export async function health(t: Test, env: KubeLiteEnv): Promise<void> {
  const h = new k8s.Health(kubeConfig(env));
  t.equal(await h.readyz({}), true, 'readyz');
  t.equal(await h.livez({}), true, 'livez');
  for (const path of ['/readyz', '/livez', '/healthz']) {
    const res = await fetch(`${env.url}${path}`);
    t.equal(res.status, 200, `${path} status`);
    t.equal(await res.text(), 'ok', `${path} body`);
  }
}

/** Typed CRUD on ConfigMaps plus every patch type through CoreV1Api. */
export async function coreCrud(t: Test, env: KubeLiteEnv, ns: string): Promise<void> {
  const core = kubeConfig(env).makeApiClient(k8s.CoreV1Api);
  const created = await core.createNamespace({ body: { metadata: { name: ns } } });
  t.match(created, { metadata: { name: ns, uid: /\S/ }, status: { phase: 'Active' } });
  const cm = await core.createNamespacedConfigMap({
    namespace: ns,
    body: { metadata: { name: 'cfg', labels: { app: 'demo' } }, data: { a: '1' } },
  });
  t.match(cm, { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'cfg', namespace: ns, resourceVersion: /^\d+$/ } });
  t.ok(cm.metadata?.creationTimestamp instanceof Date, 'creationTimestamp parsed as a date');
  const read = await core.readNamespacedConfigMap({ name: 'cfg', namespace: ns });
  t.same(read.data, { a: '1' });
  const list = await core.listNamespacedConfigMap({ namespace: ns });
  t.same(list.items.map((i) => i.metadata?.name), ['cfg']);
  t.match(list.metadata?.resourceVersion, /^\d+$/);
  const all = await core.listConfigMapForAllNamespaces({ labelSelector: 'app=demo' });
  t.same(all.items.map((i) => `${i.metadata?.namespace}/${i.metadata?.name}`), [`${ns}/cfg`]);

  // replace sends the object as read: dates re-serialised with milliseconds, resourceVersion kept.
  read.data = { a: '2' };
  const replaced = await core.replaceNamespacedConfigMap({ name: 'cfg', namespace: ns, body: read });
  t.same(replaced.data, { a: '2' });
  t.not(replaced.metadata?.resourceVersion, read.metadata?.resourceVersion);
  const conflict = apiError(await rejection(t, core.replaceNamespacedConfigMap({ name: 'cfg', namespace: ns, body: read }), 'stale replace'));
  t.match(conflict, { code: 409, body: { kind: 'Status', reason: 'Conflict' } });

  const merge = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);
  const merged = await core.patchNamespacedConfigMap({ name: 'cfg', namespace: ns, body: { data: { m: 'merge' } } }, merge);
  t.same(merged.data, { a: '2', m: 'merge' });
  const strategic = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.StrategicMergePatch);
  const smp = await core.patchNamespacedConfigMap({ name: 'cfg', namespace: ns, body: { data: { s: 'smp', a: null } } }, strategic);
  t.same(smp.data, { m: 'merge', s: 'smp' });
  const jsonPatch = await core.patchNamespacedConfigMap({
    name: 'cfg',
    namespace: ns,
    body: [{ op: 'replace', path: '/data/m', value: 'json' }],
  });
  t.same(jsonPatch.data, { m: 'json', s: 'smp' }, 'default Content-Type is json-patch');
  // An object body under the default json-patch Content-Type is the client's mistake: a Status, not a 500.
  const wrong = apiError(await rejection(t, core.patchNamespacedConfigMap({ name: 'cfg', namespace: ns, body: { data: {} } }), 'object as json-patch'));
  t.ok(wrong.code >= 400 && wrong.code < 500, `object body as json-patch is a 4xx (got ${wrong.code})`);
  t.match(wrong.body, { kind: 'Status', status: 'Failure' });

  await core.deleteNamespacedConfigMap({ name: 'cfg', namespace: ns });
  const missing = apiError(await rejection(t, core.readNamespacedConfigMap({ name: 'cfg', namespace: ns }), 'read after delete'));
  t.match(missing, { code: 404, body: { kind: 'Status', reason: 'NotFound', details: { name: 'cfg', kind: 'configmaps' } } });
}

/** Typed CRUD on Deployments with the scale and status subresources through AppsV1Api. */
export async function appsCrud(t: Test, env: KubeLiteEnv, ns: string): Promise<void> {
  const apps = kubeConfig(env).makeApiClient(k8s.AppsV1Api);
  const labels = { app: 'web' };
  const deploy = await apps.createNamespacedDeployment({
    namespace: ns,
    body: {
      metadata: { name: 'web' },
      spec: { replicas: 1, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } },
    },
  });
  t.match(deploy, { kind: 'Deployment', apiVersion: 'apps/v1', metadata: { generation: 1 }, spec: { replicas: 1, strategy: { type: 'RollingUpdate' } } });
  const scale = await apps.readNamespacedDeploymentScale({ name: 'web', namespace: ns });
  t.match(scale, { kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 1 }, status: { selector: 'app=web' } });
  const merge = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);
  const scaled = await apps.patchNamespacedDeploymentScale({ name: 'web', namespace: ns, body: { spec: { replicas: 4 } } }, merge);
  t.equal(scaled.spec?.replicas, 4);
  const strategic = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.StrategicMergePatch);
  const patched = await apps.patchNamespacedDeployment(
    { name: 'web', namespace: ns, body: { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } } } } },
    strategic,
  );
  t.match(patched.spec, { replicas: 4, template: { spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } } });
  t.equal(patched.spec?.template.spec?.containers.length, 1, 'strategic merge by container name');
  t.equal(patched.metadata?.generation, 3, 'spec changes bump generation');
  const withStatus = await apps.readNamespacedDeployment({ name: 'web', namespace: ns });
  withStatus.status = { replicas: 4, readyReplicas: 2, observedGeneration: 3 };
  const statusPut = await apps.replaceNamespacedDeploymentStatus({ name: 'web', namespace: ns, body: withStatus });
  t.match(statusPut.status, { replicas: 4, readyReplicas: 2, observedGeneration: 3 });
  t.equal(statusPut.metadata?.generation, 3, 'status writes do not bump generation');
  const list = await apps.listNamespacedDeployment({ namespace: ns });
  t.same(list.items.map((d) => d.metadata?.name), ['web']);
  await apps.deleteNamespacedDeployment({ name: 'web', namespace: ns });
  t.same((await apps.listNamespacedDeployment({ namespace: ns })).items, []);
}

/** KubernetesObjectApi: kind → resource through discovery, then generic create/read/patch/list/replace/delete. */
export async function objectApi(t: Test, env: KubeLiteEnv, ns: string): Promise<void> {
  const client = k8s.KubernetesObjectApi.makeApiClient(kubeConfig(env));
  const spec = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'leader', namespace: ns }, spec: { holderIdentity: 'a', leaseDurationSeconds: 15 } };
  const created = await client.create(spec);
  t.match(created, { kind: 'Lease', metadata: { name: 'leader', namespace: ns }, spec: { holderIdentity: 'a' } });
  const read = await client.read({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'leader', namespace: ns } });
  t.match(read, { spec: { holderIdentity: 'a', leaseDurationSeconds: 15 } });
  const patched = await client.patch(
    { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'leader', namespace: ns }, spec: { holderIdentity: 'b' } },
    undefined, undefined, undefined, undefined, k8s.PatchStrategy.MergePatch,
  );
  t.match(patched, { spec: { holderIdentity: 'b', leaseDurationSeconds: 15 } });
  const cm = await client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'generic', namespace: ns }, data: { x: '1' } });
  t.match(cm, { kind: 'ConfigMap', data: { x: '1' } });
  const smp = await client.patch({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'generic', namespace: ns }, data: { y: '2' } });
  t.match(smp, { data: { x: '1', y: '2' } }, 'default strategic merge patch');
  const list = await client.list('v1', 'ConfigMap', ns);
  t.same(list.items.map((i) => i.metadata?.name), ['generic']);
  const replaced = await client.replace({ ...smp, data: { z: '3' } });
  t.match(replaced, { data: { z: '3' } });
  await client.delete({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'generic', namespace: ns } });
  await client.delete({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'leader', namespace: ns } });
  t.same((await client.list('coordination.k8s.io/v1', 'Lease', ns)).items, []);
}
