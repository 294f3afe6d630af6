/**
 * The rest of core/v1 through kubectl 1.32: one `apply -f -` of a claim, a volume, a replication controller, a
 * pod template, a pod and a limit range, `create quota` (a protobuf body; the quota controller then counts the pod),
 * a pods/binding through `create --raw`,
 * `scale rc`, one `get -o wide` of those kinds and componentstatuses with the printer columns, and (memory backend only) `explain`.
 */
import type { Test } from 'tap';
import type { Backend, Kubectl } from './harness.js';
import { type PrintedTable, parseTables, rowOf } from './table.js';

const AGE = /^\d+s$/;
const labels = { app: 'core' };
const template = { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'busybox:1.36' }] } };

function manifest(ns: string): object[] {
  const meta = (name: string) => ({ name, namespace: ns });
  return [
    { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: `${ns}-pv` }, spec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '5Gi' }, hostPath: { path: '/data' }, storageClassName: 'manual' } },
    { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: meta('data'), spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
    { apiVersion: 'v1', kind: 'ReplicationController', metadata: meta('web'), spec: { template } },
    { apiVersion: 'v1', kind: 'PodTemplate', metadata: meta('tpl'), template },
    { apiVersion: 'v1', kind: 'Pod', metadata: meta('runner'), spec: { containers: [{ name: 'c', image: 'busybox:1.36' }] } },
    { apiVersion: 'v1', kind: 'LimitRange', metadata: meta('limits'), spec: { limits: [{ type: 'Container', max: { cpu: '2' } }] } },
  ];
}

