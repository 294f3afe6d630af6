/**
 * CustomResourceDefinitions through kube-lite (issue 7), on memory and etcd3: kubectl applies a CRD, waits for
 * Established, then applies, gets, explains, scales and deletes custom objects; client-node's CustomObjectsApi
 * creates, lists, patches and deletes them.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { findKubectl } from '@apiserver/testing';
import t from 'tap';
import { BACKENDS, Kubectl, startEnv } from './harness.js';

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.e2e.example.com' },
  spec: {
    group: 'e2e.example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', shortNames: ['wd'] },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {}, scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.size' } },
        additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }],
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                required: ['color'],
                properties: {
                  color: { type: 'string', enum: ['red', 'blue'], description: 'The color of the widget.' },
                  size: { type: 'integer', minimum: 0, default: 1 },
                },
              },
              status: { type: 'object', properties: { size: { type: 'integer' } } },
            },
          },
        },
      },
    ],
  },
};

const widget = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'e2e.example.com/v1', kind: 'Widget', metadata: { name }, spec });

const found = await findKubectl();

for (const backend of BACKENDS) {
  t.test(`CRDs with kubectl and client-node on ${backend}`, { skip: 'reason' in found ? found.reason : false }, async (t) => {
    if (!('binary' in found)) return;
    const env = await startEnv(t, backend);
    t.equal((await fetch(`${env.url}/apis/apiextensions.k8s.io/v1`)).status, 200, 'the apiextensions server is in the chain');
    const kubectl = new Kubectl(found.binary, env);
    const crdFile = path.join(env.workDir, 'crd.json');
    await writeFile(crdFile, JSON.stringify(CRD));
    t.match(await kubectl.ok(t, ['apply', '-f', crdFile]), /widgets.e2e.example.com created/);
    await kubectl.ok(t, ['wait', '--for=condition=Established', 'crd/widgets.e2e.example.com', '--timeout=10s']);

    const file = path.join(env.workDir, 'w1.json');
    await writeFile(file, JSON.stringify(widget('w1', { color: 'red' })));
    t.match(await kubectl.ok(t, ['apply', '-f', file]), /widget.e2e.example.com\/w1 created/);
    await writeFile(file, JSON.stringify(widget('w1', { color: 'blue', size: 3 })));
    t.match(await kubectl.ok(t, ['apply', '-f', file]), /widget.e2e.example.com\/w1 configured/);
    t.match(await kubectl.ok(t, ['get', 'wd']), /w1\s+3/);
    t.match(await kubectl.ok(t, ['explain', 'widget.spec.color']), /The color of the widget/);
    await kubectl.ok(t, ['scale', 'widget', 'w1', '--replicas=5']);
    const w1 = await kubectl.getJson(t, ['widget', 'w1']);
    t.equal((w1.spec as { size?: number } | undefined)?.size, 5, 'scaled through the scale subresource');
    await writeFile(file, JSON.stringify(widget('w2', { color: 'green' })));
    await kubectl.fails(t, ['apply', '-f', file], /Unsupported value: "green": supported values: "red", "blue"/);

    const kc = new k8s.KubeConfig();
    kc.loadFromFile(env.kubeconfigPath);
    const custom = kc.makeApiClient(k8s.CustomObjectsApi);
    const base = { group: 'e2e.example.com', version: 'v1', namespace: 'default', plural: 'widgets' };
    const created = await custom.createNamespacedCustomObject({ ...base, body: widget('w3', { color: 'red' }) });
    t.equal(created.spec.size, 1, 'defaulted');
    const listed = await custom.listNamespacedCustomObject(base);
    t.same(listed.items.map((i: { metadata: { name: string } }) => i.metadata.name), ['w1', 'w3']);
    const patched = await custom.patchNamespacedCustomObject({ ...base, name: 'w3', body: [{ op: 'replace', path: '/spec/size', value: 2 }] });
    t.equal(patched.spec.size, 2);
    await custom.deleteNamespacedCustomObject({ ...base, name: 'w3' });

    t.match(await kubectl.ok(t, ['delete', '-f', crdFile]), /deleted/);
    const apis = await fetch(`${env.url}/apis/e2e.example.com`);
    t.equal(apis.status, 404, 'the group is gone with its CRD');
  });
}
