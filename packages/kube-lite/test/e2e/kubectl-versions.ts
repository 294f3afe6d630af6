/**
 * A smoke run of every kubectl release installed beside the dispatcher (`kubectl.1.27` … `kubectl.1.33`)
 * against one kube-lite: the same commands, with each release's own discovery, body encoding (protobuf
 * from 1.32, JSON before) and validation path.
 */
import type { Test } from 'tap';
import { stringify as toYaml } from 'yaml';
import { field, type Kubectl } from './harness.js';
import { checkApiResources } from './kubectl-discovery.js';
import { parseTable, rowOf } from './table.js';

function configMap(ns: string, name: string, data: Record<string, string>): string {
  return toYaml({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data });
}

/** version, discovery, typed and manifest creates, get, patch, label, scale, explain and deletes with one release. */
export async function versionSmoke(t: Test, kubectl: Kubectl, minor: number): Promise<void> {
  const ns = `kubectl-1-${minor}`;
  const inNs = ['-n', ns];
  const version: unknown = JSON.parse(await kubectl.ok(t, ['version', '-o', 'json']));
  t.match(field(version, 'clientVersion', 'gitVersion'), new RegExp(`^v1\\.${minor}\\.\\d+`), `kubectl 1.${minor} ran`);
  t.match(field(version, 'serverVersion'), { major: '1', minor: '32' });
  checkApiResources(t, parseTable(await kubectl.ok(t, ['api-resources'])), false);
  checkApiResources(t, parseTable(await kubectl.ok(t, ['api-resources', '-o', 'wide'])), true);

  t.equal(await kubectl.ok(t, ['create', 'namespace', ns]), `namespace/${ns} created\n`);
  t.equal(await kubectl.ok(t, ['create', 'configmap', 'typed', '--from-literal=k=v', ...inNs]), 'configmap/typed created\n');
  t.equal(await kubectl.ok(t, ['create', 'deployment', 'web', '--image=nginx:1.27', ...inNs]), 'deployment.apps/web created\n');
  t.equal(await kubectl.ok(t, ['create', '-f', '-'], { input: configMap(ns, 'manifest', { a: '1' }) }), 'configmap/manifest created\n');
  await kubectl.fails(
    t,
    ['create', '-f', '-'],
    /unknown field "bogus"/,
    { input: toYaml({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'bogus', namespace: ns }, bogus: 1 }) },
  );
  t.equal(await kubectl.ok(t, ['apply', '-f', '-'], { input: configMap(ns, 'applied', { a: '1', b: '2' }) }), 'configmap/applied created\n');
  t.equal(await kubectl.ok(t, ['apply', '-f', '-'], { input: configMap(ns, 'applied', { a: '2' }) }), 'configmap/applied configured\n');
  t.same(field(await kubectl.getJson(t, ['cm', 'applied', ...inNs]), 'data'), { a: '2' });

  const cms = parseTable(await kubectl.ok(t, ['get', 'configmaps', ...inNs]));
  t.same(cms.headers, ['NAME', 'DATA', 'AGE']);
  t.same(cms.rows.map((r) => [r.NAME, r.DATA]), [['applied', '1'], ['manifest', '1'], ['typed', '1']]);
  const deploys = parseTable(await kubectl.ok(t, ['get', 'deploy', '-o', 'wide', ...inNs]));
  t.match(rowOf(deploys, 'web'), { READY: '0/1', 'UP-TO-DATE': '0', AVAILABLE: '0', CONTAINERS: 'nginx', IMAGES: 'nginx:1.27', SELECTOR: 'app=web' });

  t.equal(await kubectl.ok(t, ['patch', 'cm', 'typed', '--type', 'merge', '-p', '{"data":{"k":"patched"}}', ...inNs]), 'configmap/typed patched\n');
  t.equal(await kubectl.ok(t, ['patch', 'deploy', 'web', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}', ...inNs]), 'deployment.apps/web patched\n');
  t.equal(await kubectl.ok(t, ['label', 'cm', 'typed', 'v=x', ...inNs]), 'configmap/typed labeled\n');
  t.equal(await kubectl.ok(t, ['scale', 'deploy', 'web', '--replicas=3', ...inNs]), 'deployment.apps/web scaled\n');
  t.equal(await kubectl.ok(t, ['get', 'deploy', 'web', '-o', 'jsonpath={.spec.replicas} {.spec.template.spec.containers[0].image}', ...inNs]), '3 nginx:1.28');
  t.match(await kubectl.ok(t, ['explain', 'configmaps.data']), /FIELD:\s+data <map\[string\]string>/);

  t.equal(await kubectl.ok(t, ['delete', 'configmap', 'typed', ...inNs]), 'configmap "typed" deleted\n');
  const res = await kubectl.run(['delete', 'namespace', ns, '--timeout=40s'], { timeoutMs: 50_000 });
  t.match(res, { code: 0, stdout: `namespace "${ns}" deleted\n` }, res.stderr);
}
