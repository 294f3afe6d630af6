/**
 * The storage's health checks on real etcd, named and ordered as kube-apiserver 1.32 shows them: `etcd` on
 * /healthz, /livez and /readyz right after `ping` and `log`; `etcd-readiness` on /readyz only, right after `etcd`,
 * before the post-start hooks; `shutdown` last. With the memory backend the one check is `storage`, readyz only.
 */
import { startEtcd } from '@apiserver/testing';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

async function text(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
}

/** The check names of a `?verbose` answer, in order. */
function checkNames(verbose: string): string[] {
  return [...verbose.matchAll(/^\[[+-]\](\S+) /gm)].map((m) => m[1] as string);
}

t.test('etcd3: etcd on every endpoint, etcd-readiness on readyz, before the hooks', async (t) => {
  const etcd = await startEtcd();
  t.teardown(() => etcd.stop());
  const kl = await startKubeLite({ storageBackend: 'etcd3', etcdServers: [etcd.endpoint] });
  t.teardown(() => kl.stop());
  const readyz = checkNames((await text(`${kl.url}/readyz?verbose`)).body);
  t.same(readyz.slice(0, 4), ['ping', 'log', 'etcd', 'etcd-readiness']);
  t.equal(readyz.at(-1), 'shutdown');
  t.ok(readyz.slice(4, -1).every((name) => name.startsWith('poststarthook/') || name === 'autoregister-completion'), 'the hooks follow');
  for (const endpoint of ['healthz', 'livez']) {
    const names = checkNames((await text(`${kl.url}/${endpoint}?verbose`)).body);
    t.same(names.slice(0, 3), ['ping', 'log', 'etcd'], endpoint);
    t.notOk(names.includes('etcd-readiness'), `${endpoint} has no readiness check`);
  }
  for (const path of ['/healthz/etcd', '/livez/etcd', '/readyz/etcd', '/readyz/etcd-readiness']) {
    t.same(await text(`${kl.url}${path}`), { status: 200, body: 'ok' }, path);
  }
  t.equal((await text(`${kl.url}/livez/etcd-readiness`)).status, 404, 'etcd-readiness is not a liveness check');
  t.same(await text(`${kl.url}/readyz?exclude=etcd&exclude=etcd-readiness`), { status: 200, body: 'ok' });
});

t.test('memory: one readiness check, storage, after log', async (t) => {
  const kl = await startKubeLite({});
  t.teardown(() => kl.stop());
  t.same(checkNames((await text(`${kl.url}/readyz?verbose`)).body).slice(0, 3), ['ping', 'log', 'storage']);
  t.notOk(checkNames((await text(`${kl.url}/livez?verbose`)).body).includes('storage'));
  t.equal((await text(`${kl.url}/healthz/etcd`)).status, 404);
});
