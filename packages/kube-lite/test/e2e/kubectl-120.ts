/**
 * Debian's kubectl 1.20 against kube-lite: legacy discovery only, JSON bodies, OpenAPI v2 (protobuf) for
 * client-side validation. Validation is tried first; when kube-lite cannot serve what 1.20 validates
 * with, that is recorded and the rest runs with `--validate=false`.
 */
import type { Test } from 'tap';
import { stringify as toYaml } from 'yaml';
import { checkApiResources } from './kubectl-discovery.js';
import { field, type Kubectl } from './harness.js';
import { parseTable, rowOf } from './table.js';

function configMap(ns: string, name: string, data: Record<string, string>): string {
  return toYaml({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data });
}

/** version and api-resources through legacy discovery. */
export async function discovery120(t: Test, kubectl: Kubectl): Promise<void> {
  const version = await kubectl.ok(t, ['version']);
  t.match(version, /^Client Version: version\.Info\{Major:"1", Minor:"20", GitVersion:"v1\.20\.\d+"/);
  t.match(version, /\nServer Version: version\.Info\{Major:"1", Minor:"32", GitVersion:"v1\.32\.\d+[^"]*"/);
  const json: unknown = JSON.parse(await kubectl.ok(t, ['version', '-o', 'json']));
  t.match(field(json, 'serverVersion'), { major: '1', minor: '32' });
  checkApiResources(t, parseTable(await kubectl.ok(t, ['api-resources'])), false);
  // kubectl 1.20's wide output has VERBS but no CATEGORIES column.
  checkApiResources(t, parseTable(await kubectl.ok(t, ['api-resources', '-o', 'wide'])), true, false);
  const versions = (await kubectl.ok(t, ['api-versions'])).split('\n');
  for (const gv of ['apps/v1', 'coordination.k8s.io/v1', 'v1']) t.ok(versions.includes(gv), `api-versions lists ${gv}`);
}

/**
 * create -f (validation first), apply (new, changed), get, typed create, delete. Returns the `--validate`
 * flags the writes needed, for the report.
 */
export async function objects120(t: Test, kubectl: Kubectl, ns: string): Promise<string[]> {
  t.equal(await kubectl.ok(t, ['create', 'namespace', ns]), `namespace/${ns} created\n`, 'typed create (JSON body)');
  const first = await kubectl.run(['create', '-f', '-'], { input: configMap(ns, 'validated', { k: 'v' }) });
  let validate: string[] = [];
  if (first.code === 0) {
    t.equal(first.stdout, 'configmap/validated created\n');
    t.comment('kubectl 1.20 create -f passed client-side validation (OpenAPI v2 served)');
  } else {
    // The documented 1.20 failure when /openapi/v2 (protobuf) is not served; anything else is a bug.
    t.match(first.stderr, /error validating data|failed to download openapi|the server could not find the requested resource/);
    t.comment(`kubectl 1.20 create -f needs --validate=false: ${first.stderr.trim()}`);
    validate = ['--validate=false'];
    t.equal(await kubectl.ok(t, ['create', '-f', '-', ...validate], { input: configMap(ns, 'validated', { k: 'v' }) }), 'configmap/validated created\n');
  }
  const applyArgs = ['apply', '-f', '-', ...validate];
  t.equal(await kubectl.ok(t, applyArgs, { input: configMap(ns, 'applied', { a: '1', b: '2' }) }), 'configmap/applied created\n');
  t.equal(await kubectl.ok(t, applyArgs, { input: configMap(ns, 'applied', { a: '1', b: '2' }) }), 'configmap/applied unchanged\n');
  t.equal(await kubectl.ok(t, applyArgs, { input: configMap(ns, 'applied', { a: '3' }) }), 'configmap/applied configured\n');
  t.same(field(await kubectl.getJson(t, ['cm', 'applied', '-n', ns]), 'data'), { a: '3' });

  t.equal(await kubectl.ok(t, ['create', 'deployment', 'web', '--image=nginx:1.27', '-n', ns]), 'deployment.apps/web created\n');
  const cms = parseTable(await kubectl.ok(t, ['get', 'configmaps', '-n', ns]));
  t.same(cms.headers, ['NAME', 'DATA', 'AGE']);
  t.match(rowOf(cms, 'applied'), { DATA: '1' });
  t.match(rowOf(cms, 'validated'), { DATA: '1' });
  const deploys = parseTable(await kubectl.ok(t, ['get', 'deployments', '-n', ns]));
  t.same(deploys.headers, ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE']);
  t.match(rowOf(deploys, 'web'), { READY: '0/1' });
  t.equal(await kubectl.ok(t, ['get', 'cm', 'applied', '-n', ns, '-o', 'jsonpath={.data.a}']), '3');
  t.equal(await kubectl.ok(t, ['label', 'cm', 'applied', 'x=y', '-n', ns]), 'configmap/applied labeled\n');
  t.equal(await kubectl.ok(t, ['patch', 'cm', 'applied', '--type', 'merge', '-p', '{"data":{"m":"1"}}', '-n', ns]), 'configmap/applied patched\n');
  t.equal(await kubectl.ok(t, ['patch', 'deploy', 'web', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}', '-n', ns]), 'deployment.apps/web patched\n');
  t.match(await kubectl.ok(t, ['describe', 'cm', 'applied', '-n', ns]), new RegExp(`^Name:\\s+applied\\nNamespace:\\s+${ns}\\nLabels:\\s+x=y\\n`));
  t.match(await kubectl.ok(t, ['describe', 'deploy', 'web', '-n', ns]), /\n\s+Image:\s+nginx:1\.28\n/);
  t.equal(await kubectl.ok(t, ['scale', 'deployment', 'web', '--replicas=2', '-n', ns]), 'deployment.apps/web scaled\n');
  t.equal(await kubectl.ok(t, ['delete', 'configmap', 'applied', '-n', ns]), 'configmap "applied" deleted\n');
  t.equal(await kubectl.ok(t, ['delete', '-f', '-'], { input: configMap(ns, 'validated', {}) }), 'configmap "validated" deleted\n');
  t.equal(await kubectl.ok(t, ['get', 'configmaps', '-n', ns, '-o', 'name']), '');
  const res = await kubectl.run(['delete', 'namespace', ns, '--timeout=40s'], { timeoutMs: 50_000 });
  t.match(res, { code: 0, stdout: `namespace "${ns}" deleted\n` }, res.stderr);
  return validate;
}

const CR_GROUP = 'e2e120.example.com';

/** A namespaced CRD of `CR_GROUP` serving and storing one version, `v1`, with `schema`. */
function crd(kind: string, plural: string, schema: Record<string, unknown>): Record<string, unknown> {
  const versions = [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }];
  return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `${plural}.${CR_GROUP}` }, spec: { group: CR_GROUP, names: { kind, plural }, scope: 'Namespaced', versions } };
}

const GIZMO_CRD = crd('Gizmo', 'gizmos', {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        size: { type: 'integer' },
        config: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'string' } } },
        optional: { type: 'object', nullable: true, properties: { a: { type: 'string' } } },
        port: { 'x-kubernetes-int-or-string': true },
      },
    },
  },
});

