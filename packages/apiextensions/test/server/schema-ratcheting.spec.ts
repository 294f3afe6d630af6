/**
 * CRD validation ratcheting of the OpenAPI schema (on by default since 1.30): after a CRD's schema is tightened, a
 * stored object that breaks it may still be updated, through the resource and through `/status`, as long as the
 * invalid values stay as they are; a changed value is checked.
 */
import t from 'tap';
import { call, startChain, waitFor } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const WIDGETS = '/apis/ratchet.example.com/v1/namespaces/default/widgets';

function widgetCRD(maxLength?: number): Record<string, unknown> {
  const name = { type: 'string', ...(maxLength === undefined ? {} : { maxLength }) };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.ratchet.example.com' },
    spec: {
      group: 'ratchet.example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
      versions: [{
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { name } }, status: { type: 'object', properties: { ready: { type: 'boolean' } } } } } },
      }],
    },
  };
}

t.test('a stored object that breaks a tightened schema can be updated where it did not change', async (t) => {
  const { url } = await startChain(t);
  t.equal((await call(url, 'POST', CRDS, widgetCRD())).status, 201);
  await waitFor(async () => (await call(url, 'GET', WIDGETS)).status === 200);
  t.equal((await call(url, 'POST', WIDGETS, { apiVersion: 'ratchet.example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { name: 'toolong' } })).status, 201);

  const crd = await call(url, 'GET', `${CRDS}/widgets.ratchet.example.com`);
  const tightened = { ...widgetCRD(3), metadata: { name: 'widgets.ratchet.example.com', resourceVersion: crd.body.metadata.resourceVersion } };
  t.equal((await call(url, 'PUT', `${CRDS}/widgets.ratchet.example.com`, tightened)).status, 200);
  const probe = { apiVersion: 'ratchet.example.com/v1', kind: 'Widget', metadata: { name: 'probe' }, spec: { name: 'toolong' } };
  await waitFor(async () => (await call(url, 'POST', `${WIDGETS}?dryRun=All`, probe)).status === 422);

  const stored = (await call(url, 'GET', `${WIDGETS}/w`)).body;
  const labelled = await call(url, 'PUT', `${WIDGETS}/w`, { ...stored, metadata: { ...stored.metadata, labels: { team: 'a' } } });
  t.equal(labelled.status, 200, 'the unchanged spec.name is ratcheted');
  const status = await call(url, 'PUT', `${WIDGETS}/w/status`, { ...labelled.body, status: { ready: true } });
  t.equal(status.status, 200, 'a status write leaves spec.name as it was');
  const changed = await call(url, 'PUT', `${WIDGETS}/w`, { ...status.body, spec: { name: 'stilltoolong' } });
  t.equal(changed.status, 422);
  t.same(changed.body.details.causes, [{ reason: 'FieldValueTooLong', message: 'Too long: may not be more than 3 bytes', field: 'spec.name' }]);
  const fixed = await call(url, 'PUT', `${WIDGETS}/w`, { ...status.body, spec: { name: 'ok' } });
  t.equal(fixed.status, 200);
});
