/**
 * Every exception from user input is a 4xx Status (issue #19): JSON patches with odd pointers, merge patches of
 * non-objects, strategic merge patches with odd directives, odd bodies for every verb. 500 only for our own bugs.
 */
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const dep = '/apis/apps/v1/namespaces/default/deployments';
const JP = 'application/json-patch+json';
const MP = 'application/merge-patch+json';
const SMP = 'application/strategic-merge-patch+json';
const APPLY = 'application/apply-patch+yaml';

const jsonPatches: unknown[] = [
  [{ op: 'add', path: '/data/~2', value: 'x' }],
  [{ op: 'add', path: '/data/~', value: 'x' }],
  [{ op: 'add', path: '/data/a~1b~0c', value: 'x' }],
  [{ op: 'add', path: '/metadata/-', value: 'x' }],
  [{ op: 'add', path: '/data/a/-', value: 'x' }],
  [{ op: 'remove', path: '/data/-' }],
  [{ op: 'replace', path: '/metadata/labels/-', value: 'x' }],
  [{ op: 'test', path: '/nope/deeper', value: 1 }],
  [{ op: 'test', path: '/data' }],
  [{ op: 'move', from: '/metadata', path: '/metadata/x' }],
  [{ op: 'move', from: '', path: '/x' }],
  [{ op: 'copy', from: '/metadata', path: '' }],
  [{ op: 'copy', path: '/x' }],
  [{ op: 'add', path: '', value: [] }],
  [{ op: 'add', path: '', value: null }],
  [{ op: 'add', path: '', value: 'x' }],
  [{ op: 'replace', path: '', value: { metadata: { name: 'other' } } }],
  [{ op: 'replace', path: '/metadata', value: 5 }],
  [{ op: 'replace', path: '/metadata/name', value: 5 }],
  [{ op: 'add', path: '/metadata/__proto__', value: { name: 'x' } }],
  [{ op: 'add', path: '/metadata/labels/a', value: { b: 1 } }],
  [{ op: 'remove', path: '/metadata/name' }],
  [{ op: 'remove', path: '/metadata' }],
  [{ op: 'add', path: '/data/01', value: 'x' }],
  [{ op: 'add', path: '/x/1e3', value: 1 }],
  [{ op: 7, path: '/x' }],
  [{ op: 'add', path: 7, value: 1 }],
  [{ op: 'add', path: '/x', from: 7, value: 1 }],
  [null],
  [[1]],
  ['add'],
  {},
  'x',
  [{ op: 'add', path: '/data/a', value: 'x'.repeat(10) }, { op: 'copy', from: '/data', path: '/data/a' }],
];

const mergePatches: unknown[] = [null, 1, 'x', [], [1], true, { metadata: null }, { metadata: 'x' }, { metadata: { name: null } }, { metadata: { labels: [1] } }, { data: { a: 1 } }, { __proto__: null }, { kind: 'Secret' }, { apiVersion: 'apps/v1' }, { metadata: { name: 'other' } }];

const strategicPatches: unknown[] = [
  ...mergePatches,
  { $patch: 'delete' },
  { $patch: 'replace' },
  { $patch: 7 },
  { metadata: { $patch: 'delete' } },
  { metadata: { $retainKeys: 'x' } },
  { metadata: { $retainKeys: [1, null] } },
  { 'metadata': { 'labels': { $patch: 'replace' } }, '$setElementOrder/data': 'x' },
  { '$deleteFromPrimitiveList/metadata': 1 },
  { metadata: { finalizers: [{ $patch: 'replace' }, 1] } },
  { metadata: { finalizers: [{ $patch: 'delete' }] } },
  { metadata: { ownerReferences: [1, 'x', null] } },
  { metadata: { ownerReferences: [{ uid: 1, $patch: 'delete' }] } },
  { '$setElementOrder/metadata': [1] },
];

const deploymentPatches: unknown[] = [
  { spec: { template: { spec: { containers: [1] } } } },
  { spec: { template: { spec: { containers: [null] } } } },
  { spec: { template: { spec: { containers: [{ $patch: 'delete' }] } } } },
  { spec: { template: { spec: { containers: [{ name: { a: 1 } }] } } } },
  { spec: { template: { spec: { containers: 'x' } } } },
  { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 1 }, null, 'x'] } } } },
  { spec: { template: { spec: { '$setElementOrder/containers': 'x' } } } },
  { spec: { template: { spec: { containers: [{ name: 'a', ports: [{ containerPort: 'x' }] }] } } } },
  { spec: { template: { spec: { containers: [{ name: 'a', $retainKeys: ['name'] }] } } } },
  { spec: { strategy: { $retainKeys: 'type', type: 'Recreate' } } },
  { spec: { replicas: 'x' } },
  { spec: { replicas: Number.POSITIVE_INFINITY } },
];

