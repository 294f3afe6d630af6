/**
 * kubectl's writing commands over manifests and live objects: create -f, apply -f (client-side, with
 * OpenAPI-backed `--validate=strict`), edit through KUBE_EDITOR, patch (merge, json, strategic), label,
 * annotate, scale and replace.
 */
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Test } from 'tap';
import { stringify as toYaml } from 'yaml';
import { field, type KubeLiteEnv, type Kubectl } from './harness.js';

function configMap(ns: string, name: string, data: Record<string, string>, extra: Record<string, unknown> = {}): string {
  return toYaml({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data, ...extra });
}

function deployment(ns: string, name: string, image: string, replicas: number, extra: Record<string, unknown> = {}): string {
  const labels = { app: name };
  return toYaml({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns },
    spec: {
      replicas,
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [{ name: 'main', image, ...extra }] } },
    },
  });
}

function lengthOf(v: unknown): number | undefined {
  return Array.isArray(v) ? v.length : undefined;
}

/** create -f and apply -f: new, changed and unchanged objects, strict validation rejecting an unknown field. */
export async function manifests(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const stdin = (input: string) => ({ input });
  t.equal(await kubectl.ok(t, ['create', '-f', '-'], stdin(configMap(ns, 'created', { k: 'v' }))), 'configmap/created created\n');
  await kubectl.fails(t, ['create', '-f', '-'], /AlreadyExists.*configmaps "created" already exists/, stdin(configMap(ns, 'created', { k: 'v' })));

  const unknown = configMap(ns, 'strict', { k: 'v' }, { bogus: true });
  for (const validate of [[], ['--validate=strict']]) {
    await kubectl.fails(
      t,
      ['create', '-f', '-', ...validate],
      /Error from server \(BadRequest\): error when creating "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus"/,
      stdin(unknown),
    );
  }
  // A lower-case kind reaches the server (kubectl's mapper matches kinds without case): kube-apiserver's decoder words it.
  await kubectl.fails(
    t,
    ['apply', '-f', '-'],
    /^Error from server \(BadRequest\): error when creating "STDIN": pod in version "v1" cannot be handled as a Pod: no kind "pod" is registered for version "v1" in scheme "pkg\/api\/legacyscheme\/scheme\.go:30"\n$/,
    stdin(`apiVersion: v1\nkind: pod\nmetadata: {name: lower, namespace: ${ns}}\nspec: {containers: [{name: c, image: busybox}]}\n`),
  );
  const warned = await kubectl.run(['create', '-f', '-', '--validate=warn'], stdin(unknown));
  t.match(warned, { code: 0, stdout: 'configmap/strict created\n', stderr: /Warning: unknown field "bogus"/ });
  t.notOk(field(await kubectl.getJson(t, ['cm', 'strict', '-n', ns]), 'bogus'), 'unknown field dropped (Warn)');
  const ignored = await kubectl.run(['apply', '-f', '-', '--validate=false'], stdin(configMap(ns, 'ignored', { k: 'v' }, { bogus: 1 })));
  t.match(ignored, { code: 0, stdout: 'configmap/ignored created\n' });
  t.notOk(field(await kubectl.getJson(t, ['cm', 'ignored', '-n', ns]), 'bogus'), 'unknown field dropped (Ignore)');
  await kubectl.fails(
    t,
    ['apply', '-f', '-'],
    /strict decoding error: unknown field "spec.template.spec.containers\[0\].bogus"/,
    stdin(deployment(ns, 'bad', 'nginx', 1, { bogus: 1 })),
  );

  t.equal(await kubectl.ok(t, ['apply', '-f', '-'], stdin(configMap(ns, 'applied', { a: '1', b: '2' }))), 'configmap/applied created\n');
  t.equal(await kubectl.ok(t, ['apply', '-f', '-'], stdin(configMap(ns, 'applied', { a: '1', b: '2' }))), 'configmap/applied unchanged\n');
  t.equal(await kubectl.ok(t, ['apply', '-f', '-'], stdin(configMap(ns, 'applied', { a: '10', c: '3' }))), 'configmap/applied configured\n');
  const applied = await kubectl.getJson(t, ['cm', 'applied', '-n', ns]);
  t.same(field(applied, 'data'), { a: '10', c: '3' }, 'three-way merge removed b');
  const lastApplied = field(applied, 'metadata', 'annotations', 'kubectl.kubernetes.io/last-applied-configuration');
  t.match(JSON.parse(typeof lastApplied === 'string' ? lastApplied : '{}'), { data: { a: '10', c: '3' } });

  const diff = await kubectl.run(['diff', '-f', '-'], stdin(configMap(ns, 'applied', { a: '11', c: '3' })));
  t.match(diff, { code: 1, stdout: /\n- {2}a: "10"\n\+ {2}a: "11"\n/ }, `kubectl diff shows the change: ${diff.stderr}`);
  t.equal(await kubectl.ok(t, ['get', 'cm', 'applied', '-o', 'jsonpath={.data.a}', '-n', ns]), '10', 'diff changed nothing');

  t.equal(await kubectl.ok(t, ['apply', '-f', '-'], stdin(deployment(ns, 'api', 'busybox:1.36', 1))), 'deployment.apps/api created\n');
  t.equal(await kubectl.ok(t, ['apply', '-f', '-'], stdin(deployment(ns, 'api', 'busybox:1.37', 3))), 'deployment.apps/api configured\n');
  const api = await kubectl.getJson(t, ['deploy', 'api', '-n', ns]);
  t.match(field(api, 'spec'), { replicas: 3, template: { spec: { containers: [{ name: 'main', image: 'busybox:1.37' }] } } });
  t.equal(lengthOf(field(api, 'spec', 'template', 'spec', 'containers')), 1, 'strategic merge kept one container');
}

