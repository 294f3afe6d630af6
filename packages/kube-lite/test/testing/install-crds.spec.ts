/** startKubeLite's `crds` option: CRDs from objects, files and folders, installed and served before it resolves. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import type { CustomResourceDefinition } from '@apiserver/apiextensions';
import { startKubeLite } from '../../src/testing/index.js';

/** A namespaced CRD `<plural>.<group>` with one served version v1. */
function crd(plural: string, kind: string, group = 'example.com'): CustomResourceDefinition {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural, singular: kind.toLowerCase(), kind, listKind: `${kind}List` },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  };
}

function folder(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'install-crds-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

t.test('CRD objects: Established and in discovery when startKubeLite resolves', async (t) => {
  const kl = await startKubeLite({ crds: [crd('widgets', 'Widget'), crd('gadgets', 'Gadget', 'tools.example.org')] });
  t.teardown(() => kl.stop());
  t.same(
    kl.crds.map((c) => c.metadata?.name),
    ['widgets.example.com', 'gadgets.tools.example.org'],
    'the installed CRDs, in order',
  );
  for (const installed of kl.crds) {
    const established = installed.status?.conditions?.find((c) => c.type === 'Established');
    t.equal(established?.status, 'True', `${installed.metadata?.name} Established`);
  }
  // No wait of the test's own: the first requests for the new kinds are served.
  const discovery = (await (await fetch(`${kl.url}/apis/example.com/v1`)).json()) as { resources: { name: string }[] };
  t.ok(discovery.resources.some((r) => r.name === 'widgets'), 'widgets in discovery');
  const created = await fetch(`${kl.url}/apis/tools.example.org/v1/namespaces/default/gadgets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'tools.example.org/v1', kind: 'Gadget', metadata: { name: 'g' } }),
  });
  t.equal(created.status, 201, 'a Gadget is created at once');
});

t.test('manifest files and folders: YAML and JSON, several documents, other kinds and subfolders skipped', async (t) => {
  const dir = folder(t);
  const yamlCRD = (plural: string, kind: string) =>
    [
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      `metadata: { name: ${plural}.example.com }`,
      'spec:',
      '  group: example.com',
      '  scope: Cluster',
      `  names: { plural: ${plural}, singular: ${kind.toLowerCase()}, kind: ${kind} }`,
      '  versions:',
      '  - name: v1',
      '    served: true',
      '    storage: true',
      '    schema: { openAPIV3Schema: { type: object } }',
    ].join('\n');
  writeFileSync(join(dir, 'b.yaml'), `${yamlCRD('bees', 'Bee')}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: skipped, namespace: default }\n---\n${yamlCRD('bats', 'Bat')}\n`);
  writeFileSync(join(dir, 'a.json'), JSON.stringify(crd('ants', 'Ant')));
  writeFileSync(join(dir, 'notes.txt'), 'not a manifest');
  mkdirSync(join(dir, 'nested'));
  writeFileSync(join(dir, 'nested', 'c.yaml'), yamlCRD('cats', 'Cat'));
  const single = join(folder(t), 'dogs.yml');
  writeFileSync(single, yamlCRD('dogs', 'Dog'));

  const kl = await startKubeLite({ crds: [dir, single] });
  t.teardown(() => kl.stop());
  t.same(
    kl.crds.map((c) => c.metadata?.name),
    ['ants.example.com', 'bees.example.com', 'bats.example.com', 'dogs.example.com'],
    "a folder's files in name order, each file's CRDs in document order, then the file named on its own",
  );
  t.equal((await fetch(`${kl.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions/cats.example.com`)).status, 404, 'a subfolder is not read');
  t.equal((await fetch(`${kl.url}/api/v1/namespaces/default/configmaps/skipped`)).status, 404, 'documents of other kinds are not created');
});

t.test('what fails the start: a missing path, a manifest that does not parse, a refused CRD, one never served', async (t) => {
  await t.rejects(startKubeLite({ crds: ['/nonexistent/crds'] }), { message: 'crds: /nonexistent/crds: no such file or folder' });
  const broken = join(folder(t), 'broken.yaml');
  writeFileSync(broken, 'kind: CustomResourceDefinition\nmetadata: {name: x\n');
  await t.rejects(startKubeLite({ crds: [broken] }), { message: new RegExp(`^crds: ${broken}: `) });

  const invalid = crd('things', 'Thing');
  invalid.spec.names.plural = 'other';
  await t.rejects(startKubeLite({ crds: [invalid] }), { message: /^crds: creating things\.example\.com: 422 CustomResourceDefinition\.apiextensions\.k8s\.io "things\.example\.com" is invalid: metadata\.name: Invalid value/ });

  // Two CRDs of one group with one kind: the second's names are not accepted, so it never becomes Established.
  await t.rejects(startKubeLite({ crds: [crd('frogs', 'Frog'), crd('toads', 'Frog')], crdTimeoutMillis: 500 }), {
    message: 'crds: toads.example.com not Established and served within 500 ms',
  });
});
