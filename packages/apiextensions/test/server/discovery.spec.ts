import t from 'tap';
import { call, cronTabCRD, startChain, waitFor } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const AGGREGATED = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

t.test('CRD groups appear in the front server discovery and OpenAPI v3, and leave with the CRD', async (t) => {
  const { url } = await startChain(t);
  t.equal((await call(url, 'POST', CRDS, cronTabCRD())).status, 201);
  await waitFor(async () => (await call(url, 'GET', '/apis/stable.example.com/v1')).status === 200);

  const groups = (await call(url, 'GET', '/apis')).body;
  t.same(groups.groups.map((g: { name: string }) => g.name), ['apiextensions.k8s.io', 'stable.example.com']);
  t.same(groups.groups[1].preferredVersion, { groupVersion: 'stable.example.com/v1', version: 'v1' });

  const group = (await call(url, 'GET', '/apis/stable.example.com')).body;
  t.equal(group.kind, 'APIGroup');
  t.same(group.versions, [{ groupVersion: 'stable.example.com/v1', version: 'v1' }]);

  const resources = (await call(url, 'GET', '/apis/stable.example.com/v1')).body;
  const byName = Object.fromEntries(resources.resources.map((r: { name: string }) => [r.name, r]));
  t.same(Object.keys(byName).sort(), ['crontabs', 'crontabs/scale', 'crontabs/status']);
  t.same(byName.crontabs.shortNames, ['ct']);
  t.same(byName.crontabs.categories, ['all']);
  t.equal(byName.crontabs.singularName, 'crontab');
  t.equal(byName.crontabs.namespaced, true);
  t.same(byName.crontabs.verbs, ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
  t.equal(byName['crontabs/scale'].kind, 'Scale');
  t.equal(byName['crontabs/scale'].group, 'autoscaling');

  const aggregated = (await call(url, 'GET', '/apis', undefined, undefined, AGGREGATED)).body;
  const crGroup = aggregated.items.find((i: { metadata: { name: string } }) => i.metadata.name === 'stable.example.com');
  t.ok(crGroup, 'aggregated discovery lists the CRD group');
  t.equal(crGroup.versions[0].resources[0].resource, 'crontabs');
  t.same(crGroup.versions[0].resources[0].subresources.map((s: { subresource: string }) => s.subresource), ['scale', 'status']);

  const v3 = (await call(url, 'GET', '/openapi/v3')).body;
  t.ok(v3.paths['apis/stable.example.com/v1'], 'OpenAPI v3 lists the group-version');
  const doc = (await call(url, 'GET', '/openapi/v3/apis/stable.example.com/v1')).body;
  const schema = doc.components.schemas['com.example.stable.v1.CronTab'];
  t.same(schema['x-kubernetes-group-version-kind'], [{ group: 'stable.example.com', kind: 'CronTab', version: 'v1' }]);
  t.equal(schema.description, 'A CronTab runs a command on a schedule.');
  t.ok(schema.properties.metadata.allOf, 'metadata refers to ObjectMeta');
  t.same(
    Object.keys(doc.components.schemas).filter((n) => n.startsWith('com.example')),
    ['com.example.stable.v1.CronTab', 'com.example.stable.v1.CronTabList'],
    'the kind and its list are the only components of the CRD: its fields are inline, as kube-openapi publishes them',
  );
  t.same(Object.keys(schema.properties), Object.keys(schema.properties).sort(), 'properties in name order, as Go writes a map');
  const spec = schema.properties.spec;
  t.same(spec.required, ['cronSpec']);
  t.equal(spec.properties.cronSpec.description, 'The cron expression.');
  t.equal(spec.properties.cronSpec.pattern, '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$', 'value validations are published');
  const patch = doc.paths['/apis/stable.example.com/v1/namespaces/{namespace}/crontabs/{name}'].patch;
  t.same(Object.keys(patch.requestBody.content), ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml']);
  t.ok(patch.parameters.some((p: { name: string }) => p.name === 'fieldValidation'));
  t.same(patch['x-kubernetes-group-version-kind'], { group: 'stable.example.com', kind: 'CronTab', version: 'v1' });

  const v2 = (await call(url, 'GET', '/openapi/v2')).body;
  t.ok(v2.paths['/apis/stable.example.com/v1/namespaces/{namespace}/crontabs'], 'OpenAPI v2 has the routes');
  const v2CronTab = v2.definitions['com.example.stable.v1.CronTab'];
  t.same(v2CronTab['x-kubernetes-group-version-kind'], [{ group: 'stable.example.com', kind: 'CronTab', version: 'v1' }]);
  t.same(v2CronTab.properties.metadata, { description: schema.properties.metadata.description, $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' });
  t.same(v2CronTab.properties.spec.properties.replicas, { type: 'integer', maximum: 10, minimum: 1 }, 'v2 has no defaults (handler.PruneDefaults)');
  t.equal(spec.properties.replicas.default, 1, 'v3 has them');
  t.same(v2CronTab.properties.spec.properties.extra, { type: 'object', 'x-kubernetes-preserve-unknown-fields': true });

  t.equal((await call(url, 'DELETE', `${CRDS}/crontabs.stable.example.com`)).status, 200);
  await waitFor(async () => (await call(url, 'GET', '/apis/stable.example.com')).status === 404);
  t.same((await call(url, 'GET', '/apis')).body.groups.map((g: { name: string }) => g.name), ['apiextensions.k8s.io']);
  t.notOk((await call(url, 'GET', '/openapi/v3')).body.paths['apis/stable.example.com/v1'], 'OpenAPI v3 drops the group-version');
});

t.test('conflicting names are not accepted and the CRD is not established', async (t) => {
  const { url } = await startChain(t);
  t.equal((await call(url, 'POST', CRDS, cronTabCRD())).status, 201);
  const other = cronTabCRD();
  (other.metadata as { name: string }).name = 'crontabbies.stable.example.com';
  (other.spec as { names: Record<string, unknown> }).names = { plural: 'crontabbies', singular: 'crontabby', kind: 'CronTab' };
  t.equal((await call(url, 'POST', CRDS, other)).status, 201);
  await waitFor(async () => ((await call(url, 'GET', `${CRDS}/crontabbies.stable.example.com`)).body.status.conditions ?? []).length > 0);
  const crd = (await call(url, 'GET', `${CRDS}/crontabbies.stable.example.com`)).body;
  const names = crd.status.conditions.find((c: { type: string }) => c.type === 'NamesAccepted');
  t.match(names, { status: 'False', reason: 'KindConflict', message: '"CronTab" is already in use' });
  t.notOk(crd.status.conditions.some((c: { type: string }) => c.type === 'Established'));
  t.equal((await call(url, 'GET', '/apis/stable.example.com/v1/namespaces/default/crontabbies')).status, 404);

  const bad = await call(url, 'POST', CRDS, { ...cronTabCRD(), metadata: { name: 'wrong.stable.example.com' } });
  t.equal(bad.status, 422);
  t.match(bad.body.message, /metadata.name: Invalid value: "wrong.stable.example.com": must be spec.names.plural\+"."\+spec.group/);
});

t.test('two CRDs in one group-version are served together and removed separately', async (t) => {
  const { url } = await startChain(t);
  const second = cronTabCRD('Cluster');
  (second.metadata as { name: string }).name = 'schedules.stable.example.com';
  (second.spec as { names: Record<string, unknown> }).names = { plural: 'schedules', kind: 'Schedule' };
  t.equal((await call(url, 'POST', CRDS, cronTabCRD())).status, 201);
  t.equal((await call(url, 'POST', CRDS, second)).status, 201);
  const names = async () => ((await call(url, 'GET', '/apis/stable.example.com/v1')).body.resources ?? []).map((r: { name: string }) => r.name);
  await waitFor(async () => (await names()).length === 6);
  t.same(await names(), ['crontabs', 'crontabs/scale', 'crontabs/status', 'schedules', 'schedules/scale', 'schedules/status']);
  t.equal((await call(url, 'GET', '/apis/stable.example.com/v1/schedules')).status, 200);
  t.equal((await call(url, 'DELETE', `${CRDS}/crontabs.stable.example.com`)).status, 200);
  await waitFor(async () => (await names()).length === 3);
  t.equal((await call(url, 'GET', '/apis/stable.example.com/v1/namespaces/default/crontabs')).status, 404);
  t.equal((await call(url, 'GET', '/apis/stable.example.com/v1/schedules')).status, 200, 'the other CRD is still served');
});

t.test('two CRDs asking for one kind at once: exactly one is accepted', async (t) => {
  const { url } = await startChain(t);
  const other = cronTabCRD();
  (other.metadata as { name: string }).name = 'crontabbies.stable.example.com';
  (other.spec as { names: Record<string, unknown> }).names = { plural: 'crontabbies', singular: 'crontabby', kind: 'CronTab' };
  await Promise.all([call(url, 'POST', CRDS, cronTabCRD()), call(url, 'POST', CRDS, other)]);
  const accepted = async (name: string) =>
    ((await call(url, 'GET', `${CRDS}/${name}`)).body.status.conditions ?? []).find((c: { type: string }) => c.type === 'NamesAccepted')?.status;
  await waitFor(async () => (await accepted('crontabs.stable.example.com')) !== undefined && (await accepted('crontabbies.stable.example.com')) !== undefined);
  t.same([await accepted('crontabs.stable.example.com'), await accepted('crontabbies.stable.example.com')].sort(), ['False', 'True']);
});