t.test('no 500 for hostile patches', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', base, { body: JSON.stringify({ metadata: { name: 'c', labels: { l: '1' } }, data: { a: 'b' } }), headers: { 'Content-Type': 'application/json' } })).status, 201);
  const deployment = { metadata: { name: 'd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'a', image: 'a' }] } } } };
  t.equal((await s.request('POST', dep, { body: JSON.stringify(deployment), headers: { 'Content-Type': 'application/json' } })).status, 201);
  const cases: [string, string, unknown][] = [
    ...jsonPatches.map((p): [string, string, unknown] => [base, JP, p]),
    ...mergePatches.map((p): [string, string, unknown] => [base, MP, p]),
    ...strategicPatches.map((p): [string, string, unknown] => [base, SMP, p]),
    ...deploymentPatches.flatMap((p): [string, string, unknown][] => [
      [dep, SMP, p],
      [dep, MP, p],
    ]),
  ];
  for (const [collection, type, patch] of cases) {
    const res = await s.request('PATCH', `${collection}/${collection === base ? 'c' : 'd'}`, { body: JSON.stringify(patch), headers: { 'Content-Type': type } });
    t.ok(res.status < 500, `${type} ${JSON.stringify(patch)}: ${res.status} ${res.status >= 500 ? res.text : ''}`);
    t.match(res.json(), { kind: res.status < 300 ? /ConfigMap|Deployment/ : 'Status' });
  }
  for (const body of ['{', 'a: [', '- 1', '"x"', 'null', '1', 'metadata: 5', 'apiVersion: 5', 'kind: [1]', '? !!binary ~\n: 1', '!!binary 5pel5pys: 1', 'a: &x [*x]', 'data: {a: !!binary AAAA}']) {
    const res = await s.request('PATCH', `${base}/c?fieldManager=m`, { body, headers: { 'Content-Type': APPLY } });
    t.ok(res.status < 500, `apply ${JSON.stringify(body)}: ${res.status} ${res.status >= 500 ? res.text : ''}`);
  }
});

t.test('no 500 for hostile bodies of create, update and delete', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', base, { body: JSON.stringify({ metadata: { name: 'c' } }), headers: { 'Content-Type': 'application/json' } })).status, 201);
  const bodies: [string, string][] = [
    ['application/json', '{"metadata":{"name":"x","__proto__":{"a":1}}}'],
    ['application/json', '{"metadata":{"name":"x","labels":{"__proto__":"a"}}}'],
    ['application/json', '{"metadata":{"name":"x"},"data":{"__proto__":"a"}}'],
    ['application/json', '{"metadata":{"name":"x","generateName":5}}'],
    ['application/json', '{"metadata":{"name":"x","resourceVersion":"abc"}}'],
    ['application/json', '{"metadata":{"name":"x","resourceVersion":5}}'],
    ['application/json', '{"metadata":{"name":"x","uid":{}}}'],
    ['application/json', '{"metadata":{"name":"x","creationTimestamp":"yesterday"}}'],
    ['application/json', '{"metadata":{"name":"x","deletionTimestamp":"2020-01-01T00:00:00Z"}}'],
    ['application/json', '{"metadata":{"name":"x","ownerReferences":[1]}}'],
    ['application/json', '{"metadata":{"name":"x","finalizers":"a"}}'],
    ['application/json', '{"metadata":{"name":"x","managedFields":[{"fieldsV1":1}]}}'],
    ['application/json', '{"metadata":{"name":"x","managedFields":"x"}}'],
    ['application/json', '{"metadata":{"name":"x"},"binaryData":{"a":"!!!"}}'],
    ['application/json', `{"metadata":{"name":"${'x'.repeat(300)}"}}`],
    ['application/json', '{"metadata":{"name":"x","日本":1},"😀":{"\\u0000":1}}'],
    ['application/yaml', 'metadata:\n  name: x\n  labels: !!binary AAAA\n'],
    ['application/yaml', 'metadata:\n  name: x\n? [a, b]\n: 1\n'],
    ['application/yaml', 'metadata:\n  name: x\n? {a: 1}\n: 1\n'],
    ['application/yaml', 'metadata: !!set {a, b}\n'],
    ['application/yaml', 'metadata:\n  name: !!int 5\n'],
    ['application/yaml', 'metadata:\n  name: x\ndata:\n  a: !!timestamp 2001-12-14\n'],
  ];
  for (const [type, body] of bodies) {
    for (const [method, path] of [
      ['POST', base],
      ['PUT', `${base}/x`],
      ['PUT', `${base}/c`],
      ['DELETE', `${base}/c?dryRun=All`],
    ] as const) {
      const res = await s.request(method, path, { body, headers: { 'Content-Type': type } });
      t.ok(res.status < 500, `${method} ${path} ${type} ${JSON.stringify(body).slice(0, 80)}: ${res.status} ${res.status >= 500 ? res.text : ''}`);
    }
  }
});

t.test('no 500 for hostile list and watch queries', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const queries = [
    'resourceVersion=abc',
    'resourceVersion=-1',
    'resourceVersion=99999999999999999999999',
    'resourceVersion=1&resourceVersionMatch=Bogus',
    'labelSelector=%E6%97%A5%E6%9C%AC',
    'labelSelector=a%20in%20(',
    'labelSelector=a%3D%3D%3Db',
    'fieldSelector=metadata.name%3D%E6%97%A5%E6%9C%AC',
    'fieldSelector=metadata.name%3D%3D%3D',
    'limit=-1',
    'limit=1e3',
    'limit=99999999999999999999999',
    'continue=garbage',
    'continue=eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTEsInN0YXJ0IjoiLi4vIn0',
    'limit=1&continue=eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MSwic3RhcnQiOiJcdTAwMDAifQ',
    'pretty=%00',
    'includeObject=Bogus',
    'watch=true&timeoutSeconds=1e3',
    'watch=true&timeoutSeconds=1.5',
    'watch=true&allowWatchBookmarks=x&timeoutSeconds=1',
    'watch=true&resourceVersion=abc&timeoutSeconds=1',
    'watch=true&sendInitialEvents=true&timeoutSeconds=1',
    'watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&timeoutSeconds=1',
    'watch=bogus&timeoutSeconds=1',
  ];
  for (const q of queries) {
    const paths = q.startsWith('watch') ? [base] : [base, '/api/v1/configmaps', `${base}/x`];
    for (const path of paths) {
      const res = await s.request('GET', `${path}?${q}`, { headers: { Accept: 'application/json' } });
      t.ok(res.status < 500, `GET ${path}?${q}: ${res.status} ${res.status >= 500 ? res.text : ''}`);
    }
  }
});