const EXPECTED_TABLES: ReadonlyArray<{ readonly name: string; readonly headers: readonly string[]; readonly row: Readonly<Record<string, string | RegExp>> }> = [
  {
    name: 'persistentvolumeclaim/data',
    headers: ['NAME', 'STATUS', 'VOLUME', 'CAPACITY', 'ACCESS MODES', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'AGE', 'VOLUMEMODE'],
    row: { STATUS: 'Pending', VOLUME: '', CAPACITY: '', STORAGECLASS: '', VOLUMEATTRIBUTESCLASS: '<unset>', AGE, VOLUMEMODE: 'Filesystem' },
  },
  {
    name: 'replicationcontroller/web',
    headers: ['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR'],
    row: { DESIRED: '3', CURRENT: '0', READY: '0', AGE, CONTAINERS: 'c', IMAGES: 'busybox:1.36', SELECTOR: 'app=core' },
  },
  // The quota controller counted the pod created before the quota; the pod states no cpu request.
  { name: 'resourcequota/pods', headers: ['NAME', 'AGE', 'REQUEST', 'LIMIT'], row: { AGE, REQUEST: 'pods: 1/10, requests.cpu: 0/1', LIMIT: '' } },
  { name: 'limitrange/limits', headers: ['NAME', 'CREATED AT'], row: { 'CREATED AT': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ } },
  {
    name: 'componentstatus/scheduler',
    headers: ['NAME', 'STATUS', 'MESSAGE', 'ERROR'],
    row: { STATUS: 'Unhealthy', MESSAGE: 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused', ERROR: '' },
  },
  { name: 'podtemplate/tpl', headers: ['NAME', 'CONTAINERS', 'IMAGES', 'POD LABELS'], row: { CONTAINERS: 'c', IMAGES: 'busybox:1.36', 'POD LABELS': 'app=core' } },
];

function tableWith(tables: readonly PrintedTable[], name: string): PrintedTable | undefined {
  return tables.find((table) => rowOf(table, name) !== undefined);
}

/** Waits (20 s at most) for the quota controller to fill a quota's `status.used`. */
async function untilUsed(kubectl: Kubectl, args: readonly string[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await kubectl.run(['get', ...args, '-o', 'jsonpath={.status.used}']);
    if (res.code === 0 && res.stdout !== '') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The core kinds in namespace `ns`; `explain` only on the memory backend (it does not touch storage). */
export async function coreKinds(t: Test, kubectl: Kubectl, ns: string, backend: Backend): Promise<void> {
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const inNs = ['-n', ns];
  const applied = await kubectl.ok(t, ['apply', '-f', '-'], { input: manifest(ns).map((o) => JSON.stringify(o)).join('\n') });
  t.equal(applied, `persistentvolume/${ns}-pv created\npersistentvolumeclaim/data created\nreplicationcontroller/web created\npodtemplate/tpl created\npod/runner created\nlimitrange/limits created\n`);
  t.equal(await kubectl.ok(t, ['create', 'quota', 'pods', '--hard=pods=10,requests.cpu=1', ...inNs]), 'resourcequota/pods created\n');
  await untilUsed(kubectl, ['quota', 'pods', ...inNs]);
  const binding = { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'runner' }, target: { kind: 'Node', name: 'node-1' } };
  const bound: unknown = JSON.parse(await kubectl.ok(t, ['create', '--raw', `/api/v1/namespaces/${ns}/pods/runner/binding`, '-f', '-'], { input: JSON.stringify(binding) }));
  t.match(bound, { kind: 'Status', status: 'Success', code: 201 }, 'pods/binding');
  t.equal(await kubectl.ok(t, ['scale', 'rc', 'web', '--replicas=3', ...inNs]), 'replicationcontroller/web scaled\n');

  const tables = parseTables(await kubectl.ok(t, ['get', 'pvc,pv,rc,podtemplates,quota,limits,cs', '-o', 'wide', ...inNs]));
  for (const expected of EXPECTED_TABLES) {
    const table = tableWith(tables, expected.name);
    t.same(table?.headers, expected.headers, `${expected.name} columns`);
    t.match(table && rowOf(table, expected.name), expected.row, `${expected.name} row`);
  }
  const pv = tableWith(tables, `persistentvolume/${ns}-pv`);
  t.same(pv?.headers, ['NAME', 'CAPACITY', 'ACCESS MODES', 'RECLAIM POLICY', 'STATUS', 'CLAIM', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'REASON', 'AGE', 'VOLUMEMODE']);
  t.match(pv && rowOf(pv, `persistentvolume/${ns}-pv`), { CAPACITY: '5Gi', 'ACCESS MODES': 'RWO', 'RECLAIM POLICY': 'Retain', STATUS: 'Pending', STORAGECLASS: 'manual', AGE, VOLUMEMODE: 'Filesystem' });

  const components = tableWith(tables, 'componentstatus/scheduler');
  t.same(components?.rows.map((r) => r.NAME), ['componentstatus/controller-manager', 'componentstatus/scheduler', ...(backend === 'etcd3' ? ['componentstatus/etcd-0'] : [])]);
  if (backend === 'etcd3') t.match(components && rowOf(components, 'componentstatus/etcd-0'), { STATUS: 'Healthy', MESSAGE: 'ok' });
  const cs = await kubectl.run(['get', 'cs']);
  t.match(cs.stderr, /^Warning: v1 ComponentStatus is deprecated in v1\.19\+$/m, 'kubectl prints the deprecation warning, as against a cluster');

  if (backend === 'memory') {
    const explained = await kubectl.ok(t, ['explain', 'pvc.spec.volumeMode']);
    t.match(explained, /^KIND:\s+PersistentVolumeClaim\nVERSION:\s+v1\n\nFIELD: volumeMode <string>\n/);
    t.match(await kubectl.ok(t, ['explain', 'rc.spec.selector']), /^KIND:\s+ReplicationController\nVERSION:\s+v1\n\nFIELD: selector <map\[string\]string>\n/);
  }
  t.equal(await kubectl.ok(t, ['delete', 'pv', `${ns}-pv`]), `persistentvolume "${ns}-pv" deleted\n`);
}
