/**
 * Server-side apply of custom resources merges by the version's structural schema (upstream's type converter built
 * from the CRD): list-type map and set lists merge item by item, atomic lists and maps conflict as a whole,
 * `metadata` is ObjectMeta (finalizers a set), undeclared fields are refused except under
 * `x-kubernetes-preserve-unknown-fields`, and the status subresource's reset fields keep ownership apart.
 */
import t from 'tap';
import { call, startChain, waitFor } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const WIDGETS = '/apis/ssa.example.com/v1/namespaces/default/widgets';
const APPLY = 'application/apply-patch+yaml';

const str = { type: 'string' };
const widgetCRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.ssa.example.com' },
  spec: {
    group: 'ssa.example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  ports: {
                    type: 'array',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['name', 'protocol'],
                    items: { type: 'object', required: ['name'], properties: { name: str, protocol: { type: 'string', default: 'TCP' }, port: { type: 'integer' } } },
                  },
                  tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: str },
                  args: { type: 'array', items: str },
                  selector: { type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { app: str, tier: str } },
                  labels: { type: 'object', additionalProperties: str },
                  config: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { nested: { type: 'object', properties: { a: str } } } },
                  template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
                  size: { 'x-kubernetes-int-or-string': true },
                },
              },
              status: {
                type: 'object',
                properties: {
                  conditions: {
                    type: 'array',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['type'],
                    items: { type: 'object', required: ['type'], properties: { type: str, status: str } },
                  },
                },
              },
            },
          },
        },
      },
    ],
  },
};

type Fields = Record<string, unknown>;
const widget = (name: string, fields: Fields, metadata: Fields = {}): string =>
  JSON.stringify({ apiVersion: 'ssa.example.com/v1', kind: 'Widget', metadata: { name, namespace: 'default', ...metadata }, ...fields });

