/**
 * apps/v1 statefulsets, daemonsets and controllerrevisions through kubectl 1.32: `apply -f`, `get -o wide` with
 * the printer columns, `scale statefulset`, and `rollout history` reading a daemonset's controllerrevisions.
 */
import type { Test } from 'tap';
import { field, type Kubectl } from './harness.js';
import { parseTable, rowOf } from './table.js';

const AGE = /^\d+s$/;
const labels = { app: 'agent' };
const template = { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'busybox:1.36' }] } };

/** The three kinds in namespace `ns`. */
export async function appsKinds(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const inNs = ['-n', ns];
  const objects = [
    { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: ns }, spec: { serviceName: 'db', selector: { matchLabels: labels }, template } },
    { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: ns }, spec: { selector: { matchLabels: labels }, template } },
  ];
  t.equal(
    await kubectl.ok(t, ['apply', '-f', '-'], { input: objects.map((o) => JSON.stringify(o)).join('\n') }),
    'statefulset.apps/db created\ndaemonset.apps/agent created\n',
  );
  const sts = parseTable(await kubectl.ok(t, ['get', 'sts', '-o', 'wide', ...inNs]));
  t.same(sts.headers, ['NAME', 'READY', 'AGE', 'CONTAINERS', 'IMAGES']);
  t.match(rowOf(sts, 'db'), { READY: '0/1', AGE, CONTAINERS: 'c', IMAGES: 'busybox:1.36' });
  t.equal(await kubectl.ok(t, ['scale', 'statefulset', 'db', '--replicas=3', ...inNs]), 'statefulset.apps/db scaled\n');
  t.match(rowOf(parseTable(await kubectl.ok(t, ['get', 'sts', ...inNs])), 'db'), { READY: '0/3' });

  const dss = parseTable(await kubectl.ok(t, ['get', 'ds', '-o', 'wide', ...inNs]));
  t.same(dss.headers, ['NAME', 'DESIRED', 'CURRENT', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'NODE SELECTOR', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
  t.match(rowOf(dss, 'agent'), { DESIRED: '0', CURRENT: '0', READY: '0', 'UP-TO-DATE': '0', AVAILABLE: '0', 'NODE SELECTOR': '<none>', AGE, SELECTOR: 'app=agent' });
  const ds = await kubectl.getJson(t, ['ds', 'agent', ...inNs]);
  t.match(ds, { metadata: { generation: 1, annotations: { 'deprecated.daemonset.template.generation': '1' } } });

  const owner = { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: field(ds, 'metadata', 'uid'), controller: true };
  const revision = { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'agent-1', namespace: ns, labels, ownerReferences: [owner] }, data: { spec: { template } }, revision: 1 };
  t.equal(await kubectl.ok(t, ['apply', '-f', '-'], { input: JSON.stringify(revision) }), 'controllerrevision.apps/agent-1 created\n');
  const revisions = parseTable(await kubectl.ok(t, ['get', 'controllerrevisions', ...inNs]));
  t.same(revisions.headers, ['NAME', 'CONTROLLER', 'REVISION', 'AGE']);
  t.match(rowOf(revisions, 'agent-1'), { CONTROLLER: 'daemonset.apps/agent', REVISION: '1', AGE });
  t.match(await kubectl.ok(t, ['rollout', 'history', 'daemonset/agent', ...inNs]), /^daemonset\.apps\/agent\s*\nREVISION\s+CHANGE-CAUSE\n1\s+<none>\n/);
  t.match(await kubectl.ok(t, ['explain', 'statefulsets.spec.serviceName']), /^GROUP:\s+apps\nKIND:\s+StatefulSet\nVERSION:\s+v1\n\nFIELD: serviceName <string>\n/);
}
