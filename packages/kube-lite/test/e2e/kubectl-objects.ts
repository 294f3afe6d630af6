/**
 * kubectl's typed `create` subcommands (protobuf bodies from kubectl ≥ 1.32) and the read side: get as
 * table / yaml / json / name, label selectors, all namespaces, chunking, wide, `get all`, describe, get -w.
 */
import { parse as parseYaml } from 'yaml';
import type { Test } from 'tap';
import { field, type Kubectl } from './harness.js';
import { parseTable, parseTables, rowOf } from './table.js';

const AGE = /^\d+(s|m\d*s?|h)$/;

/** `kubectl create namespace|configmap|secret generic|serviceaccount|deployment|service` in namespace `ns`. */
export async function typedCreates(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  t.equal(await kubectl.ok(t, ['create', 'namespace', ns]), `namespace/${ns} created\n`);
  const inNs = ['-n', ns];
  t.equal(await kubectl.ok(t, ['create', 'configmap', 'cm1', '--from-literal=a=1', '--from-literal=b=2', ...inNs]), 'configmap/cm1 created\n');
  t.equal(await kubectl.ok(t, ['create', 'secret', 'generic', 's1', '--from-literal=password=hunter2', ...inNs]), 'secret/s1 created\n');
  t.equal(await kubectl.ok(t, ['create', 'serviceaccount', 'sa1', ...inNs]), 'serviceaccount/sa1 created\n');
  t.equal(
    await kubectl.ok(t, ['create', 'deployment', 'web', '--image=nginx:1.27', '--replicas=2', ...inNs]),
    'deployment.apps/web created\n',
  );
  t.equal(await kubectl.ok(t, ['create', 'service', 'clusterip', 'web', '--tcp=80:8080', ...inNs]), 'service/web created\n');
  t.equal(await kubectl.ok(t, ['create', 'configmap', 'dry', '--dry-run=server', ...inNs]), 'configmap/dry created (server dry run)\n');
  await kubectl.fails(t, ['get', 'configmap', 'dry', ...inNs], /Error from server \(NotFound\): configmaps "dry" not found/);
  await kubectl.fails(t, ['create', 'configmap', 'cm1', ...inNs], /^error: failed to create configmap: configmaps "cm1" already exists\n$/);
  await kubectl.fails(
    t,
    ['create', 'configmap', 'Bad_Name', ...inNs],
    /^error: failed to create configmap: ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '\.', and must start and end with an alphanumeric character/,
  );
  await kubectl.fails(t, ['create', 'configmap', 'x', '-n', 'no-such-ns'], /^error: failed to create configmap: namespaces "no-such-ns" not found\n$/);

  const secret = await kubectl.getJson(t, ['secret', 's1', ...inNs]);
  t.match(secret, { kind: 'Secret', type: 'Opaque', data: { password: Buffer.from('hunter2').toString('base64') } });
  const deploy = await kubectl.getJson(t, ['deployment', 'web', ...inNs]);
  t.match(deploy, {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { labels: { app: 'web' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    },
  });
}

/** get in every output form over the objects made by {@link typedCreates}. */
export async function getForms(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  const inNs = ['-n', ns];
  const cms = parseTable(await kubectl.ok(t, ['get', 'configmaps', ...inNs]));
  t.same(cms.headers, ['NAME', 'DATA', 'AGE']);
  t.match(rowOf(cms, 'cm1'), { DATA: '2', AGE });
  const secrets = parseTable(await kubectl.ok(t, ['get', 'secrets', ...inNs]));
  t.same(secrets.headers, ['NAME', 'TYPE', 'DATA', 'AGE']);
  t.match(rowOf(secrets, 's1'), { TYPE: 'Opaque', DATA: '1', AGE });
  const sas = parseTable(await kubectl.ok(t, ['get', 'sa', ...inNs]));
  t.same(sas.headers, ['NAME', 'SECRETS', 'AGE']);
  t.match(rowOf(sas, 'sa1'), { SECRETS: '0', AGE });
  const deploys = parseTable(await kubectl.ok(t, ['get', 'deploy', ...inNs]));
  t.same(deploys.headers, ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE']);
  t.match(rowOf(deploys, 'web'), { READY: '0/2', 'UP-TO-DATE': '0', AVAILABLE: '0', AGE });
  const wide = parseTable(await kubectl.ok(t, ['get', 'deploy', '-o', 'wide', ...inNs]));
  t.same(wide.headers, ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
  t.match(rowOf(wide, 'web'), { CONTAINERS: 'nginx', IMAGES: 'nginx:1.27', SELECTOR: 'app=web' });
  const svcs = parseTable(await kubectl.ok(t, ['get', 'svc', ...inNs]));
  t.same(svcs.headers, ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE']);
  t.match(rowOf(svcs, 'web'), { TYPE: 'ClusterIP', 'CLUSTER-IP': /^10\.0\.0\.\d+$/, 'EXTERNAL-IP': '<none>', 'PORT(S)': '80/TCP' });
  const namespaces = parseTable(await kubectl.ok(t, ['get', 'ns']));
  t.same(namespaces.headers, ['NAME', 'STATUS', 'AGE']);
  for (const name of ['default', ns]) t.match(rowOf(namespaces, name), { STATUS: 'Active', AGE }, `namespace ${name}`);
  t.equal(await kubectl.ok(t, ['get', 'ns', ns, '-o', 'name']), `namespace/${ns}\n`);

  const yaml: unknown = parseYaml(await kubectl.ok(t, ['get', 'cm', 'cm1', '-o', 'yaml', ...inNs]));
  t.match(yaml, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    data: { a: '1', b: '2' },
    metadata: { name: 'cm1', namespace: ns, uid: /^[0-9a-f-]{36}$/, resourceVersion: /^\d+$/, creationTimestamp: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ },
  });
  const list = await kubectl.getJson(t, ['cm', ...inNs]);
  t.match(list, { apiVersion: 'v1', kind: 'List', items: [{ kind: 'ConfigMap', metadata: { name: 'cm1' } }] });
  t.equal(await kubectl.ok(t, ['get', 'cm', 'cm1', '-o', 'jsonpath={.data.b}', ...inNs]), '2');
  await kubectl.fails(t, ['get', 'cm', 'nope', ...inNs], /Error from server \(NotFound\): configmaps "nope" not found/);
  t.equal(await kubectl.ok(t, ['get', 'cm', 'nope', '--ignore-not-found', ...inNs]), '');
}

/** Label selectors, -A, --chunk-size=1, --show-labels and `get all` in a fresh namespace `ns`. */
export async function getSelections(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const inNs = ['-n', ns];
  for (const [name, tier] of [['c1', 'front'], ['c2', 'back'], ['c3', 'front']] as const) {
    await kubectl.ok(t, ['create', 'configmap', name, `--from-literal=tier=${tier}`, ...inNs]);
    await kubectl.ok(t, ['label', 'configmap', name, `tier=${tier}`, ...inNs]);
  }
  t.equal(await kubectl.ok(t, ['get', 'cm', '-l', 'tier=front', '-o', 'name', ...inNs]), 'configmap/c1\nconfigmap/c3\n');
  t.equal(await kubectl.ok(t, ['get', 'cm', '-l', 'tier!=front', '-o', 'name', ...inNs]), 'configmap/c2\n');
  t.equal(await kubectl.ok(t, ['get', 'cm', '-l', 'tier in (back,middle)', '-o', 'name', ...inNs]), 'configmap/c2\n');
  const labelled = parseTable(await kubectl.ok(t, ['get', 'cm', '--show-labels', '-l', 'tier', ...inNs]));
  t.same(labelled.headers, ['NAME', 'DATA', 'AGE', 'LABELS']);
  t.same(labelled.rows.map((r) => [r.NAME, r.LABELS]), [['c1', 'tier=front'], ['c2', 'tier=back'], ['c3', 'tier=front']]);
  const chunked = await kubectl.ok(t, ['get', 'cm', '--chunk-size=1', '-l', 'tier', ...inNs]);
  const chunkTable = parseTable(chunked);
  t.same(chunkTable.headers, ['NAME', 'DATA', 'AGE'], 'one header for all chunks');
  t.same(chunkTable.rows.map((r) => r.NAME), ['c1', 'c2', 'c3'], 'every chunk followed');
  t.equal(await kubectl.ok(t, ['get', 'cm', '--chunk-size=1', '-o', 'name', '-l', 'tier', ...inNs]), 'configmap/c1\nconfigmap/c2\nconfigmap/c3\n');
  const sorted = parseTable(await kubectl.ok(t, ['get', 'cm', '--sort-by=.metadata.labels.tier', '-l', 'tier', ...inNs]));
  t.same(sorted.rows.map((r) => r.NAME), ['c2', 'c1', 'c3'], '--sort-by (includeObject=Object)');
  const custom = await kubectl.ok(t, ['get', 'cm', '-l', 'tier', '-o', 'custom-columns=NAME:.metadata.name,TIER:.data.tier', ...inNs]);
  t.same(parseTable(custom).rows, [{ NAME: 'c1', TIER: 'front' }, { NAME: 'c2', TIER: 'back' }, { NAME: 'c3', TIER: 'front' }]);
  const all = parseTable(await kubectl.ok(t, ['get', 'cm', '-A', '-l', 'tier=front']));
  t.same(all.headers, ['NAMESPACE', 'NAME', 'DATA', 'AGE']);
  t.same(all.rows.map((r) => [r.NAMESPACE, r.NAME]), [[ns, 'c1'], [ns, 'c3']]);
  const err = await kubectl.run(['get', 'pods', ...inNs]);
  t.match(err, { code: 0, stdout: '', stderr: `No resources found in ${ns} namespace.\n` });
}

/** `get all` sees the deployment and service of {@link typedCreates} with kind-qualified names. */
export async function getAll(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  const tables = parseTables(await kubectl.ok(t, ['get', 'all', '-n', ns]));
  const names = tables.flatMap((table) => table.rows.map((r) => r.NAME));
  t.ok(names.includes('service/web'), `get all lists service/web (${names.join(' ')})`);
  t.ok(names.includes('deployment.apps/web'), 'get all lists deployment.apps/web');
  t.notOk(names.some((n) => n?.startsWith('configmap')), 'configmaps are not in category all');
  const deployTable = tables.find((table) => table.rows.some((r) => r.NAME === 'deployment.apps/web'));
  t.same(deployTable?.headers, ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE']);
}

/** describe of a ConfigMap, a Deployment and a Namespace. */
export async function describeObjects(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  const cm = await kubectl.ok(t, ['describe', 'configmap', 'cm1', '-n', ns]);
  t.match(cm, new RegExp(`^Name:\\s+cm1\\nNamespace:\\s+${ns}\\nLabels:\\s+<none>\\nAnnotations:\\s+<none>\\n`));
  // kubectl prints the data keys in Go map order (random): check each block on its own.
  t.match(cm, /\nData\n====\n(\w+:\n----\n\d\n\n){2}\nBinaryData\n====\n/);
  t.match(cm, /\na:\n----\n1\n\n/);
  t.match(cm, /\nb:\n----\n2\n\n/);
  t.match(cm, /\nEvents:\s+<none>\n$/);
  const deploy = await kubectl.ok(t, ['describe', 'deployment', 'web', '-n', ns]);
  t.match(deploy, /^Name:\s+web\n/);
  t.match(deploy, /\nSelector:\s+app=web\n/);
  t.match(deploy, /\nReplicas:\s+2 desired \| 0 updated \| 0 total \| 0 available \| 0 unavailable\n/);
  t.match(deploy, /\nStrategyType:\s+RollingUpdate\n/);
  t.match(deploy, /\n\s+nginx:\n\s+Image:\s+nginx:1\.27\n/);
  const namespace = await kubectl.ok(t, ['describe', 'namespace', ns]);
  t.match(namespace, new RegExp(`^Name:\\s+${ns}\\nLabels:\\s+kubernetes.io/metadata.name=${ns}\\n`));
  t.match(namespace, /\nStatus:\s+Active\n/);
}

/** `get -w` as a child process prints the next change. */
export async function watchChanges(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  const watch = kubectl.start(['get', 'configmaps', '-w', '-n', ns]);
  try {
    await watch.waitForOutput(/^NAME\s+DATA\s+AGE\n(.*\n)*cm1\s+2\s+\S+\n/, 20_000);
    await kubectl.ok(t, ['create', 'configmap', 'watched', '--from-literal=x=y', '-n', ns]);
    const out = await watch.waitForOutput(/\nwatched\s+1\s+\S+\n/, 20_000);
    t.match(out, /\nwatched\s+1\s+\d+s\n/, 'get -w printed the created configmap');
    await kubectl.ok(t, ['label', 'configmap', 'watched', 'seen=yes', '-n', ns]);
    const again = await watch.waitForOutput(/\nwatched\s+1\s+\S+\n(.*\n)*watched\s+1\s+\S+\n/, 20_000);
    t.ok(again.split('\n').filter((l) => l.startsWith('watched ')).length >= 2, 'and the update');
  } finally {
    const res = await watch.stop();
    t.equal(res.timedOut, false, `get -w was running until stopped: ${res.stderr}`);
  }
  const one = kubectl.start(['get', 'configmap', 'watched', '-w', '-o', 'jsonpath={.metadata.labels.seen}{"\\n"}', '-n', ns]);
  try {
    await one.waitForOutput(/^yes\n/, 20_000);
    // The object is printed from a GET before the watch (rv=0) starts; give the watch time to open (a
    // change made before it opens would be part of the initial state, which kubectl does not print).
    await new Promise((r) => setTimeout(r, 3000));
    await kubectl.ok(t, ['label', 'configmap', 'watched', 'seen=twice', '--overwrite', '-n', ns]);
    t.equal(await one.waitForOutput(/twice\n/, 20_000), 'yes\ntwice\n', 'get NAME -w: the object, then the change');
  } finally {
    await one.stop();
  }
  t.equal(field(await kubectl.getJson(t, ['cm', 'watched', '-n', ns]), 'metadata', 'labels', 'seen'), 'twice');
}
