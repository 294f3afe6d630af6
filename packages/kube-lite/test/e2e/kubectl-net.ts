/**
 * networking.k8s.io/v1, policy/v1, scheduling.k8s.io/v1 and node.k8s.io/v1 through kubectl 1.32: one `apply -f -`
 * of an IngressClass, a NetworkPolicy and a RuntimeClass, `create ingress`, `create pdb` and `create priorityclass`
 * (protobuf bodies), one `get -o wide` of the six kinds with their printer columns (the system priority classes
 * included), the errors of a reserved class name and of deleting a system class, and (memory backend only,
 * storage plays no part) `explain`.
 */
import type { Test } from 'tap';
import type { Backend, Kubectl } from './harness.js';
import { type PrintedTable, parseTables, rowOf } from './table.js';

const AGE = /^\d+s$/;

function tableOf(tables: readonly PrintedTable[], firstHeader: string, secondHeader: string): PrintedTable {
  return tables.find((t) => t.headers[1] === secondHeader && t.headers[0] === firstHeader) ?? { headers: [], rows: [] };
}

/** The four groups' kinds in namespace `ns`; `explain` only on the memory backend. */
export async function netKinds(t: Test, kubectl: Kubectl, ns: string, backend: Backend): Promise<void> {
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const inNs = ['-n', ns];
  const objects = [
    { apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: 'e2e-nginx' }, spec: { controller: 'k8s.io/ingress-nginx', parameters: { kind: 'Conf', name: 'c' } } },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'db', namespace: ns },
      spec: { podSelector: { matchLabels: { app: 'db' } }, ingress: [{ ports: [{ port: 5432 }] }], egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8', except: ['10.1.0.0/16'] } }] }] },
    },
    { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'e2e-gvisor' }, handler: 'runsc', overhead: { podFixed: { cpu: '250m' } } },
  ];
  t.equal(
    await kubectl.ok(t, ['apply', '-f', '-'], { input: objects.map((o) => JSON.stringify(o)).join('\n') }),
    'ingressclass.networking.k8s.io/e2e-nginx created\nnetworkpolicy.networking.k8s.io/db created\nruntimeclass.node.k8s.io/e2e-gvisor created\n',
  );
  t.equal(
    await kubectl.ok(t, ['create', 'ingress', 'web', '--class=e2e-nginx', '--rule=web.example.com/api*=api:8080,tls=web-tls', ...inNs]),
    'ingress.networking.k8s.io/web created\n',
  );
  t.equal(await kubectl.ok(t, ['create', 'pdb', 'web', '--selector=app=web', '--max-unavailable=25%', ...inNs]), 'poddisruptionbudget.policy/web created\n');
  t.equal(await kubectl.ok(t, ['create', 'priorityclass', 'e2e-high', '--value=1000', '--preemption-policy=Never', '--description=e2e']), 'priorityclass.scheduling.k8s.io/e2e-high created\n');

  const tables = parseTables(await kubectl.ok(t, ['get', 'ing,netpol,pdb,ingressclass,pc,runtimeclass', '-o', 'wide', ...inNs]));
  const ingresses = tableOf(tables, 'NAME', 'CLASS');
  t.same(ingresses.headers, ['NAME', 'CLASS', 'HOSTS', 'ADDRESS', 'PORTS', 'AGE']);
  t.match(rowOf(ingresses, 'ingress.networking.k8s.io/web'), { CLASS: 'e2e-nginx', HOSTS: 'web.example.com', ADDRESS: '', PORTS: '80, 443', AGE });
  t.match(rowOf(tableOf(tables, 'NAME', 'POD-SELECTOR'), 'networkpolicy.networking.k8s.io/db'), { 'POD-SELECTOR': 'app=db', AGE });
  const pdbs = tableOf(tables, 'NAME', 'MIN AVAILABLE');
  t.same(pdbs.headers, ['NAME', 'MIN AVAILABLE', 'MAX UNAVAILABLE', 'ALLOWED DISRUPTIONS', 'AGE']);
  t.match(rowOf(pdbs, 'poddisruptionbudget.policy/web'), { 'MIN AVAILABLE': 'N/A', 'MAX UNAVAILABLE': '25%', 'ALLOWED DISRUPTIONS': '0', AGE });
  t.match(rowOf(tableOf(tables, 'NAME', 'CONTROLLER'), 'ingressclass.networking.k8s.io/e2e-nginx'), { CONTROLLER: 'k8s.io/ingress-nginx', PARAMETERS: 'Conf/c', AGE });
  const classes = tableOf(tables, 'NAME', 'VALUE');
  t.same(classes.headers, ['NAME', 'VALUE', 'GLOBAL-DEFAULT', 'AGE', 'PREEMPTIONPOLICY']);
  t.match(rowOf(classes, 'priorityclass.scheduling.k8s.io/e2e-high'), { VALUE: '1000', 'GLOBAL-DEFAULT': 'false', PREEMPTIONPOLICY: 'Never' });
  t.match(rowOf(classes, 'priorityclass.scheduling.k8s.io/system-node-critical'), { VALUE: '2000001000', PREEMPTIONPOLICY: 'PreemptLowerPriority' });
  t.match(rowOf(classes, 'priorityclass.scheduling.k8s.io/system-cluster-critical'), { VALUE: '2000000000' });
  t.match(rowOf(tableOf(tables, 'NAME', 'HANDLER'), 'runtimeclass.node.k8s.io/e2e-gvisor'), { HANDLER: 'runsc', AGE });

  await kubectl.fails(
    t,
    ['create', 'priorityclass', 'system-mine', '--value=1'],
    /PriorityClass\.scheduling\.k8s\.io "system-mine" is invalid: metadata\.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only\. error: system-mine is not a known system priority class/,
  );
  await kubectl.fails(t, ['delete', 'pc', 'system-node-critical'], /priorityclasses\.scheduling\.k8s\.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted/);
  if (backend === 'memory') {
    t.match(await kubectl.ok(t, ['explain', 'ingress.spec.rules.http.paths.pathType']), /^GROUP:\s+networking\.k8s\.io\nKIND:\s+Ingress\nVERSION:\s+v1\n\nFIELD: pathType <string>/);
    t.match(await kubectl.ok(t, ['explain', 'pc.value']), /^GROUP:\s+scheduling\.k8s\.io\nKIND:\s+PriorityClass\nVERSION:\s+v1\n\nFIELD: value <integer>/);
  }
  t.equal(
    await kubectl.ok(t, ['delete', 'ingressclass/e2e-nginx', 'priorityclass/e2e-high', 'runtimeclass/e2e-gvisor']),
    'ingressclass.networking.k8s.io "e2e-nginx" deleted\npriorityclass.scheduling.k8s.io "e2e-high" deleted\nruntimeclass.node.k8s.io "e2e-gvisor" deleted\n',
  );
}