/** edit through a KUBE_EDITOR script that rewrites the temp file kubectl hands it. */
export async function edit(t: Test, kubectl: Kubectl, env: KubeLiteEnv, ns: string): Promise<void> {
  await kubectl.ok(t, ['create', 'configmap', 'edited', '--from-literal=greeting=hello', '-n', ns]);
  const editor = path.join(env.workDir, 'editor.sh');
  await writeFile(editor, '#!/bin/sh\nsed -i -e \'s/greeting: hello/greeting: bonjour/\' "$1"\n');
  await chmod(editor, 0o755);
  const res = await kubectl.run(['edit', 'configmap', 'edited', '-n', ns], { env: { KUBE_EDITOR: editor } });
  t.match(res, { code: 0, stdout: 'configmap/edited edited\n' }, res.stderr);
  t.equal(await kubectl.ok(t, ['get', 'cm', 'edited', '-n', ns, '-o', 'jsonpath={.data.greeting}']), 'bonjour');
  const unchanged = await kubectl.run(['edit', 'configmap', 'edited', '-n', ns], { env: { KUBE_EDITOR: 'true' } });
  t.match(unchanged, { code: 0, stderr: /Edit cancelled, no changes made\./ });
}

/** patch (merge, json, strategic), label, annotate, scale and replace on live objects. */
export async function liveChanges(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  const inNs = ['-n', ns];
  await kubectl.ok(t, ['create', 'configmap', 'p', '--from-literal=a=1', ...inNs]);
  t.equal(await kubectl.ok(t, ['patch', 'cm', 'p', '--type', 'merge', '-p', '{"data":{"m":"merge"}}', ...inNs]), 'configmap/p patched\n');
  t.equal(await kubectl.ok(t, ['patch', 'cm', 'p', '--type', 'json', '-p', '[{"op":"add","path":"/data/j","value":"json"},{"op":"remove","path":"/data/a"}]', ...inNs]), 'configmap/p patched\n');
  t.equal(await kubectl.ok(t, ['patch', 'cm', 'p', '-p', '{"data":{"s":"strategic"}}', ...inNs]), 'configmap/p patched\n');
  t.equal(await kubectl.ok(t, ['patch', 'cm', 'p', '--type', 'merge', '-p', '{"data":{"s":"strategic"}}', ...inNs]), 'configmap/p patched (no change)\n');
  t.same(field(await kubectl.getJson(t, ['cm', 'p', ...inNs]), 'data'), { m: 'merge', j: 'json', s: 'strategic' });
  await kubectl.fails(t, ['patch', 'cm', 'p', '--type', 'json', '-p', '[{"op":"test","path":"/data/m","value":"other"}]', ...inNs], /The request is invalid: the server rejected our request due to an error in our request/);
  await kubectl.fails(t, ['patch', 'cm', 'p', '--type', 'merge', '-p', '{"metadata":{"name":"other"}}', ...inNs], /Error from server \(BadRequest\): the name of the object \(other\) does not match the name on the URL \(p\)/);

  await kubectl.ok(t, ['create', 'deployment', 'sm', '--image=nginx:1.27', ...inNs]);
  const smp = '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}';
  t.equal(await kubectl.ok(t, ['patch', 'deployment', 'sm', '-p', smp, ...inNs]), 'deployment.apps/sm patched\n');
  const containers = field(await kubectl.getJson(t, ['deploy', 'sm', ...inNs]), 'spec', 'template', 'spec', 'containers');
  t.equal(field(containers, 0, 'image'), 'nginx:1.28');
  t.equal(lengthOf(containers), 1, 'merged by name');
  // A quoted number: the strategic merge patch meets the unstructured converter, a merge patch Go's JSON decoder.
  await kubectl.fails(t, ['patch', 'deployment', 'sm', '-p', '{"spec":{"replicas":"3"}}', ...inNs], /^The request is invalid: patch: Invalid value: "map\[spec:map\[replicas:3\]\]": unrecognized type: int32\n$/);
  await kubectl.fails(t, ['patch', 'deployment', 'sm', '--type', 'merge', '-p', '{"spec":{"replicas":"3"}}', ...inNs], /": json: cannot unmarshal string into Go struct field DeploymentSpec\.spec\.replicas of type int32\n$/);

  t.equal(await kubectl.ok(t, ['label', 'cm', 'p', 'app=demo', ...inNs]), 'configmap/p labeled\n');
  await kubectl.fails(t, ['label', 'cm', 'p', 'app=other', ...inNs], /'app' already has a value \(demo\), and --overwrite is false/);
  t.equal(await kubectl.ok(t, ['label', 'cm', 'p', 'app=other', '--overwrite', ...inNs]), 'configmap/p labeled\n');
  t.equal(await kubectl.ok(t, ['label', 'cm', 'p', 'app-', ...inNs]), 'configmap/p unlabeled\n');
  t.equal(await kubectl.ok(t, ['annotate', 'cm', 'p', 'note=hello world', ...inNs]), 'configmap/p annotated\n');
  const meta = field(await kubectl.getJson(t, ['cm', 'p', ...inNs]), 'metadata');
  t.same(field(meta, 'labels'), undefined, 'label removed');
  t.equal(field(meta, 'annotations', 'note'), 'hello world');

  t.equal(await kubectl.ok(t, ['scale', 'deployment', 'sm', '--replicas=3', ...inNs]), 'deployment.apps/sm scaled\n');
  t.equal(await kubectl.ok(t, ['get', 'deploy', 'sm', '-o', 'jsonpath={.spec.replicas}', ...inNs]), '3');
  await kubectl.fails(t, ['scale', 'deployment', 'sm', '--current-replicas=2', '--replicas=4', ...inNs], /Expected replicas to be 2, was 3/);
  t.equal(await kubectl.ok(t, ['scale', 'deployment', 'sm', '--current-replicas=3', '--replicas=1', ...inNs]), 'deployment.apps/sm scaled\n');
  t.equal(await kubectl.ok(t, ['get', 'deploy', 'sm', '-o', 'jsonpath={.spec.replicas}', ...inNs]), '1');

  const live = await kubectl.ok(t, ['get', 'cm', 'p', '-o', 'yaml', ...inNs]);
  const replaced = live.replace('m: merge', 'm: replaced');
  t.equal(await kubectl.ok(t, ['replace', '-f', '-'], { input: replaced }), 'configmap/p replaced\n');
  t.equal(await kubectl.ok(t, ['get', 'cm', 'p', '-o', 'jsonpath={.data.m}', ...inNs]), 'replaced');
  await kubectl.fails(
    t,
    ['replace', '-f', '-'],
    /Error from server \(Conflict\): error when replacing "STDIN": Operation cannot be fulfilled on configmaps "p": the object has been modified; please apply your changes to the latest version and try again/,
    { input: live.replace('m: merge', 'm: stale') },
  );
}
