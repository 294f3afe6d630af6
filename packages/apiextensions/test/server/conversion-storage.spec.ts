/**
 * Custom resources of a CRD with a conversion webhook, through the apiextensions server: writes in any served version
 * are stored in the storage version and answered in the request's (create, update, status, dry-run, deletecollection,
 * no-op update), and a changed storage version applies to new writes while old objects still read in every version.
 */
import t from 'tap';
import { startConversionWebhook } from '../fixtures/conversion-webhook.js';
import { call, startChain, waitFor } from './harness.js';

const G = 'stable.example.com';
const CRD_PATH = `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.${G}`;
const schema = (prop: string) => ({
  openAPIV3Schema: {
    type: 'object',
    properties: {
      spec: { type: 'object', properties: { [prop]: { type: 'string' } } },
      status: { type: 'object', properties: { phase: { type: 'string' } } },
    },
  },
});

t.test('writes and reads in both versions of a webhook-converted CRD', async (t) => {
  const hook = await startConversionWebhook(t);
  const { url } = await startChain(t);
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `crontabs.${G}` },
    spec: {
      group: G,
      scope: 'Namespaced',
      names: { plural: 'crontabs', kind: 'CronTab' },
      versions: [
        { name: 'v1', served: true, storage: true, schema: schema('cronSpec'), subresources: { status: {} } },
        { name: 'v2', served: true, storage: false, schema: schema('schedule'), subresources: { status: {} } },
      ],
      conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: hook.url, caBundle: hook.caBundle } } },
    },
  };
  t.equal((await call(url, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd)).status, 201);
  const v1 = `/apis/${G}/v1/namespaces/default/crontabs`;
  const v2 = `/apis/${G}/v2/namespaces/default/crontabs`;
  await waitFor(async () => (await call(url, 'GET', v2)).status === 200);

  const created = await call(url, 'POST', v2, { apiVersion: `${G}/v2`, kind: 'CronTab', metadata: { name: 'a' }, spec: { schedule: '1' } });
  t.equal(created.status, 201);
  t.same([created.body.apiVersion, created.body.spec], [`${G}/v2`, { schedule: '1' }]);
  t.same((await call(url, 'GET', `${v1}/a`)).body.spec, { cronSpec: '1' }, 'stored in v1');

  const put = await call(url, 'PUT', `${v2}/a`, { ...created.body, spec: { schedule: '2' } });
  t.equal(put.status, 200);
  t.same(put.body.spec, { schedule: '2' });
  t.same((await call(url, 'GET', `${v1}/a`)).body.spec, { cronSpec: '2' }, 'an update in v2 is stored in v1');

  const same = await call(url, 'PUT', `${v2}/a`, put.body);
  t.equal(same.body.metadata.resourceVersion, put.body.metadata.resourceVersion, 'a no-op update through two conversions writes nothing');

  const status = await call(url, 'PUT', `${v2}/a/status`, { ...put.body, status: { phase: 'Running' } });
  t.equal(status.status, 200);
  t.same([status.body.apiVersion, status.body.status], [`${G}/v2`, { phase: 'Running' }]);
  t.same((await call(url, 'GET', `${v1}/a`)).body.status, { phase: 'Running' }, 'status written through v2');

  const dry = await call(url, 'POST', `${v2}?dryRun=All`, { apiVersion: `${G}/v2`, kind: 'CronTab', metadata: { name: 'dry' }, spec: { schedule: '3' } });
  t.same([dry.status, dry.body.apiVersion, dry.body.spec], [201, `${G}/v2`, { schedule: '3' }]);
  t.equal((await call(url, 'GET', `${v1}/dry`)).status, 404, 'dry run stores nothing');

  // The storage version moves to v2: writes are stored in v2 from then on, `c` stays in v1 and reads in both.
  t.equal((await call(url, 'POST', v1, { apiVersion: `${G}/v1`, kind: 'CronTab', metadata: { name: 'c' }, spec: { cronSpec: '5' } })).status, 201);
  const current = (await call(url, 'GET', CRD_PATH)).body;
  current.spec.versions[0].storage = false;
  current.spec.versions[1].storage = true;
  const moved = await call(url, 'PUT', CRD_PATH, current);
  t.equal(moved.status, 200, JSON.stringify(moved.body.message));
  await waitFor(async () => {
    // Rewriting `a` through v1 converts it to the storage version once the CRD's new storage version is served.
    const reviews = hook.reviews.length;
    const res = await call(url, 'PUT', `${v1}/a`, (await call(url, 'GET', `${v1}/a`)).body);
    return res.status === 200 && hook.reviews.slice(reviews).some((r) => r.request.desiredAPIVersion === `${G}/v2`);
  });
  const before = hook.reviews.length;
  t.equal((await call(url, 'POST', v1, { apiVersion: `${G}/v1`, kind: 'CronTab', metadata: { name: 'b' }, spec: { cronSpec: '4' } })).status, 201);
  t.same(hook.reviews.slice(before).map((r) => r.request.desiredAPIVersion), [`${G}/v2`, `${G}/v1`], 'written in v2, answered in v1');
  const list = await call(url, 'GET', v2);
  t.same(list.body.items.map((i: { metadata: { name: string }; spec: unknown }) => [i.metadata.name, i.spec]), [
    ['a', { schedule: '2' }],
    ['b', { schedule: '4' }],
    ['c', { schedule: '5' }],
  ]);
  t.same(hook.reviews.at(-1)?.request.objects.map((o) => (o.metadata as { name: string }).name), ['c'], 'only the object still stored in v1 is sent');
  t.same((await call(url, 'GET', `${v1}/b`)).body.spec, { cronSpec: '4' });

  t.equal((await call(url, 'DELETE', `${v2}/a`)).status, 200);
  t.equal((await call(url, 'GET', `${v1}/a`)).status, 404);
  const collection = await call(url, 'DELETE', v2);
  t.equal(collection.status, 200);
  t.same(collection.body.items.map((i: { apiVersion: string; spec: unknown }) => [i.apiVersion, i.spec]), [
    [`${G}/v2`, { schedule: '4' }],
    [`${G}/v2`, { schedule: '5' }],
  ], 'deletecollection answers in the request version');
});
