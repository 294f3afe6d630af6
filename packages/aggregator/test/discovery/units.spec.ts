import { GenericAPIServer } from '@apiserver/server';
import t from 'tap';
import { aggregatedVersionOf, handlerGet, headerKeyEscape, isAggregatedContentType, localAggregatedGroups, localAPIGroups } from '../../src/index.js';

t.test('legacy resource list to aggregated form', async (t) => {
  const v = aggregatedVersionOf(
    {
      kind: 'APIResourceList',
      groupVersion: 'x.io/v1',
      resources: [
        { name: 'widgets', singularName: 'widget', namespaced: true, kind: 'Widget', verbs: ['get', 'list'], shortNames: ['wd'], categories: ['all'] },
        { name: 'widgets/status', singularName: '', namespaced: true, kind: 'Widget', verbs: ['get', 'update'] },
        { name: 'widgets/scale', singularName: '', namespaced: true, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get'] },
        { name: 'gadgets', singularName: 'gadget', namespaced: false, kind: 'Gadget', verbs: ['get'], shortNames: [] },
      ],
    },
    'x.io',
    'v1',
  );
  t.same(v, {
    version: 'v1',
    freshness: 'Current',
    resources: [
      {
        resource: 'widgets',
        responseKind: { group: 'x.io', version: 'v1', kind: 'Widget' },
        scope: 'Namespaced',
        singularResource: 'widget',
        verbs: ['get', 'list'],
        shortNames: ['wd'],
        categories: ['all'],
        subresources: [
          { subresource: 'status', responseKind: { group: 'x.io', version: 'v1', kind: 'Widget' }, verbs: ['get', 'update'] },
          { subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get'] },
        ],
      },
      { resource: 'gadgets', responseKind: { group: 'x.io', version: 'v1', kind: 'Gadget' }, scope: 'Cluster', singularResource: 'gadget', verbs: ['get'] },
    ],
  });
});

t.test('content types and header keys', async (t) => {
  t.ok(isAggregatedContentType('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList'));
  t.ok(isAggregatedContentType('application/json; as=APIGroupDiscoveryList; v=v2beta1; g=apidiscovery.k8s.io'));
  t.notOk(isAggregatedContentType('application/json'));
  t.equal(headerKeyEscape('example.com/Team'), 'example.com%2FTeam');
  t.equal(headerKeyEscape('a b%é'), 'a%20b%25%C3%A9');
});

t.test('in-process requests to a handler', async (t) => {
  const server = new GenericAPIServer({ log: () => undefined });
  const handler = server.unprotectedHandler();
  const version = await handlerGet(handler, '/version', 'application/json');
  t.equal(version.status, 200);
  t.match(JSON.parse(version.body.toString()), { major: '1' });
  t.same(await localAPIGroups(handler), [], 'a server without groups');
  t.equal(await localAggregatedGroups(handler), undefined);
  const thrown = await handlerGet(async (_req, res) => {
    res.writeHead(201, { 'content-type': 'text/plain' });
    res.write('a');
    res.end(Buffer.from('b'));
  }, '/', '*/*');
  t.same([thrown.status, thrown.contentType, thrown.body.toString()], [201, 'text/plain', 'ab']);
  await t.rejects(
    handlerGet(() => Promise.reject(new Error('broken')), '/', '*/*'),
    { message: 'broken' },
  );
});
