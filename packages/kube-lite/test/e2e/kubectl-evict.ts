/**
 * `kubectl drain` through pods/eviction (policy/v1 Eviction): a node with an unmanaged pod using emptyDir and a
 * ready pod guarded by a PodDisruptionBudget. With no disruption allowed the guarded pod is refused (429, retried
 * until drain's timeout) while the other is evicted; once the budget allows one, the drain completes.
 */
import type { Test } from 'tap';
import type { Kubectl } from './harness.js';

const NODE = 'e2e-evict-node';

function manifest(ns: string): string {
  const pod = (name: string, extra: Record<string, unknown>) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: ns, labels: { app: name } },
    spec: { nodeName: NODE, containers: [{ name: 'app', image: 'nginx' }], ...extra },
  });
  const objects = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } },
    { apiVersion: 'v1', kind: 'Node', metadata: { name: NODE } },
    pod('guarded', {}),
    pod('scratch', { volumes: [{ name: 'tmp', emptyDir: {} }] }),
    { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'guarded', namespace: ns }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'guarded' } } } },
  ];
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects });
}

/** Drains a node whose pods a budget guards, in namespace `ns` (6 kubectl calls). */
export async function evictions(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  await kubectl.ok(t, ['apply', '-f', '-'], { input: manifest(ns) });
  const inNs = ['-n', ns];
  const ready = { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } };
  await kubectl.ok(t, ['patch', 'pod', 'guarded', ...inNs, '--subresource=status', '--type=merge', '-p', JSON.stringify(ready)]);
  const budget = (allowed: number) => ({ status: { observedGeneration: 1, disruptionsAllowed: allowed, currentHealthy: 1, desiredHealthy: 1 - allowed, expectedPods: 1 } });
  await kubectl.ok(t, ['patch', 'pdb', 'guarded', ...inNs, '--subresource=status', '--type=merge', '-p', JSON.stringify(budget(0))]);

  const drain = ['drain', NODE, '--ignore-daemonsets', '--delete-emptydir-data', '--force', '--grace-period=0'];
  const blocked = await kubectl.fails(t, [...drain, '--timeout=2s'], /Cannot evict pod as it would violate the pod's disruption budget\./);
  t.match(blocked.stdout, /node\/e2e-evict-node cordoned\n/);
  t.match(blocked.stdout, /pod\/scratch evicted\n/, 'the unguarded pod is evicted');
  t.match(blocked.stderr, /unable to drain node "e2e-evict-node"/);

  await kubectl.ok(t, ['patch', 'pdb', 'guarded', ...inNs, '--subresource=status', '--type=merge', '-p', JSON.stringify(budget(1))]);
  const drained = await kubectl.ok(t, [...drain, '--timeout=20s']);
  t.match(drained, /pod\/guarded evicted\n/);
  t.match(drained, /node\/e2e-evict-node drained\n/);
}
