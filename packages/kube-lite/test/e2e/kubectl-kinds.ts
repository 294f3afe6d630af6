/**
 * Printer columns of the remaining kinds as kubectl shows them (pods, nodes, events, leases, replicasets),
 * and `describe` listing an object's events through the involvedObject field selectors.
 */
import type { Test } from 'tap';
import { field, type Kubectl } from './harness.js';
import { parseTable, rowOf } from './table.js';

const AGE = /^\d+s$/;

function manifest(objects: readonly Record<string, unknown>[]): string {
  return objects.map((o) => JSON.stringify(o)).join('\n');
}

/** A pod from `kubectl run` (protobuf body), a node with status, a lease and a replicaset from `apply -f`. */
export async function printedKinds(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const inNs = ['-n', ns];
  t.equal(await kubectl.ok(t, ['run', 'pod1', '--image=nginx:1.27', ...inNs]), 'pod/pod1 created\n');
  const pods = parseTable(await kubectl.ok(t, ['get', 'pods', '-o', 'wide', ...inNs]));
  t.same(pods.headers, ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES']);
  t.match(rowOf(pods, 'pod1'), { READY: '0/1', STATUS: 'Pending', RESTARTS: '0', AGE, IP: '<none>', NODE: '<none>', 'NOMINATED NODE': '<none>', 'READINESS GATES': '<none>' });
  t.match(await kubectl.getJson(t, ['pod', 'pod1', ...inNs]), { status: { phase: 'Pending', qosClass: 'BestEffort' }, spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' } });

  const objects = [
    {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'e2e-node', labels: { 'node-role.kubernetes.io/control-plane': '' } },
      status: {
        conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'ok' }],
        addresses: [{ type: 'InternalIP', address: '10.1.2.3' }],
        nodeInfo: { kubeletVersion: 'v1.32.0', osImage: 'Debian-12', kernelVersion: '6.1.0', containerRuntimeVersion: 'containerd://1.7.0', machineID: 'm', systemUUID: 's', bootID: 'b', kubeProxyVersion: '', operatingSystem: 'linux', architecture: 'amd64' },
      },
    },
    { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'leader', namespace: ns }, spec: { holderIdentity: 'holder-1', leaseDurationSeconds: 15 } },
    {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'rs1', namespace: ns },
      spec: { replicas: 2, selector: { matchLabels: { app: 'rs1' } }, template: { metadata: { labels: { app: 'rs1' } }, spec: { containers: [{ name: 'c', image: 'busybox:1.36' }] } } },
    },
  ];
  t.equal(
    await kubectl.ok(t, ['apply', '-f', '-'], { input: manifest(objects) }),
    'node/e2e-node created\nlease.coordination.k8s.io/leader created\nreplicaset.apps/rs1 created\n',
  );
  const nodes = parseTable(await kubectl.ok(t, ['get', 'nodes', '-o', 'wide']));
  t.same(nodes.headers, ['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION', 'INTERNAL-IP', 'EXTERNAL-IP', 'OS-IMAGE', 'KERNEL-VERSION', 'CONTAINER-RUNTIME']);
  t.match(rowOf(nodes, 'e2e-node'), { STATUS: 'Ready', ROLES: 'control-plane', AGE, VERSION: 'v1.32.0', 'INTERNAL-IP': '10.1.2.3', 'EXTERNAL-IP': '<none>', 'OS-IMAGE': 'Debian-12', 'KERNEL-VERSION': '6.1.0', 'CONTAINER-RUNTIME': 'containerd://1.7.0' });
  t.equal(await kubectl.ok(t, ['cordon', 'e2e-node']), 'node/e2e-node cordoned\n');
  t.match(rowOf(parseTable(await kubectl.ok(t, ['get', 'no'])), 'e2e-node'), { STATUS: 'Ready,SchedulingDisabled' });
  t.equal(await kubectl.ok(t, ['get', 'nodes', '--field-selector', 'spec.unschedulable=true', '-o', 'name']), 'node/e2e-node\n');
  const leases = parseTable(await kubectl.ok(t, ['get', 'leases', ...inNs]));
  t.same(leases.headers, ['NAME', 'HOLDER', 'AGE']);
  t.match(rowOf(leases, 'leader'), { HOLDER: 'holder-1', AGE });
  const rss = parseTable(await kubectl.ok(t, ['get', 'rs', '-o', 'wide', ...inNs]));
  t.same(rss.headers, ['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
  t.match(rowOf(rss, 'rs1'), { DESIRED: '2', CURRENT: '0', READY: '0', AGE, CONTAINERS: 'c', IMAGES: 'busybox:1.36', SELECTOR: 'app=rs1' });
  t.equal(await kubectl.ok(t, ['delete', 'node', 'e2e-node']), 'node "e2e-node" deleted\n');
}

/** An Event about a ConfigMap: `get events` columns and the Events section of `describe`. */
export async function eventsOfObject(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  const inNs = ['-n', ns];
  await kubectl.ok(t, ['create', 'configmap', 'observed', ...inNs]);
  const uid = field(await kubectl.getJson(t, ['cm', 'observed', ...inNs]), 'metadata', 'uid');
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const event = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'observed.e2e', namespace: ns },
    involvedObject: { apiVersion: 'v1', kind: 'ConfigMap', name: 'observed', namespace: ns, uid },
    reason: 'Tested',
    message: 'hello from e2e',
    type: 'Normal',
    source: { component: 'e2e-test' },
    firstTimestamp: now,
    lastTimestamp: now,
    count: 1,
  };
  t.equal(await kubectl.ok(t, ['create', '-f', '-'], { input: JSON.stringify(event) }), 'event/observed.e2e created\n');
  const events = parseTable(await kubectl.ok(t, ['get', 'events', ...inNs]));
  t.same(events.headers, ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE']);
  t.match(events.rows.find((r) => r.REASON === 'Tested'), { 'LAST SEEN': AGE, TYPE: 'Normal', OBJECT: 'configmap/observed', MESSAGE: 'hello from e2e' });
  const selected = await kubectl.ok(t, ['get', 'events', '--field-selector', 'involvedObject.kind=ConfigMap,involvedObject.name=observed', '-o', 'name', ...inNs]);
  t.equal(selected, 'event/observed.e2e\n');
  const described = await kubectl.ok(t, ['describe', 'configmap', 'observed', ...inNs]);
  t.match(described, /\nEvents:\n {2}Type\s+Reason\s+Age\s+From\s+Message\n {2}----\s+------\s+----\s+----\s+-------\n {2}Normal\s+Tested\s+\d+s\s+e2e-test\s+hello from e2e\n$/);
}
