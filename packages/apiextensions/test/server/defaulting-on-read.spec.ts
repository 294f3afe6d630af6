/**
 * Defaults apply when objects are read from storage (upstream's storage codec defaults what it decodes): after a CRD
 * gains a default, objects stored before show it on get, list and watch, and the next update stores it.
 */
import t from 'tap';
import { call, startChain, waitFor } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const GIZMOS = '/apis/defaults.example.com/v1/namespaces/default/gizmos';

function gizmoCRD(withDefault: boolean): Record<string, unknown> {
  const mode = { type: 'string', ...(withDefault ? { default: 'fast' } : {}) };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'gizmos.defaults.example.com' },
    spec: {
      group: 'defaults.example.com',
      scope: 'Namespaced',
      names: { plural: 'gizmos', singular: 'gizmo', kind: 'Gizmo' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' }, mode } } } } } }],
    },
  };
}

t.test('a default the CRD gains shows on objects stored before it', async (t) => {
  const { url } = await startChain(t);
  t.equal((await call(url, 'POST', CRDS, gizmoCRD(false))).status, 201);
  await waitFor(async () => (await call(url, 'GET', GIZMOS)).status === 200);
  const created = await call(url, 'POST', GIZMOS, { apiVersion: 'defaults.example.com/v1', kind: 'Gizmo', metadata: { name: 'g' }, spec: { size: 1 } });
  t.equal(created.status, 201);
  t.same(created.body.spec, { size: 1 });

  const crd = await call(url, 'GET', `${CRDS}/gizmos.defaults.example.com`);
  const updated = { ...gizmoCRD(true), metadata: { name: 'gizmos.defaults.example.com', resourceVersion: crd.body.metadata.resourceVersion } };
  t.equal((await call(url, 'PUT', `${CRDS}/gizmos.defaults.example.com`, updated)).status, 200);
  await waitFor(async () => (await call(url, 'GET', `${GIZMOS}/g`)).body.spec?.mode === 'fast');

  const got = await call(url, 'GET', `${GIZMOS}/g`);
  t.same(got.body.spec, { size: 1, mode: 'fast' }, 'get');
  t.equal(got.body.metadata.resourceVersion, created.body.metadata.resourceVersion, 'read, not written');
  t.same((await call(url, 'GET', GIZMOS)).body.items.map((i: { spec: unknown }) => i.spec), [{ size: 1, mode: 'fast' }], 'list');
  const labelled = await call(url, 'PUT', `${GIZMOS}/g`, { ...got.body, metadata: { ...got.body.metadata, labels: { a: 'b' } } });
  t.equal(labelled.status, 200);
  t.same(labelled.body.spec, { size: 1, mode: 'fast' }, 'the next update stores it');
});
