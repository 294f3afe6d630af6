/**
 * StorageObjectInUseProtection over HTTP with the in-process pvc- and pv-protection controllers, as kube-apiserver
 * 1.32 with kube-controller-manager: new claims and volumes carry their protection finalizer; a DELETE answers the
 * claim marked for deletion, which goes once no scheduled pod uses it; a Bound volume stays until it is not Bound; a
 * namespace holding a claim is still emptied and removed.
 */
import t from 'tap';
import { startKubeLite } from '../../../src/testing/index.js';
import { until } from '../until.js';

type Json = Record<string, unknown>;

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Json };
}

const claim = (name: string): Json => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
});

const metaOf = (obj: Json): Json => obj['metadata'] as Json;

t.test('claims: the pvc-protection finalizer, kept while a scheduled pod uses the claim', async (t) => {
  const warnings: string[] = [];
  const onWarning = (w: Error): void => void warnings.push(w.name);
  process.on('warning', onWarning);
  t.teardown(() => void process.off('warning', onWarning));
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const claims = `${kl.url}/api/v1/namespaces/default/persistentvolumeclaims`;
  const pods = `${kl.url}/api/v1/namespaces/default/pods`;
  const gone = (url: string) => async () => (await fetch(url)).status === 404;

  const created = await call(claims, 'POST', claim('unused'));
  t.equal(created.status, 201);
  t.same(metaOf(created.body)['finalizers'], ['kubernetes.io/pvc-protection'], 'added at admission');
  const dry = await call(`${claims}?dryRun=All`, 'POST', { ...claim('dry'), metadata: { name: 'dry', finalizers: ['example.com/x'] } });
  t.same(metaOf(dry.body)['finalizers'], ['example.com/x', 'kubernetes.io/pvc-protection'], 'appended, dry run included');
  const deleted = await call(`${claims}/unused`, 'DELETE');
  t.equal(deleted.status, 200);
  t.match(metaOf(deleted.body), { finalizers: ['kubernetes.io/pvc-protection'], deletionTimestamp: String }, 'the claim marked for deletion');
  await until(t, 'the unused claim removed', gone(`${claims}/unused`));

  t.equal((await call(claims, 'POST', claim('data'))).status, 201);
  const pod = { metadata: { name: 'db' }, spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'postgres' }], volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'data' } }] } };
  t.equal((await call(pods, 'POST', pod)).status, 201);
  t.equal((await call(`${claims}/data`, 'DELETE')).status, 200);
  await new Promise((r) => setTimeout(r, 300));
  const terminating = await call(`${claims}/data`, 'GET');
  t.equal(terminating.status, 200, 'still there while the pod uses it');
  t.match(metaOf(terminating.body), { finalizers: ['kubernetes.io/pvc-protection'], deletionTimestamp: String });
  t.equal((await call(`${pods}/db`, 'DELETE', { gracePeriodSeconds: 0 })).status, 200);
  await until(t, 'the claim removed after the pod', gone(`${claims}/data`));
  t.notOk(warnings.includes('MaxListenersExceededWarning'), 'the controllers’ listeners on the server’s lifecycle signal are no leak warning');
});

t.test('volumes: the pv-protection finalizer, kept while Bound; namespace deletion with a claim completes', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const volumes = `${kl.url}/api/v1/persistentvolumes`;
  const volume = { metadata: { name: 'pv1' }, spec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '5Gi' }, hostPath: { path: '/data' } } };
  const created = await call(volumes, 'POST', volume);
  t.equal(created.status, 201);
  t.same(metaOf(created.body)['finalizers'], ['kubernetes.io/pv-protection']);
  const phase = (p: string) => fetch(`${volumes}/pv1/status`, { method: 'PATCH', headers: { 'Content-Type': 'application/merge-patch+json' }, body: JSON.stringify({ status: { phase: p } }) });
  t.equal((await phase('Bound')).status, 200);
  t.equal((await call(`${volumes}/pv1`, 'DELETE')).status, 200);
  await new Promise((r) => setTimeout(r, 300));
  t.equal((await call(`${volumes}/pv1`, 'GET')).status, 200, 'a Bound volume stays');
  t.equal((await phase('Released')).status, 200);
  await until(t, 'the released volume removed', async () => (await fetch(`${volumes}/pv1`)).status === 404);

  t.equal((await call(`${kl.url}/api/v1/namespaces`, 'POST', { metadata: { name: 'team' } })).status, 201);
  t.equal((await call(`${kl.url}/api/v1/namespaces/team/persistentvolumeclaims`, 'POST', claim('c'))).status, 201);
  t.equal((await call(`${kl.url}/api/v1/namespaces/team`, 'DELETE')).status, 200);
  await until(t, 'the namespace removed', async () => (await fetch(`${kl.url}/api/v1/namespaces/team`)).status === 404);
});
