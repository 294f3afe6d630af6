import t from 'tap';
import * as apis from '../../src/apis/index.js';
import { Scheme } from '../../src/runtime/scheme.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { ProtobufDescriptors } from '../../src/serializer/protobuf/descriptors.js';

const scheme = apis.newBuiltinScheme();
const codecs = new CodecFactory(scheme);
const json = (obj: Record<string, unknown>) => codecs.json.encodeToString(obj);
const V1 = 'rbac.authorization.k8s.io/v1';
const meta = (name: string, namespace?: string) => ({
  name,
  ...(namespace !== undefined && { namespace }),
  uid: 'u-1',
  resourceVersion: '5',
  creationTimestamp: '2024-05-01T10:00:00Z',
  labels: { 'rbac.example.com/aggregate-to-view': 'true' },
});

t.test('rbac.authorization.k8s.io/v1 kinds and lists are registered', async (t) => {
  for (const kind of ['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']) {
    for (const k of [kind, `${kind}List`]) t.ok(scheme.recognizes({ group: 'rbac.authorization.k8s.io', version: 'v1', kind: k }), k);
  }
  const alone = apis.addRbacV1Kinds(new Scheme('rbac'));
  t.ok(alone.recognizes({ group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'ClusterRoleBindingList' }), 'add function works alone');
  t.ok(alone.recognizes({ group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'DeleteOptions' }), 'meta kinds in the group');
});

const rules = [
  { verbs: ['get', 'list'], apiGroups: ['', 'apps'], resources: ['pods', 'deployments/scale'], resourceNames: ['a'] },
  { verbs: ['get'], nonResourceURLs: ['/healthz', '/api/*'] },
];
const FULL: Record<string, Record<string, unknown>> = {
  Role: { apiVersion: V1, kind: 'Role', metadata: meta('r', 'ns'), rules: [rules[0]] },
  ClusterRole: {
    apiVersion: V1,
    kind: 'ClusterRole',
    metadata: meta('cr'),
    rules,
    aggregationRule: {
      clusterRoleSelectors: [{ matchLabels: { a: 'b' }, matchExpressions: [{ key: 'k', operator: 'In', values: ['v1', 'v2'] }] }],
    },
  },
  RoleBinding: {
    apiVersion: V1,
    kind: 'RoleBinding',
    metadata: meta('rb', 'ns'),
    subjects: [
      { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'bob' },
      { kind: 'ServiceAccount', name: 'default', namespace: 'ns' },
    ],
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r' },
  },
  ClusterRoleBinding: {
    apiVersion: V1,
    kind: 'ClusterRoleBinding',
    metadata: meta('crb'),
    subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'system:masters' }],
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
  },
};

t.test('fully populated RBAC objects and lists survive JSON and protobuf round trips', async (t) => {
  for (const [name, obj] of Object.entries(FULL)) {
    t.same(scheme.validate(obj), [], `${name} is valid`);
    const goJSON = JSON.parse(json(obj));
    t.same(goJSON, obj, `${name}: Go JSON keeps every field`);
    t.same(codecs.protobuf.decode(codecs.protobuf.encode(obj)), goJSON, `${name}: protobuf decodes to the Go JSON form`);
    const list = { apiVersion: V1, kind: `${name}List`, metadata: { resourceVersion: '9' }, items: [obj] };
    const { kind: _k, apiVersion: _a, ...item } = goJSON;
    const wantList = { ...JSON.parse(json(list)), items: [item] };
    t.same(codecs.protobuf.decode(codecs.protobuf.encode(list)), wantList, `${name}List: protobuf round trip (items carry no TypeMeta, as in Go)`);
  }
  t.not(scheme.validate({ ...FULL.Role, rules: [{ verbs: 'get' }] }).length, 0, 'verbs must be a list');
});

t.test('Go JSON: rules, verbs, roleRef and subject kind/name are never omitted', async (t) => {
  const table: [Record<string, unknown>, string][] = [
    [{ apiVersion: V1, kind: 'Role', metadata: { name: 'r' } }, `{"kind":"Role","apiVersion":"${V1}","metadata":{"name":"r","creationTimestamp":null},"rules":null}\n`],
    [
      { apiVersion: V1, kind: 'ClusterRole', metadata: { name: 'c' }, rules: [{}] },
      `{"kind":"ClusterRole","apiVersion":"${V1}","metadata":{"name":"c","creationTimestamp":null},"rules":[{"verbs":null}]}\n`,
    ],
    [
      { apiVersion: V1, kind: 'RoleBinding', metadata: { name: 'b' }, subjects: [{}] },
      `{"kind":"RoleBinding","apiVersion":"${V1}","metadata":{"name":"b","creationTimestamp":null},"subjects":[{"kind":"","name":""}],` +
        '"roleRef":{"apiGroup":"","kind":"","name":""}}\n',
    ],
  ];
  for (const [obj, want] of table) t.equal(json(obj), want, String(obj.kind));
});

t.test('protobuf field numbers as upstream generated.proto', async (t) => {
  const d = new ProtobufDescriptors();
  for (const s of [apis.ClusterRoleSchema, apis.RoleSchema, apis.RoleBindingSchema, apis.ClusterRoleBindingSchema]) d.typeFor(s);
  const want: Record<string, Record<string, number>> = {
    'k8s.io.api.rbac.v1.PolicyRule': { verbs: 1, apiGroups: 2, resources: 3, resourceNames: 4, nonResourceURLs: 5 },
    'k8s.io.api.rbac.v1.AggregationRule': { clusterRoleSelectors: 1 },
    'k8s.io.api.rbac.v1.ClusterRole': { metadata: 1, rules: 2, aggregationRule: 3 },
    'k8s.io.api.rbac.v1.Role': { metadata: 1, rules: 2 },
    'k8s.io.api.rbac.v1.Subject': { kind: 1, apiGroup: 2, name: 3, namespace: 4 },
    'k8s.io.api.rbac.v1.RoleRef': { apiGroup: 1, kind: 2, name: 3 },
    'k8s.io.api.rbac.v1.RoleBinding': { metadata: 1, subjects: 2, roleRef: 3 },
    'k8s.io.api.rbac.v1.ClusterRoleBinding': { metadata: 1, subjects: 2, roleRef: 3 },
  };
  for (const [message, fields] of Object.entries(want)) {
    const type = d.root.lookupType(message);
    t.same(Object.fromEntries(Object.values(type.fields).map((f) => [f.name, f.id])), fields, message);
  }
});
