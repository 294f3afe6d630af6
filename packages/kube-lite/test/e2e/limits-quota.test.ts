/**
 * LimitRanger and ResourceQuota through kubectl and HTTP: a LimitRange defaults a pod's resources (with the
 * `kubernetes.io/limit-ranger` annotation) and refuses one over its max; a `pods: 2` quota refuses the third pod
 * with upstream's message and admits again once the controller saw a delete; a `count/configmaps` quota; a cpu
 * quota requires the pod to state its requests.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findKubectl } from '@apiserver/testing';
import t from 'tap';
import { until } from '../controllers/until.js';
import { field, Kubectl, startEnv } from './harness.js';

type Json = Record<string, unknown>;

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Json };
}

const pod = (name: string, resources?: Json): Json => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { containers: [{ name: 'app', image: 'nginx', ...(resources !== undefined && { resources }) }] },
});

const found = await findKubectl();
t.setTimeout(240_000);

t.test('LimitRange and ResourceQuota', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const env = await startEnv(t, 'memory', { resourceQuotaSyncPeriodMillis: 60_000 });
  const kubectl = new Kubectl(found.binary, env);
  await kubectl.ok(t, ['create', 'namespace', 'limits']);
  await kubectl.ok(t, ['create', 'namespace', 'quota']);

  t.test('a LimitRange defaults resources and refuses a pod over its max', async (t) => {
    const file = path.join(env.workDir, 'limitrange.json');
    const lr = {
      apiVersion: 'v1',
      kind: 'LimitRange',
      metadata: { name: 'defaults', namespace: 'limits' },
      spec: { limits: [{ type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m', memory: '128Mi' }, max: { cpu: '1' } }] },
    };
    await writeFile(file, JSON.stringify(lr));
    await kubectl.ok(t, ['apply', '-f', file]);
    await kubectl.ok(t, ['run', 'web', '--image=nginx', '-n', 'limits']);
    const web = await kubectl.getJson(t, ['pod', 'web', '-n', 'limits']);
    t.same(field(web, 'spec', 'containers', 0, 'resources'), { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } });
    t.equal(field(web, 'metadata', 'annotations', 'kubernetes.io/limit-ranger'), 'LimitRanger plugin set: cpu, memory request for container web; cpu, memory limit for container web');
    await kubectl.fails(t, ['run', 'big', '--image=nginx', '-n', 'limits', '--overrides', JSON.stringify({ spec: { containers: [{ name: 'big', image: 'nginx', resources: { limits: { cpu: '2' } } }] } })], /pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2/);
    const res = await call(`${env.url}/api/v1/namespaces/limits/pods`, 'POST', pod('big2', { limits: { cpu: '1500m' } }));
    t.equal(res.status, 403);
    t.match(res.body, { kind: 'Status', reason: 'Forbidden', code: 403, message: 'pods "big2" is forbidden: maximum cpu usage per Container is 1, but limit is 1500m', details: { name: 'big2', kind: 'pods' } });
  });

  t.test('a pods quota refuses the third pod and admits again after a delete', async (t) => {
    await kubectl.ok(t, ['create', 'quota', 'pods', '--hard=pods=2', '-n', 'quota']);
    await until(t, 'the controller to fill the quota status', async () => field(await kubectl.getJson(t, ['quota', 'pods', '-n', 'quota']), 'status', 'used', 'pods') === '0');
    const pods = `${env.url}/api/v1/namespaces/quota/pods`;
    for (const name of ['one', 'two']) t.equal((await call(pods, 'POST', pod(name))).status, 201, `${name} admitted`);
    t.same(field(await kubectl.getJson(t, ['quota', 'pods', '-n', 'quota']), 'status'), { hard: { pods: '2' }, used: { pods: '2' } }, 'admission charged the quota');
    await kubectl.fails(t, ['run', 'three', '--image=nginx', '-n', 'quota'], /pods "three" is forbidden: exceeded quota: pods, requested: pods=1, used: pods=2, limited: pods=2/);
    await kubectl.ok(t, ['delete', 'pod', 'one', '-n', 'quota']);
    await until(t, 'the controller to give the pod back', async () => field(await kubectl.getJson(t, ['quota', 'pods', '-n', 'quota']), 'status', 'used', 'pods') === '1');
    await kubectl.ok(t, ['run', 'three', '--image=nginx', '-n', 'quota']);
    const table = await kubectl.ok(t, ['get', 'quota', 'pods', '-n', 'quota']);
    t.match(table, /pods\s+\S+\s+pods: 2\/2/, 'kubectl get quota shows the usage');
  });

  t.test('a count/configmaps quota', async (t) => {
    await kubectl.ok(t, ['create', 'quota', 'cms', '--hard=count/configmaps=2', '-n', 'quota']);
    await until(t, 'the controller to count the configmaps', async () => field(await kubectl.getJson(t, ['quota', 'cms', '-n', 'quota']), 'status', 'used', 'count/configmaps') !== undefined);
    // The namespace's kube-root-ca.crt may or may not be there yet: fill the quota up to its limit.
    const used = Number(field(await kubectl.getJson(t, ['quota', 'cms', '-n', 'quota']), 'status', 'used', 'count/configmaps'));
    for (let i = used; i < 2; i++) await kubectl.ok(t, ['create', 'configmap', `cm${i}`, '-n', 'quota']);
    await kubectl.fails(t, ['create', 'configmap', 'over', '-n', 'quota'], /configmaps "over" is forbidden: exceeded quota: cms, requested: count\/configmaps=1, used: count\/configmaps=2, limited: count\/configmaps=2/);
  });

  t.test('a cpu quota requires pods to state their requests', async (t) => {
    await kubectl.ok(t, ['create', 'namespace', 'compute']);
    await kubectl.ok(t, ['create', 'quota', 'cpu', '--hard=requests.cpu=1', '-n', 'compute']);
    await until(t, 'the controller to fill the quota status', async () => field(await kubectl.getJson(t, ['quota', 'cpu', '-n', 'compute']), 'status', 'used', 'requests.cpu') === '0');
    const res = await call(`${env.url}/api/v1/namespaces/compute/pods`, 'POST', pod('bare'));
    t.equal(res.status, 403);
    t.equal(res.body['message'], 'pods "bare" is forbidden: failed quota: cpu: must specify requests.cpu for: app');
    t.equal((await call(`${env.url}/api/v1/namespaces/compute/pods`, 'POST', pod('half', { requests: { cpu: '600m' } }))).status, 201);
    const over = await call(`${env.url}/api/v1/namespaces/compute/pods`, 'POST', pod('more', { requests: { cpu: '600m' } }));
    t.equal(over.body['message'], 'pods "more" is forbidden: exceeded quota: cpu, requested: requests.cpu=600m, used: requests.cpu=600m, limited: requests.cpu=1');
  });
});
