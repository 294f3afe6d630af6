import t from 'tap';
import * as apis from '../../src/apis/index.js';
import { Scheme } from '../../src/runtime/scheme.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { ProtobufDescriptors } from '../../src/serializer/protobuf/descriptors.js';

const scheme = apis.newBuiltinScheme();
const codecs = new CodecFactory(scheme);
const json = (obj: Record<string, unknown>) => codecs.json.encodeToString(obj);

t.test('authorization.k8s.io/v1 and authentication.k8s.io/v1 kinds are registered', async (t) => {
  for (const kind of ['SubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview']) {
    t.ok(scheme.recognizes({ group: 'authorization.k8s.io', version: 'v1', kind }), kind);
  }
  for (const kind of ['SelfSubjectReview', 'TokenRequest', 'TokenReview']) {
    t.ok(scheme.recognizes({ group: 'authentication.k8s.io', version: 'v1', kind }), kind);
  }
  t.ok(apis.addAuthorizationV1Kinds(new Scheme('a')).recognizes({ group: 'authorization.k8s.io', version: 'v1', kind: 'CreateOptions' }));
  t.ok(apis.addAuthenticationV1Kinds(new Scheme('b')).recognizes({ group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' }));
});

const FULL: Record<string, Record<string, unknown>> = {
  SubjectAccessReview: {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SubjectAccessReview',
    metadata: {},
    spec: {
      resourceAttributes: {
        namespace: 'ns', verb: 'list', group: 'apps', version: 'v1', resource: 'deployments', subresource: 'scale', name: 'd',
        fieldSelector: { rawSelector: 'a=b', requirements: [{ key: 'a', operator: 'In', values: ['b'] }] },
        labelSelector: { rawSelector: 'x', requirements: [{ key: 'x', operator: 'Exists' }] },
      },
      user: 'alice', groups: ['g1', 'g2'], extra: { scopes: ['s1', 's2'] }, uid: 'u1',
    },
    status: { allowed: true, denied: false, reason: 'ok', evaluationError: 'partial' },
  },
  SelfSubjectAccessReview: {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    metadata: {},
    spec: { nonResourceAttributes: { path: '/healthz', verb: 'get' } },
    status: { allowed: false, denied: true, reason: 'no' },
  },
  SelfSubjectRulesReview: {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectRulesReview',
    metadata: {},
    spec: { namespace: 'default' },
    status: {
      resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['p'] }],
      nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['/api/*'] }],
      incomplete: true,
      evaluationError: 'e',
    },
  },
  SelfSubjectReview: {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'SelfSubjectReview',
    metadata: {},
    status: { userInfo: { username: 'bob', uid: '1', groups: ['system:authenticated'], extra: { k: ['v'] } } },
  },
  TokenRequest: {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenRequest',
    metadata: { name: 'default', namespace: 'default' },
    spec: { audiences: ['api'], expirationSeconds: 3600, boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'p', uid: 'u' } },
    status: { token: 'abc', expirationTimestamp: '2030-01-01T00:00:00Z' },
  },
  TokenReview: {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenReview',
    metadata: {},
    spec: { token: 'abc', audiences: ['api'] },
    status: { authenticated: true, user: { username: 'u' }, audiences: ['api'], error: 'none' },
  },
};

t.test('fully populated reviews survive JSON and protobuf round trips', async (t) => {
  for (const [name, obj] of Object.entries(FULL)) {
    t.same(scheme.validate(obj), [], `${name} is valid`);
    const goJSON = JSON.parse(json(obj));
    t.ok(codecs.protobuf.supports(obj), `${name}: protobuf form`);
    const bytes = codecs.protobuf.encode(obj);
    t.same(codecs.protobuf.decode(bytes), goJSON, `${name}: protobuf decodes to the Go JSON form`);
  }
});

t.test('Go JSON of the answers: allowed, the rule lists and the TokenRequestSpec pointers are never omitted', async (t) => {
  const table: [Record<string, unknown>, string][] = [
    [
      { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: {}, status: {} },
      '{"kind":"SelfSubjectAccessReview","apiVersion":"authorization.k8s.io/v1","metadata":{"creationTimestamp":null},"spec":{},"status":{"allowed":false}}\n',
    ],
    [
      { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: {}, status: {} },
      '{"kind":"SelfSubjectRulesReview","apiVersion":"authorization.k8s.io/v1","metadata":{"creationTimestamp":null},"spec":{},' +
        '"status":{"resourceRules":null,"nonResourceRules":null,"incomplete":false}}\n',
    ],
    [
      { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {}, status: {} },
      '{"kind":"TokenRequest","apiVersion":"authentication.k8s.io/v1","metadata":{"creationTimestamp":null},' +
        '"spec":{"audiences":null,"expirationSeconds":null,"boundObjectRef":null},' +
        '"status":{"token":"","expirationTimestamp":null}}\n',
    ],
  ];
  for (const [obj, want] of table) t.equal(json(obj), want, String(obj.kind));
});

t.test('protobuf field numbers as upstream generated.proto', async (t) => {
  const d = new ProtobufDescriptors();
  for (const s of [apis.SubjectAccessReviewSchema, apis.SelfSubjectRulesReviewSchema, apis.TokenRequestSchema, apis.SelfSubjectReviewSchema]) d.typeFor(s);
  const want: Record<string, Record<string, number>> = {
    'k8s.io.api.authorization.v1.SubjectAccessReviewSpec': { resourceAttributes: 1, nonResourceAttributes: 2, user: 3, groups: 4, extra: 5, uid: 6 },
    'k8s.io.api.authorization.v1.SubjectAccessReviewStatus': { allowed: 1, denied: 4, reason: 2, evaluationError: 3 },
    'k8s.io.api.authorization.v1.ResourceAttributes': {
      namespace: 1, verb: 2, group: 3, version: 4, resource: 5, subresource: 6, name: 7, fieldSelector: 8, labelSelector: 9,
    },
    'k8s.io.api.authorization.v1.SubjectRulesReviewStatus': { resourceRules: 1, nonResourceRules: 2, incomplete: 3, evaluationError: 4 },
    'k8s.io.api.authentication.v1.TokenRequestSpec': { audiences: 1, expirationSeconds: 4, boundObjectRef: 3 },
    'k8s.io.api.authentication.v1.TokenRequestStatus': { token: 1, expirationTimestamp: 2 },
    'k8s.io.api.authentication.v1.UserInfo': { username: 1, uid: 2, groups: 3, extra: 4 },
  };
  for (const [message, fields] of Object.entries(want)) {
    const type = d.root.lookupType(message);
    t.same(Object.fromEntries(Object.values(type.fields).map((f) => [f.name, f.id])), fields, message);
  }
});