/** A CRD whose root preserves unknown fields: upstream publishes only `type: object` for it in OpenAPI v2. */
const BLOB_CRD = crd('Blob', 'blobs', { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } });

function gizmo(ns: string, name: string, spec: Record<string, unknown>): string {
  return toYaml({ apiVersion: `${CR_GROUP}/v1`, kind: 'Gizmo', metadata: { name, namespace: ns }, spec });
}

/**
 * Client-side validation of custom resources against `/openapi/v2`, as on a cluster: fields under a node that
 * preserves unknown fields, a null where the schema is nullable and either form of an int-or-string pass; a field
 * the schema does not have is refused by kubectl itself.
 */
export async function customResources120(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  t.equal(await kubectl.ok(t, ['create', '-f', '-'], { input: toYaml(GIZMO_CRD) }), 'customresourcedefinition.apiextensions.k8s.io/gizmos.e2e120.example.com created\n');
  await kubectl.ok(t, ['wait', '--for', 'condition=established', '--timeout=30s', 'crd/gizmos.e2e120.example.com']);
  t.equal(await kubectl.ok(t, ['create', 'namespace', ns]), `namespace/${ns} created\n`);
  const open = gizmo(ns, 'open', { size: 3, config: { known: 'x', extra: { deep: 1 } }, optional: null, port: 'http' });
  t.equal(await kubectl.ok(t, ['create', '-f', '-'], { input: open }), 'gizmo.e2e120.example.com/open created\n', 'unknown fields under x-kubernetes-preserve-unknown-fields pass');
  t.same(field(await kubectl.getJson(t, ['gizmo', 'open', '-n', ns]), 'spec'), { size: 3, config: { known: 'x', extra: { deep: 1 } }, optional: null, port: 'http' }, 'the null is kept (nullable)');
  const numbered = gizmo(ns, 'numbered', { optional: { a: 'set' }, port: 8080 });
  t.equal(await kubectl.ok(t, ['apply', '-f', '-'], { input: numbered }), 'gizmo.e2e120.example.com/numbered created\n', 'an integer int-or-string passes');
  // Refused by kubectl before it is sent: the server would drop the field (pruning) and answer 201.
  const unknown = /error validating data: ValidationError\(Gizmo\.spec\): unknown field "bogus" in com\.example\.e2e120\.v1\.Gizmo\.spec/;
  await kubectl.fails(t, ['create', '-f', '-'], unknown, { input: gizmo(ns, 'refused', { size: 1, bogus: true }) });
  t.equal(await kubectl.ok(t, ['get', 'gizmos', '-n', ns, '-o', 'name']), 'gizmo.e2e120.example.com/numbered\ngizmo.e2e120.example.com/open\n');

  t.equal(await kubectl.ok(t, ['create', '-f', '-'], { input: toYaml(BLOB_CRD) }), 'customresourcedefinition.apiextensions.k8s.io/blobs.e2e120.example.com created\n');
  await kubectl.ok(t, ['wait', '--for', 'condition=established', '--timeout=30s', 'crd/blobs.e2e120.example.com']);
  const blob = toYaml({ apiVersion: `${CR_GROUP}/v1`, kind: 'Blob', metadata: { name: 'b1', namespace: ns }, anything: { x: 1 }, spec: { size: 2 } });
  t.equal(await kubectl.ok(t, ['create', '-f', '-'], { input: blob }), 'blob.e2e120.example.com/b1 created\n', 'any field passes under a root preserving unknown fields');
  t.same(field(await kubectl.getJson(t, ['blob', 'b1', '-n', ns]), 'anything'), { x: 1 });
  await kubectl.ok(t, ['delete', 'crd', 'gizmos.e2e120.example.com', 'blobs.e2e120.example.com']);
  const res = await kubectl.run(['delete', 'namespace', ns, '--timeout=40s'], { timeoutMs: 50_000 });
  t.match(res, { code: 0, stdout: `namespace "${ns}" deleted\n` }, res.stderr);
}
