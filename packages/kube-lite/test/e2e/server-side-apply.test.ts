/**
 * Server-side apply end to end, on memory and etcd3: kubectl (PATH) `apply --server-side` (create, a second
 * manager's conflict, `--force-conflicts`, a field dropped from the file is removed, `--show-managed-fields`)
 * and @kubernetes/client-node 1.4 `PatchStrategy.ServerSideApply`.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { findKubectl } from '@apiserver/testing';
import t, { type Test } from 'tap';
import { kubeConfig } from './client-node-suite.js';
import { BACKENDS, field, type KubeLiteEnv, Kubectl, startEnv } from './harness.js';

const NS = 'ssa';

function configMap(data: Record<string, string>, labels?: Record<string, string>, name = 'cfg'): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(labels ? { labels } : {}) }, data });
}

function deployment(containers: { name: string; image: string; ports?: { containerPort: number }[] }[], replicas: number): string {
  return [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    `  replicas: ${replicas}`,
    '  selector:',
    '    matchLabels: {app: web}',
    '  template:',
    '    metadata:',
    '      labels: {app: web}',
    '    spec:',
    '      containers:',
    ...containers.map((c) => `      - {name: ${c.name}, image: "${c.image}"${c.ports ? `, ports: ${JSON.stringify(c.ports)}` : ''}}`),
    '',
  ].join('\n');
}

async function kubectlApply(t: Test, kubectl: Kubectl, env: KubeLiteEnv): Promise<void> {
  const file = (name: string) => path.join(env.workDir, name);
  await writeFile(file('cm.yaml'), configMap({ a: '1', b: '2' }, { app: 'demo' }));
  t.match(await kubectl.ok(t, ['apply', '--server-side', '-n', NS, '-f', file('cm.yaml')]), /configmap\/cfg serverside-applied/);
  const yaml = await kubectl.ok(t, ['get', 'cm', 'cfg', '-n', NS, '-o', 'yaml', '--show-managed-fields']);
  t.match(yaml, /managedFields:/);
  t.match(yaml, /manager: kubectl\n/);
  t.match(yaml, /operation: Apply/);
  t.match(yaml, /f:data:\n\s+f:a: \{\}\n\s+f:b: \{\}/);
  t.notMatch(await kubectl.ok(t, ['get', 'cm', 'cfg', '-n', NS, '-o', 'yaml']), /managedFields/, 'hidden without --show-managed-fields');

  await writeFile(file('other.yaml'), configMap({ a: 'x', c: '3' }));
  await kubectl.fails(t, ['apply', '--server-side', '--field-manager=other', '-n', NS, '-f', file('other.yaml')], /Apply failed with 1 conflict: conflict with "kubectl": \.data\.a/);
  t.same(field(await kubectl.getJson(t, ['cm', 'cfg', '-n', NS]), 'data'), { a: '1', b: '2' }, 'the conflicting apply changed nothing');
  await kubectl.ok(t, ['apply', '--server-side', '--field-manager=other', '--force-conflicts', '-n', NS, '-f', file('other.yaml')]);
  t.same(field(await kubectl.getJson(t, ['cm', 'cfg', '-n', NS]), 'data'), { a: 'x', b: '2', c: '3' });

  await writeFile(file('cm.yaml'), configMap({ a: 'x' }));
  await kubectl.ok(t, ['apply', '--server-side', '-n', NS, '-f', file('cm.yaml')]);
  const cm = await kubectl.getJson(t, ['cm', 'cfg', '-n', NS, '--show-managed-fields']);
  t.same(field(cm, 'data'), { a: 'x', c: '3' }, 'b and the label, dropped from the file, are removed');
  t.same(field(cm, 'metadata', 'labels'), undefined);
  const managers = (field(cm, 'metadata', 'managedFields') as { manager: string; operation: string }[]).map((e) => `${e.manager}/${e.operation}`);
  t.same(managers.sort(), ['kubectl/Apply', 'other/Apply']);

  await writeFile(file('csa.yaml'), configMap({ a: '1' }, undefined, 'csa'));
  await kubectl.ok(t, ['apply', '-n', NS, '-f', file('csa.yaml')]);
  await writeFile(file('csa.yaml'), configMap({ a: '2' }, undefined, 'csa'));
  await kubectl.ok(t, ['apply', '--server-side', '-n', NS, '-f', file('csa.yaml')]);
  const upgraded = await kubectl.getJson(t, ['cm', 'csa', '-n', NS, '--show-managed-fields']);
  t.same(field(upgraded, 'data'), { a: '2' }, 'client-side apply upgrades to server-side apply without conflicts');
  const csaManagers = (field(upgraded, 'metadata', 'managedFields') as { manager: string; operation: string }[]).map((e) => `${e.manager}/${e.operation}`);
  t.ok(csaManagers.includes('kubectl/Apply'), `kubectl owns by Apply (${csaManagers.join(', ')})`);
  t.match(field(upgraded, 'metadata', 'annotations', 'kubectl.kubernetes.io/last-applied-configuration'), /"a":"2"/, 'last-applied annotation follows');

  await writeFile(file('web.yaml'), deployment([{ name: 'app', image: 'app:1', ports: [{ containerPort: 80 }] }, { name: 'log', image: 'log:1' }], 2));
  await kubectl.ok(t, ['apply', '--server-side', '-n', NS, '-f', file('web.yaml')]);
  await writeFile(file('web.yaml'), deployment([{ name: 'app', image: 'app:2', ports: [{ containerPort: 80 }] }], 3));
  await kubectl.ok(t, ['apply', '--server-side', '-n', NS, '-f', file('web.yaml')]);
  const web = await kubectl.getJson(t, ['deployment', 'web', '-n', NS, '--show-managed-fields']);
  const containers = field(web, 'spec', 'template', 'spec', 'containers') as { name: string; image: string }[];
  t.same(containers.map((c) => `${c.name}=${c.image}`), ['app=app:2'], 'containers merge by name; log is pruned');
  t.equal(field(web, 'spec', 'replicas'), 3);
  const service = (targetPort: number) => JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort }] } });
  await writeFile(file('svc.yaml'), service(8080));
  await kubectl.ok(t, ['apply', '--server-side', '-n', NS, '-f', file('svc.yaml')]);
  await writeFile(file('svc.yaml'), service(9090));
  await kubectl.ok(t, ['apply', '--server-side', '-n', NS, '-f', file('svc.yaml')]);
  const svc = await kubectl.getJson(t, ['service', 'web', '-n', NS]);
  t.match(field(svc, 'spec', 'ports'), [{ port: 80, protocol: 'TCP', targetPort: 9090 }], 'service ports keyed by port+protocol (TCP by default)');
  t.match(field(svc, 'spec', 'clusterIP'), /^\d+\.\d+\.\d+\.\d+$/, 'server-assigned fields stay');
  const ports = field(web, 'metadata', 'managedFields', 0, 'fieldsV1', 'f:spec', 'f:template', 'f:spec', 'f:containers', 'k:{"name":"app"}', 'f:ports');
  t.same(ports, { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } }, 'ports keyed by containerPort+protocol');
}

function apiStatus(err: unknown): { code: number; body: Record<string, unknown> } {
  if (!(err instanceof k8s.ApiException)) throw err;
  const raw: unknown = err.body;
  return { code: err.code, body: typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>) : (raw as Record<string, unknown>) };
}

async function clientNodeApply(t: Test, env: KubeLiteEnv): Promise<void> {
  const client = k8s.KubernetesObjectApi.makeApiClient(kubeConfig(env));
  const spec = (data: Record<string, string>): k8s.V1ConfigMap => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'node', namespace: NS }, data });
  const ssa = k8s.PatchStrategy.ServerSideApply;
  const created = await client.patch(spec({ x: '1', y: '2' }), undefined, undefined, 'node-a', true, ssa);
  t.match(created, { data: { x: '1', y: '2' } });
  t.match(created.metadata?.managedFields, [{ manager: 'node-a', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:x': {}, 'f:y': {} } } }]);
  let failure: unknown;
  try {
    await client.patch(spec({ x: 'other' }), undefined, undefined, 'node-b', false, ssa);
  } catch (err) {
    failure = err;
  }
  t.match(apiStatus(failure), {
    code: 409,
    body: { reason: 'Conflict', details: { causes: [{ reason: 'FieldManagerConflict', field: '.data.x', message: 'conflict with "node-a"' }] } },
  });
  const forced = await client.patch(spec({ x: 'other' }), undefined, undefined, 'node-b', true, ssa);
  t.match(forced, { data: { x: 'other', y: '2' } });
  const core = kubeConfig(env).makeApiClient(k8s.CoreV1Api);
  const typed = await core.patchNamespacedConfigMap(
    { name: 'node', namespace: NS, fieldManager: 'node-a', force: true, body: spec({ x: 'other' }) },
    k8s.setHeaderOptions('Content-Type', ssa),
  );
  t.same(typed.data, { x: 'other' }, 'node-a stopped applying y: removed');
  t.same(typed.metadata?.managedFields?.map((e) => e.manager).sort(), ['node-a', 'node-b']);
}

const found = await findKubectl();
for (const backend of BACKENDS) {
  t.test(`server-side apply on ${backend}`, async (t) => {
    const env = await startEnv(t, backend);
    await kubeConfig(env).makeApiClient(k8s.CoreV1Api).createNamespace({ body: { metadata: { name: NS } } });
    await t.test('kubectl apply --server-side', { skip: 'reason' in found ? found.reason : false }, async (t) => {
      if ('binary' in found) await kubectlApply(t, new Kubectl(found.binary, env), env);
    });
    await t.test('client-node PatchStrategy.ServerSideApply', (t) => clientNodeApply(t, env));
  });
}
