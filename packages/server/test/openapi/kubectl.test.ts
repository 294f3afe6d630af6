import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { KUBECTL_GO_RUNTIME_ENV } from '@apiserver/testing';
import t from 'tap';
import { startOpenAPIServer } from './openapi-fixture.js';

function kubectlOnPath(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** Versioned binaries (`kubectl.1.27` …) installed beside the kubectl on PATH (the gcloud dispatcher's layout). */
function versionedKubectls(): string[] {
  const dirs = new Set((process.env.PATH ?? '').split(':').filter((d) => d !== ''));
  for (const d of [...dirs]) if (existsSync(join(d, 'kubectl'))) dirs.add(dirname(realpathSync(join(d, 'kubectl'))));
  const found = new Map<string, string>();
  for (const d of dirs) {
    if (!existsSync(d)) continue;
    for (const name of readdirSync(d)) if (/^kubectl\.1\.\d+$/.test(name) && !found.has(name)) found.set(name, join(d, name));
  }
  return [...found.values()].sort();
}

interface Run {
  code: number;
  out: string;
}

t.test('kubectl uses the OpenAPI documents', { skip: kubectlOnPath() ? false : 'kubectl is not on PATH' }, async (t) => {
  const { url, close } = await startOpenAPIServer();
  const dir = mkdtempSync(join(tmpdir(), 'openapi-kubectl-'));
  t.teardown(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${url}\ncontexts:\n- name: c\n  context:\n    cluster: c\n    user: u\ncurrent-context: c\nusers:\n- name: u\n  user: {}\n`,
  );
  const file = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const run = (binary: string, ...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const all = ['--kubeconfig', kubeconfig, '--cache-dir', join(dir, `cache-${binary.replace(/\W/g, '')}`), '--request-timeout', '20s', ...args];
      execFile(binary, all, { timeout: 60_000, env: { ...KUBECTL_GO_RUNTIME_ENV, ...process.env, HOME: dir } }, (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : 1;
        resolve({ code, out: `${stdout}${stderr}` });
      });
    });
  const kubectl = (...args: string[]): Promise<Run> => run('kubectl', ...args);

  const explain = await kubectl('explain', 'configmaps.data');
  t.equal(explain.code, 0, explain.out);
  t.match(explain.out, /KIND:\s+ConfigMap/);
  t.match(explain.out, /FIELD: data <map\[string\]string>/);

  const template = await kubectl('explain', 'deployments.spec.template');
  t.equal(template.code, 0, template.out);
  t.match(template.out, /GROUP:\s+apps/);
  t.match(template.out, /FIELD: template <PodTemplateSpec>/);
  t.match(template.out, /spec\s+<PodSpec>/);

  const v2 = await kubectl('explain', 'configmaps', '--output=plaintext-openapiv2');
  t.equal(v2.code, 0, v2.out);
  t.match(v2.out, /KIND:\s+ConfigMap/);
  t.match(v2.out, /data\s+<map\[string\]string>/);

  const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm1\n  labels:\n    app: demo\ndata:\n  a: b\n';
  const created = await kubectl('create', '-f', file('cm.yaml', cm), '--validate=strict');
  t.same([created.code, created.out.trim()], [0, 'configmap/cm1 created']);
  const bad = await kubectl('create', '-f', file('bad.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm2\nbogus: 1\n'), '--validate=strict');
  t.not(bad.code, 0);
  t.match(bad.out, 'unknown field "bogus"', 'strict validation is left to the server (fieldValidation=Strict)');

  const applied = await kubectl('apply', '-f', file('apply.yaml', cm.replace('cm1', 'cm3')));
  t.same([applied.code, applied.out.trim()], [0, 'configmap/cm3 created']);
  const changed = await kubectl('apply', '-f', file('apply.yaml', cm.replace('cm1', 'cm3').replace('a: b', 'a: c')));
  t.same([changed.code, changed.out.trim()], [0, 'configmap/cm3 configured'], 'client-side apply patches from the v3 schema without warnings');
  const data = await kubectl('get', 'configmaps', 'cm3', '-o', 'jsonpath={.data.a}');
  t.same(data, { code: 0, out: 'c' });

  const deployment =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: c\n        image: nginx\n';
  t.equal((await kubectl('apply', '-f', file('d.yaml', deployment))).code, 0);
  const rolled = await kubectl('apply', '-f', file('d.yaml', deployment.replace('image: nginx', 'image: nginx:2')));
  t.same([rolled.code, rolled.out.trim()], [0, 'deployment.apps/web configured']);
  const image = await kubectl('get', 'deployments', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0].image}');
  t.same(image, { code: 0, out: 'nginx:2' }, 'strategic merge by container name');

  const raw = await kubectl('get', '--raw', '/openapi/v3');
  t.equal(raw.code, 0, 'get --raw /openapi/v3');
  t.match(JSON.parse(raw.out), { paths: { 'api/v1': { serverRelativeURL: /^\/openapi\/v3\/api\/v1\?hash=/ } } });

  for (const binary of versionedKubectls()) {
    const version = binary.replace(/^.*kubectl\./, '');
    const field = await run(binary, 'explain', 'configmaps.data');
    t.match(field.out, /FIELD: data <map\[string\]string>/, `kubectl ${version} explain (OpenAPI v3)`);
    const name = `cm-${version.replace('.', '-')}`;
    const strict = await run(binary, 'create', '-f', file(`${name}.yaml`, cm.replace('cm1', name)), '--validate=strict');
    t.same([strict.code, strict.out.trim()], [0, `configmap/${name} created`], `kubectl ${version} create -f --validate=strict`);
  }

  // kubectl 1.20 validates on the client from the v2 protobuf document (no fieldValidation parameter). Point
  // KUBECTL_1_20 at an unpacked Debian kubernetes-client 1.20 binary to run it (not installed on PATH).
  const legacy = process.env.KUBECTL_1_20;
  if (legacy !== undefined && existsSync(legacy)) {
    const ok = await run(legacy, 'create', '-f', file('cm-legacy.yaml', cm.replace('cm1', 'cm-legacy')));
    t.same([ok.code, ok.out.trim()], [0, 'configmap/cm-legacy created'], 'kubectl 1.20 create -f (validated with /openapi/v2)');
    const rejected = await run(legacy, 'create', '-f', join(dir, 'bad.yaml'));
    t.match(rejected.out, 'ValidationError(ConfigMap): unknown field "bogus" in io.k8s.api.core.v1.ConfigMap', 'kubectl 1.20 client-side validation');
    const explained = await run(legacy, 'explain', 'configmaps.data');
    t.match(explained.out, /FIELD:\s+data <map\[string\]string>/, 'kubectl 1.20 explain (OpenAPI v2 protobuf)');
  }
});