t.test('server-side apply of custom resources follows the structural schema', async (t) => {
  const { url } = await startChain(t);
  t.equal((await call(url, 'POST', CRDS, widgetCRD)).status, 201);
  await waitFor(async () => (await call(url, 'GET', WIDGETS)).status === 200);
  const apply = (name: string, manager: string, fields: Fields, metadata?: Fields, subresource = '') =>
    call(url, 'PATCH', `${WIDGETS}/${name}${subresource}?fieldManager=${manager}`, widget(name, fields, metadata), APPLY);
  type Entry = { manager: string; subresource?: string; fieldsV1: Record<string, Fields> };
  const entryOf = (obj: { metadata: { managedFields: Entry[] } }, manager: string): Entry => {
    const entry = obj.metadata.managedFields.find((e) => e.manager === manager);
    if (entry === undefined) throw new Error(`no managedFields entry of ${manager}`);
    return entry;
  };

  await t.test('list-type map and set lists merge the items of two managers', async (t) => {
    const a = await apply('w1', 'a', { spec: { ports: [{ name: 'http', port: 80 }], tags: ['x'], labels: { one: '1' } } });
    t.equal(a.status, 201, JSON.stringify(a.body));
    const b = await apply('w1', 'b', { spec: { ports: [{ name: 'metrics', port: 9090 }], tags: ['y'], labels: { two: '2' } } });
    t.equal(b.status, 200, JSON.stringify(b.body));
    t.same(b.body.spec.ports, [
      { name: 'http', port: 80, protocol: 'TCP' },
      { name: 'metrics', port: 9090, protocol: 'TCP' },
    ]);
    t.same(b.body.spec.tags, ['x', 'y']);
    t.same(b.body.spec.labels, { one: '1', two: '2' });
    // Items are owned by their keys, the defaulted protocol included.
    t.same(Object.keys(entryOf(b.body, 'b').fieldsV1['f:spec']?.['f:ports'] as Fields), ['k:{"name":"metrics","protocol":"TCP"}']);
    const shrink = await apply('w1', 'a', { spec: { ports: [], tags: [], labels: {} } });
    t.equal(shrink.status, 200);
    t.same(shrink.body.spec.ports, [{ name: 'metrics', port: 9090, protocol: 'TCP' }], "a's item removed, b's kept");
    t.same(shrink.body.spec.tags, ['y']);
    t.same(shrink.body.spec.labels, { two: '2' });
  });

  await t.test('atomic lists and maps conflict as a whole', async (t) => {
    t.equal((await apply('w2', 'a', { spec: { args: ['--one'], selector: { app: 'web' } } })).status, 201);
    const args = await apply('w2', 'b', { spec: { args: ['--two'] } });
    t.equal(args.status, 409);
    t.equal(args.body.message, 'Apply failed with 1 conflict: conflict with "a": .spec.args');
    const selector = await apply('w2', 'b', { spec: { selector: { tier: 'front' } } });
    t.equal(selector.status, 409);
    t.equal(selector.body.message, 'Apply failed with 1 conflict: conflict with "a": .spec.selector');
  });

  await t.test('finalizers are a set: two managers keep both', async (t) => {
    t.equal((await apply('w3', 'a', { spec: {} }, { finalizers: ['example.com/a'] })).status, 201);
    const b = await apply('w3', 'b', { spec: {} }, { finalizers: ['example.com/b'] });
    t.equal(b.status, 200, JSON.stringify(b.body));
    t.same(b.body.metadata.finalizers, ['example.com/a', 'example.com/b']);
    const cleared = await apply('w3', 'a', { spec: {} }, { finalizers: [] });
    t.same(cleared.body.metadata.finalizers, ['example.com/b']);
    t.equal((await apply('w3', 'b', { spec: {} }, { finalizers: [] })).status, 200);
  });

  await t.test('an undeclared field is refused as upstream refuses it (500, nothing stored)', async (t) => {
    const refused = await apply('w4', 'a', { spec: { ports: [{ name: 'http', bogus: true }] } });
    t.equal(refused.status, 500);
    t.equal(refused.body.reason, undefined, 'a plain error upstream: no reason');
    t.equal(refused.body.message, 'failed to create typed patch object (default/w4; ssa.example.com/v1, Kind=Widget): .spec.ports[name="http",protocol="TCP"].bogus: field not declared in schema');
    t.equal((await call(url, 'GET', `${WIDGETS}/w4`)).status, 404);
    const top = await apply('w4', 'a', { spec: {}, extra: 1 });
    t.equal(top.status, 500);
    t.match(top.body.message, /: \.extra: field not declared in schema$/);
  });

  await t.test('preserve-unknown-fields, embedded resources and int-or-string take any value', async (t) => {
    const a = await apply('w5', 'a', {
      spec: {
        config: { anything: { deep: [1, 2] }, nested: { a: 'x', b: 'undeclared below preserve' } },
        template: { apiVersion: 'v1', kind: 'Pod', metadata: { labels: { app: 'a' } }, spec: { containers: [] } },
        size: 3,
      },
    });
    t.equal(a.status, 201, JSON.stringify(a.body));
    // The merge type lets `nested.b` in (preserve-unknown-fields reaches every node below it), pruning does not (it
    // stops at `nested`, which declares its properties): the stored object lacks it, its managedFields keep it.
    t.same(a.body.spec.config, { anything: { deep: [1, 2] }, nested: { a: 'x' } });
    t.same(entryOf(a.body, 'a').fieldsV1['f:spec'], { 'f:config': { 'f:anything': { '.': {}, 'f:deep': {} }, 'f:nested': { 'f:a': {}, 'f:b': {} } }, 'f:size': {}, 'f:template': { 'f:apiVersion': {}, 'f:kind': {}, 'f:metadata': { 'f:labels': { 'f:app': {} } }, 'f:spec': { '.': {}, 'f:containers': {} } } });
    const b = await apply('w5', 'b', { spec: { template: { metadata: { labels: { tier: 'b' } } }, size: '50%' } }, {}, '');
    t.equal(b.status, 409, 'size is owned by a');
    const forced = await call(url, 'PATCH', `${WIDGETS}/w5?fieldManager=b&force=true`, widget('w5', { spec: { template: { metadata: { labels: { tier: 'b' } } }, size: '50%' } }), APPLY);
    t.equal(forced.status, 200, JSON.stringify(forced.body));
    t.same(forced.body.spec.template.metadata.labels, { app: 'a', tier: 'b' }, "the embedded resource's metadata merges per label");
    t.equal(forced.body.spec.size, '50%');
  });

  await t.test('status is reset on the main resource and owned through /status, conditions merged by type', async (t) => {
    const main = await apply('w6', 'a', { spec: { tags: ['m'] }, status: { conditions: [{ type: 'Ready', status: 'True' }] } });
    t.equal(main.status, 201, JSON.stringify(main.body));
    t.equal(main.body.status, undefined, 'the strategy drops status on the main resource');
    t.same(Object.keys(entryOf(main.body, 'a').fieldsV1), ['f:spec'], 'no ownership of status through the main resource');
    const ready = await apply('w6', 'c1', { status: { conditions: [{ type: 'Ready', status: 'True' }] } }, {}, '/status');
    t.equal(ready.status, 200, JSON.stringify(ready.body));
    const synced = await apply('w6', 'c2', { spec: { tags: ['ignored'] }, status: { conditions: [{ type: 'Synced', status: 'False' }] } }, { labels: { l: 'v' } }, '/status');
    t.equal(synced.status, 200, JSON.stringify(synced.body));
    t.same(synced.body.status.conditions, [
      { type: 'Ready', status: 'True' },
      { type: 'Synced', status: 'False' },
    ]);
    t.same(synced.body.spec.tags, ['m'], 'spec is not written through /status');
    t.equal(synced.body.metadata.labels, undefined, 'nor metadata');
    const c2 = entryOf(synced.body, 'c2');
    t.equal(c2.subresource, 'status');
    t.same(Object.keys(c2.fieldsV1), ['f:status'], '/status owns nothing but status');
  });
});
