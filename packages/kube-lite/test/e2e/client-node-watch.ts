/** @kubernetes/client-node (2.0 on Node 22+, 1.4 on Node 20) Watch and makeInformer against kube-lite, including 410 Gone handling. */
import type * as ClientNode from '@kubernetes/client-node';
import type { Test } from 'tap';
import { kubeConfig, until } from './client-node-suite.js';
import { k8s } from './client-node-module.js';
import type { KubeLiteEnv } from './harness.js';

interface SeenEvent {
  readonly type: string;
  readonly name: string | undefined;
  readonly data: unknown;
}

/** The first line of a watch from resourceVersion 1 that the server ends after 1 s: a 410 ERROR event, or not. */
async function watchFromOne(env: KubeLiteEnv, ns: string): Promise<string> {
  const res = await fetch(`${env.url}/api/v1/namespaces/${ns}/configmaps?watch=true&resourceVersion=1&timeoutSeconds=1`, {
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return res.status === 410 ? 'HTTP 410' : (text.split('\n')[0] ?? '');
}

/**
 * Writes to one ConfigMap until resourceVersion 1 has left the watch window of the configmaps watch cache
 * (a bounded event ring), so a watch from it must answer 410 Gone. On a fresh server the window may still
 * reach back to the first revision, where replaying from 1 is correct.
 */
export async function forceExpiry(t: Test, env: KubeLiteEnv, ns: string): Promise<number> {
  const core = kubeConfig(env).makeApiClient(k8s.CoreV1Api);
  await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'churn' }, data: { n: '0' } } });
  const merge = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);
  let writes = 0;
  for (let round = 0; round < 12; round++) {
    if (/"code":410|HTTP 410/.test(await watchFromOne(env, ns))) return writes;
    for (let batch = 0; batch < 32; batch++) {
      await Promise.all(
        Array.from({ length: 8 }, () => core.patchNamespacedConfigMap({ name: 'churn', namespace: ns, body: { data: { n: String(++writes) } } }, merge)),
      );
    }
  }
  t.fail(`a watch from resourceVersion 1 still replays after ${writes} writes`);
  return writes;
}

/** Watch from a list's resourceVersion sees ADDED, MODIFIED and DELETED, then ends cleanly on abort. */
export async function watchEvents(t: Test, env: KubeLiteEnv, ns: string): Promise<void> {
  const kc = kubeConfig(env);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
  const rv = (await core.listNamespacedConfigMap({ namespace: ns })).metadata?.resourceVersion;
  const events: SeenEvent[] = [];
  let doneWith: unknown = 'not done';
  const controller = await new k8s.Watch(kc).watch(
    `/api/v1/namespaces/${ns}/configmaps`,
    { resourceVersion: rv },
    (type, obj: ClientNode.V1ConfigMap) => events.push({ type, name: obj.metadata?.name, data: obj.data }),
    (err) => {
      doneWith = err;
    },
  );
  try {
    await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'w' }, data: { v: '1' } } });
    const merge = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);
    await core.patchNamespacedConfigMap({ name: 'w', namespace: ns, body: { data: { v: '2' } } }, merge);
    await core.deleteNamespacedConfigMap({ name: 'w', namespace: ns });
    await until('three watch events', () => events.length >= 3);
    t.same(events, [
      { type: 'ADDED', name: 'w', data: { v: '1' } },
      { type: 'MODIFIED', name: 'w', data: { v: '2' } },
      { type: 'DELETED', name: 'w', data: { v: '2' } },
    ]);
    t.equal(doneWith, 'not done', 'the watch stays open');
  } finally {
    controller.abort();
  }

  // A resourceVersion older than the watch window: 410 Gone, as an HTTP status or an ERROR event.
  t.comment(`resourceVersion 1 expired after ${await forceExpiry(t, env, ns)} writes`);
  const gone: SeenEvent[] = [];
  let goneDone: unknown = 'not done';
  const old = await new k8s.Watch(kc).watch(
    `/api/v1/namespaces/${ns}/configmaps`,
    { resourceVersion: '1' },
    (type, obj: unknown) => gone.push({ type, name: undefined, data: obj }),
    (err) => {
      goneDone = err;
    },
  );
  try {
    await until('410 on a too-old resourceVersion', () => gone.length > 0 || goneDone !== 'not done');
    if (gone.length > 0) {
      t.match(gone[0], { type: 'ERROR', data: { kind: 'Status', code: 410, reason: 'Expired', message: /too old resource version/ } });
      await until('the server ends the watch after the ERROR event', () => goneDone !== 'not done');
      t.equal(goneDone, null, 'stream ended cleanly');
    } else {
      t.match(goneDone, { statusCode: 410 });
    }
  } finally {
    old.abort();
  }
}

/** makeInformer sees add/update/delete and relists after its first watch gets 410 Gone. */
export async function informer(t: Test, env: KubeLiteEnv, ns: string): Promise<void> {
  const kc = kubeConfig(env);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'before' }, data: { v: '0' } } });
  let lists = 0;
  // The first list claims a resourceVersion far older than the watch window, forcing 410 and a relist.
  const listFn = async (): Promise<ClientNode.V1ConfigMapList> => {
    lists++;
    const list = await core.listNamespacedConfigMap({ namespace: ns });
    if (lists === 1) list.metadata = { ...list.metadata, resourceVersion: '1' };
    return list;
  };
  const inf = k8s.makeInformer(kc, `/api/v1/namespaces/${ns}/configmaps`, listFn);
  const seen: string[] = [];
  const errors: unknown[] = [];
  inf.on('add', (o) => seen.push(`add ${o.metadata?.name} ${o.data?.v}`));
  inf.on('update', (o) => seen.push(`update ${o.metadata?.name} ${o.data?.v}`));
  inf.on('delete', (o) => seen.push(`delete ${o.metadata?.name}`));
  inf.on('error', (err) => errors.push(err));
  await inf.start();
  try {
    await until('the relist after 410', () => lists >= 2 || errors.length > 0, 15_000);
    t.same(errors, [], 'no informer errors');
    t.ok(lists >= 2, `relisted after 410 (${lists} lists)`);
    t.same(seen.slice(0, 1), ['add before 0']);
    await new Promise((r) => setTimeout(r, 300)); // the watch after the relist is being opened
    await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'later' }, data: { v: '1' } } });
    await until('add later', () => seen.includes('add later 1'));
    const merge = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);
    await core.patchNamespacedConfigMap({ name: 'later', namespace: ns, body: { data: { v: '2' } } }, merge);
    await until('update later', () => seen.includes('update later 2'));
    await core.deleteNamespacedConfigMap({ name: 'before', namespace: ns });
    await until('delete before', () => seen.includes('delete before'));
    t.same(inf.list(ns).map((o) => o.metadata?.name).sort(), ['churn', 'later'], 'cache follows the changes');
    t.equal(inf.get('later', ns)?.data?.v, '2');
  } finally {
    await inf.stop();
  }
}
