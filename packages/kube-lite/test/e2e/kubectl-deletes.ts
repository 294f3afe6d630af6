/** kubectl delete (by name, by label, by manifest, a namespace with content) and `wait --for=delete`. */
import type { Test } from 'tap';
import type { Kubectl } from './harness.js';

/** delete by name, by label and by manifest; wait --for=delete while another kubectl deletes. */
export async function deletes(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const inNs = ['-n', ns];
  for (const [name, group] of [['d1', 'a'], ['d2', 'a'], ['d3', 'b'], ['d4', 'b']] as const) {
    await kubectl.ok(t, ['create', 'configmap', name, ...inNs]);
    await kubectl.ok(t, ['label', 'configmap', name, `grp=${group}`, ...inNs]);
  }
  t.equal(await kubectl.ok(t, ['delete', 'configmap', 'd4', ...inNs]), 'configmap "d4" deleted\n');
  await kubectl.fails(t, ['delete', 'configmap', 'd4', ...inNs], /Error from server \(NotFound\): configmaps "d4" not found/);
  t.equal(await kubectl.ok(t, ['delete', 'configmap', 'd4', '--ignore-not-found', ...inNs]), '');
  t.equal(await kubectl.ok(t, ['delete', 'configmap', '-l', 'grp=a', ...inNs]), 'configmap "d1" deleted\nconfigmap "d2" deleted\n');
  t.equal(await kubectl.ok(t, ['get', 'configmaps', '-l', 'grp', '-o', 'name', ...inNs]), 'configmap/d3\n');
  const manifest = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'd3', namespace: ns } });
  t.equal(await kubectl.ok(t, ['delete', '-f', '-'], { input: manifest }), 'configmap "d3" deleted\n');

  for (const name of ['e1', 'e2']) await kubectl.ok(t, ['create', 'secret', 'generic', name, ...inNs]);
  t.equal(await kubectl.ok(t, ['delete', 'secrets', '--all', ...inNs]), 'secret "e1" deleted\nsecret "e2" deleted\n');

  await kubectl.ok(t, ['create', 'configmap', 'w1', ...inNs]);
  const timedOut = await kubectl.run(['wait', '--for=delete', 'configmap/w1', '--timeout=2s', ...inNs]);
  t.match(timedOut, { code: 1, stderr: /timed out waiting for the condition on configmaps\/w1/ });
  const wait = kubectl.start(['wait', '--for=delete', 'configmap/w1', '--timeout=30s', ...inNs]);
  try {
    await new Promise((r) => setTimeout(r, 1500));
    t.equal(await kubectl.ok(t, ['delete', 'configmap', 'w1', '--wait=false', ...inNs]), 'configmap "w1" deleted\n');
    const res = await wait.done;
    t.match(res, { code: 0, stdout: 'configmap/w1 condition met\n', timedOut: false }, res.stderr);
  } finally {
    await wait.stop();
  }
  const gone = await kubectl.run(['wait', '--for=delete', 'configmap/w1', '--timeout=5s', ...inNs]);
  t.equal(gone.code, 0, `wait --for=delete on a missing object succeeds: ${gone.stderr}`);
}

/** Deleting a namespace deletes its content, then the namespace; the name can then be reused. */
export async function namespaceDeletion(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const inNs = ['-n', ns];
  await kubectl.ok(t, ['create', 'configmap', 'content', '--from-literal=k=v', ...inNs]);
  await kubectl.ok(t, ['create', 'secret', 'generic', 'content', '--from-literal=k=v', ...inNs]);
  await kubectl.ok(t, ['create', 'deployment', 'content', '--image=nginx', ...inNs]);
  await kubectl.ok(t, ['create', 'serviceaccount', 'content', ...inNs]);
  const res = await kubectl.run(['delete', 'namespace', ns, '--timeout=40s'], { timeoutMs: 50_000 });
  t.match(res, { code: 0, stdout: `namespace "${ns}" deleted\n` }, res.stderr);
  await kubectl.fails(t, ['get', 'namespace', ns], new RegExp(`Error from server \\(NotFound\\): namespaces "${ns}" not found`));
  for (const kind of ['configmaps', 'secrets', 'deployments', 'serviceaccounts']) {
    const left = await kubectl.run(['get', kind, '-A', '--field-selector', `metadata.namespace=${ns}`, '-o', 'name']);
    t.match(left, { code: 0, stdout: '' }, `no ${kind} left in ${ns}: ${left.stderr}`);
  }
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const fresh = await kubectl.run(['get', 'configmaps', ...inNs]);
  t.match(fresh, { code: 0, stdout: '', stderr: `No resources found in ${ns} namespace.\n` }, 'the recreated namespace is empty');
}

/**
 * `delete --cascade=background|foreground|orphan` on Deployments owning ReplicaSets (issue #22): the garbage
 * collector removes the ReplicaSet after a background delete, before the Deployment in the foreground (kubectl waits
 * for the owner), and leaves it without its owner reference when orphaned.
 */
export async function cascades(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  const inNs = ['-n', ns];
  const labels = { app: 'cascade' };
  const template = { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
  const modes = ['background', 'foreground', 'orphan'] as const;
  const deployments = modes.map((name) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: ns }, spec: { selector: { matchLabels: labels }, template } }));
  const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } };
  await kubectl.ok(t, ['apply', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [namespace, ...deployments] }) });
  const uids = new Map(
    (await kubectl.ok(t, ['get', 'deployments', '-o', 'jsonpath={range .items[*]}{.metadata.name}={.metadata.uid} {end}', ...inNs]))
      .trim()
      .split(' ')
      .map((pair) => pair.split('=') as [string, string]),
  );
  const replicaSets = modes.map((mode) => ({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: `${mode}-1`, namespace: ns, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: mode, uid: uids.get(mode), controller: true, blockOwnerDeletion: true }] },
    spec: { selector: { matchLabels: labels }, template },
  }));
  await kubectl.ok(t, ['apply', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: replicaSets }) });

  for (const mode of modes) t.equal(await kubectl.ok(t, ['delete', 'deployment', mode, `--cascade=${mode}`, ...inNs]), `deployment.apps "${mode}" deleted\n`);
  const waited = await kubectl.run(['wait', '--for=delete', 'replicaset/background-1', '--timeout=30s', ...inNs], { timeoutMs: 40_000 });
  t.equal(waited.code, 0, `the background delete's ReplicaSet is collected: ${waited.stderr}`);
  t.equal(
    await kubectl.ok(t, ['get', 'deployments,replicasets', '-o', 'jsonpath={range .items[*]}{.kind}/{.metadata.name} owners={.metadata.ownerReferences} {end}', ...inNs]),
    'ReplicaSet/orphan-1 owners= ',
    'the foreground ReplicaSet went before its Deployment; the orphaned one stays without its owner',
  );
}
