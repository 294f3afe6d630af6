/** Query parameter docs: one restful Parameter per doc, shared by every route that documents it, as if made per route. */
import { Container, type Parameter, queryParameter } from '@apiserver/restful';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { APIGroupVersion } from '../../src/group-version.js';
import { createParams, deleteParams, listParams, prettyParam, type QueryParamDoc, toQueryParameter } from '../../src/installer/query-params.js';
import { declaredStorage } from '../fixtures/declared-storage.js';

/** The Parameter the installer made for `doc` before they were shared: a new one per route. */
const madePerRoute = (doc: QueryParamDoc): Parameter => queryParameter(doc.name, doc.description).dataType(doc.type).required(false);

t.test('toQueryParameter: one Parameter per doc, with the data of one made per route', async (t) => {
  for (const doc of [prettyParam, ...listParams, ...createParams, ...deleteParams]) {
    const parameter = toQueryParameter(doc);
    t.equal(toQueryParameter(doc), parameter, `${doc.name}: the same Parameter again`);
    t.same(parameter.data(), madePerRoute(doc).data(), `${doc.name}: same data`);
  }
  const copy: QueryParamDoc = { ...listParams[0] } as QueryParamDoc;
  t.not(toQueryParameter(copy), toQueryParameter(listParams[0] as QueryParamDoc), 'another doc object gets its own Parameter');
});

t.test('installed routes share the query parameters and keep a body parameter of their own', async (t) => {
  const scheme = newBuiltinScheme();
  const storage = {
    configmaps: declaredStorage({ kind: 'ConfigMap', namespaced: true, singular: 'configmap', list: true, create: true, deleteCollection: true, watch: true, get: true, update: true, delete: true }),
    secrets: declaredStorage({ kind: 'Secret', namespaced: true, singular: 'secret', list: true, create: true, deleteCollection: true, watch: true, get: true, update: true, delete: true }),
  };
  const routes = new APIGroupVersion({ root: '/api', groupVersion: { group: '', version: 'v1' }, storage, scheme }).installREST(new Container()).webService.routes();
  const byOp = new Map(routes.map((r) => [r.operation, r]));
  const param = (op: string, name: string) => byOp.get(op)?.parameterDocs.find((p) => p.name() === name);
  t.ok(param('listNamespacedConfigMap', 'labelSelector'), 'the list route documents labelSelector');
  t.equal(param('listNamespacedConfigMap', 'labelSelector'), param('listNamespacedSecret', 'labelSelector'), 'one labelSelector for both kinds');
  t.equal(param('createNamespacedConfigMap', 'dryRun'), param('deleteNamespacedConfigMap', 'dryRun'), 'one dryRun for create and delete');
  t.equal(param('readNamespacedConfigMap', 'pretty'), param('listNamespacedSecret', 'pretty'), 'one pretty for every route');
  const createBody = param('createNamespacedConfigMap', 'body');
  const deleteBody = param('deleteNamespacedConfigMap', 'body');
  t.not(createBody, deleteBody, 'a body parameter per route');
  t.equal(createBody?.data().required, true, 'a create body is required');
  t.equal(deleteBody?.data().required, false, 'a delete body is optional (the installer sets it per route)');
  for (const route of routes) {
    for (const p of route.parameterDocs) {
      if (p.data().kind !== queryParameter('x', '').data().kind) continue;
      const doc = [prettyParam, ...listParams, ...createParams, ...deleteParams].find((d) => d.name === p.name());
      if (doc !== undefined) t.same(p.data(), madePerRoute(doc).data(), `${route.operation} ${p.name()}: data of a per-route Parameter`);
    }
  }
});
