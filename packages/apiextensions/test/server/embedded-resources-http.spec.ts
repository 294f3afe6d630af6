/**
 * Embedded resources over HTTP: a custom resource whose `x-kubernetes-embedded-resource` field lacks `kind` is a 422, one
 * whose embedded `apiVersion` is no string a 400 from the decoder, and an embedded `creationTimestamp: null` (what Go
 * clients send for a template) is not stored.
 */
import t from 'tap';
import { call, startChain, waitFor } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const BOXES = '/apis/embedded.example.com/v1/namespaces/default/boxes';

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'boxes.embedded.example.com' },
  spec: {
    group: 'embedded.example.com',
    scope: 'Namespaced',
    names: { plural: 'boxes', singular: 'box', kind: 'Box' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: { spec: { type: 'object', properties: { template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } } } },
          },
        },
      },
    ],
  },
};
const box = (name: string, template: Record<string, unknown>) => ({ apiVersion: 'embedded.example.com/v1', kind: 'Box', metadata: { name }, spec: { template } });

t.test('embedded resources are coerced and validated', async (t) => {
  const { url } = await startChain(t);
  t.equal((await call(url, 'POST', CRDS, crd)).status, 201);
  await waitFor(async () => (await call(url, 'GET', BOXES)).status === 200);

  const noKind = await call(url, 'POST', BOXES, box('no-kind', { apiVersion: 'v1', metadata: { name: 'x' } }));
  t.same([noKind.status, noKind.body.message], [422, 'Box.embedded.example.com "no-kind" is invalid: spec.template.kind: Required value']);

  const numeric = await call(url, 'POST', BOXES, box('numeric', { apiVersion: 1, kind: 'ConfigMap' }));
  t.same([numeric.status, numeric.body.message], [400, 'Box in version "v1" cannot be handled as a Box: spec.template.apiVersion: Invalid value: 1: must be a string']);

  const created = await call(url, 'POST', BOXES, box('ok', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { creationTimestamp: null, labels: { app: 'a' } }, data: { k: 'v' } }));
  t.equal(created.status, 201);
  t.same(created.body.spec.template, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { labels: { app: 'a' } }, data: { k: 'v' } });
});
