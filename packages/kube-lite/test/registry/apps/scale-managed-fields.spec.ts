/**
 * managedFields of `scale` writes on a started kube-lite, as upstream's ScaleHandler maps them: a write through
 * `deployments/scale` takes `spec.replicas` from the applier that owned it, the parent records the scaler as
 * `Update` of `apps/v1` with subresource `scale`, and the applier's next apply of other replicas conflicts with the
 * scaler (what a GitOps tool meets beside an autoscaler). ReplicationControllers and custom resources map the same
 * way in their own group-version; the Scale answered carries no managedFields.
 */
import t from 'tap';
import { startKubeLite } from '../../../src/testing/index.js';

type Json = Record<string, unknown>;
interface Entry {
  manager: string;
  operation: string;
  apiVersion: string;
  time?: string;
  fieldsV1: Json;
  subresource?: string;
}

const kl = await startKubeLite();
t.teardown(() => kl.stop());

async function send(path: string, method: string, body: unknown, contentType = 'application/json'): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${kl.url}${path}`, { method, headers: { 'Content-Type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Json };
}
const get = async (path: string) => (await (await fetch(`${kl.url}${path}`)).json()) as Json;
const entriesOf = (obj: Json) => ((obj.metadata as Json).managedFields ?? []) as Entry[];
const brief = (e: Entry) => `${e.manager} ${e.operation} ${e.apiVersion}${e.subresource ? ` ${e.subresource}` : ''} ${JSON.stringify(e.fieldsV1)}`;
const REPLICAS = { 'f:spec': { 'f:replicas': {} } };

const DEPLOYMENTS = '/apis/apps/v1/namespaces/default/deployments';
const deployment = (replicas: number) =>
  JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  });
const APPLY = 'application/apply-patch+yaml';

t.test('deployments: a scale write takes spec.replicas from the applier, whose next apply conflicts', async (t) => {
  t.equal((await send(`${DEPLOYMENTS}/web?fieldManager=gitops`, 'PATCH', deployment(1), APPLY)).status, 201);
  const scaled = await send(`${DEPLOYMENTS}/web/scale?fieldManager=hpa`, 'PATCH', { spec: { replicas: 5 } }, 'application/merge-patch+json');
  t.equal(scaled.status, 200);
  t.same([(scaled.json.spec as Json).replicas, (scaled.json.metadata as Json).managedFields], [5, undefined], 'the Scale answered has no managedFields');

  const entries = entriesOf(await get(`${DEPLOYMENTS}/web`));
  t.same(entries.map(brief), [
    `gitops Apply apps/v1 ${JSON.stringify({ 'f:spec': { 'f:selector': {}, 'f:template': { 'f:metadata': { 'f:labels': { 'f:app': {} } }, 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } } } })}`,
    `hpa Update apps/v1 scale ${JSON.stringify(REPLICAS)}`,
  ]);
  t.equal(entries[1]?.time, undefined, "as upstream's ScaleHandler, a new scale manager's entry has no time");

  const conflict = await send(`${DEPLOYMENTS}/web?fieldManager=gitops`, 'PATCH', deployment(1), APPLY);
  t.same([conflict.status, conflict.json.message], [409, 'Apply failed with 1 conflict: conflict with "hpa" with subresource "scale" using apps/v1: .spec.replicas']);
  t.equal((await send(`${DEPLOYMENTS}/web?fieldManager=gitops`, 'PATCH', deployment(5), APPLY)).status, 200, 'applying the same value shares it');
  const forced = await send(`${DEPLOYMENTS}/web?fieldManager=gitops&force=true`, 'PATCH', deployment(2), APPLY);
  t.equal(forced.status, 200);
  t.same(entriesOf(forced.json).map((e) => e.manager), ['gitops'], 'forcing takes the replicas back; the scaler owned nothing else');
});

t.test('replicationcontrollers: a PUT of the Scale records the writer in v1', async (t) => {
  const RCS = '/api/v1/namespaces/default/replicationcontrollers';
  const rc = { metadata: { name: 'rc' }, spec: { replicas: 1, selector: { app: 'rc' }, template: { metadata: { labels: { app: 'rc' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
  t.equal((await send(`${RCS}?fieldManager=creator`, 'POST', rc)).status, 201);
  const scale = await get(`${RCS}/rc/scale`);
  t.equal((await send(`${RCS}/rc/scale?fieldManager=scaler`, 'PUT', { ...scale, spec: { replicas: 3 } })).status, 200);
  const entries = entriesOf(await get(`${RCS}/rc`));
  t.same(
    entries.map((e) => `${e.manager} ${e.apiVersion} ${e.subresource ?? ''} ${JSON.stringify(e.fieldsV1).includes('"f:replicas"')}`),
    ['scaler v1 scale true', 'creator v1  false'],
    'the creator (an Update) loses the replicas it set; an entry without time sorts first, as Go sorts them',
  );
});

t.test('custom resources: the scaler owns the CRD version specReplicasPath', async (t) => {
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.scale.example.com' },
    spec: {
      group: 'scale.example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.size' } },
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' }, color: { type: 'string' } } }, status: { type: 'object', properties: { size: { type: 'integer' } } } } } },
        },
      ],
    },
  };
  t.equal((await send('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', 'POST', crd)).status, 201);
  const WIDGETS = '/apis/scale.example.com/v1/namespaces/default/widgets';
  const widget = (size: number) => JSON.stringify({ apiVersion: 'scale.example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size, color: 'red' } });
  let created = { status: 0 };
  for (let i = 0; i < 100 && created.status !== 201; i++) {
    created = await send(`${WIDGETS}/w?fieldManager=gitops`, 'PATCH', widget(1), APPLY);
    if (created.status !== 201) await new Promise((r) => setTimeout(r, 20));
  }
  t.equal(created.status, 201, 'the custom resource is served');
  t.equal((await send(`${WIDGETS}/w/scale?fieldManager=hpa`, 'PATCH', { spec: { replicas: 4 } }, 'application/merge-patch+json')).status, 200);
  const entries = entriesOf(await get(`${WIDGETS}/w`));
  t.same(entries.map(brief), [`gitops Apply scale.example.com/v1 ${JSON.stringify({ 'f:spec': { 'f:color': {} } })}`, `hpa Update scale.example.com/v1 scale ${JSON.stringify({ 'f:spec': { 'f:size': {} } })}`]);
  const conflict = await send(`${WIDGETS}/w?fieldManager=gitops`, 'PATCH', widget(1), APPLY);
  t.same([conflict.status, conflict.json.message], [409, 'Apply failed with 1 conflict: conflict with "hpa" with subresource "scale" using scale.example.com/v1: .spec.size']);

  // As upstream (kubernetes#131892): when nobody owns the replicas, the Scale carries no managedFields and the field
  // manager skips the write as one to an object never tracked, so the scaler is not recorded.
  t.equal((await send(`${WIDGETS}?fieldManager=creator`, 'POST', { apiVersion: 'scale.example.com/v1', kind: 'Widget', metadata: { name: 'unsized' }, spec: { color: 'blue' } })).status, 201);
  t.equal((await send(`${WIDGETS}/unsized/scale?fieldManager=hpa`, 'PATCH', { spec: { replicas: 2 } }, 'application/merge-patch+json')).status, 200);
  const unsized = await get(`${WIDGETS}/unsized`);
  t.equal((unsized.spec as Json).size, 2);
  t.same(entriesOf(unsized).map((e) => e.manager), ['creator']);
});
