import { Type } from 'typebox';
import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import {
  formatGroupResource,
  formatGroupVersion,
  formatGroupVersionKind,
  formatGroupVersionResource,
  GroupVersionParseError,
  gvkFromAPIVersionAndKind,
  parseGroupResource,
  parseGroupVersion,
  toAPIVersionAndKind,
} from '../../src/runtime/group-version.js';
import { ConversionError, declaredKindOf, Scheme } from '../../src/runtime/scheme.js';
import {
  isSchemeError,
  MissingKindError,
  MissingVersionError,
  NotRegisteredError,
  SchemeError,
} from '../../src/runtime/scheme-errors.js';
import { kindStruct, field } from '../../src/schema/define.js';

t.test('group/version parse and format', async (t) => {
  const table: [string, string, string][] = [
    ['', '', ''],
    ['v1', '', 'v1'],
    ['apps/v1', 'apps', 'v1'],
    ['meta.k8s.io/v1beta1', 'meta.k8s.io', 'v1beta1'],
  ];
  for (const [s, group, version] of table) {
    t.same(parseGroupVersion(s), { group, version }, s);
    t.equal(formatGroupVersion({ group, version }), s);
  }
  t.same(parseGroupVersion('/'), { group: '', version: '' });
  t.throws(() => parseGroupVersion('a/b/c'), GroupVersionParseError);
  t.throws(() => parseGroupVersion('a/b/c'), { message: 'unexpected GroupVersion string: a/b/c' });
  t.same(gvkFromAPIVersionAndKind('apps/v1', 'Deployment'), { group: 'apps', version: 'v1', kind: 'Deployment' });
  t.same(toAPIVersionAndKind({ group: '', version: 'v1', kind: 'Pod' }), { apiVersion: 'v1', kind: 'Pod' });
  t.equal(formatGroupVersionKind({ group: 'apps', version: 'v1', kind: 'Deployment' }), 'apps/v1, Kind=Deployment');
  t.equal(formatGroupVersionResource({ group: '', version: 'v1', resource: 'pods' }), '/v1, Resource=pods');
  t.equal(formatGroupResource({ group: 'apps', resource: 'deployments' }), 'deployments.apps');
  t.equal(formatGroupResource({ group: '', resource: 'pods' }), 'pods');
  t.same(parseGroupResource('deployments.apps'), { group: 'apps', resource: 'deployments' });
  t.same(parseGroupResource('pods'), { group: '', resource: 'pods' });
});

t.test('scheme resolves kinds and rejects unknown ones with typed errors', async (t) => {
  const scheme = newBuiltinScheme('test');
  t.same(scheme.objectKind({ apiVersion: 'apps/v1', kind: 'Deployment' }), { group: 'apps', version: 'v1', kind: 'Deployment' });
  t.ok(scheme.recognizes({ group: 'meta.k8s.io', version: 'v1', kind: 'Table' }));
  t.ok(scheme.recognizes({ group: 'apidiscovery.k8s.io', version: 'v2', kind: 'APIGroupDiscoveryList' }));
  t.ok(scheme.recognizes({ group: 'autoscaling', version: 'v1', kind: 'Scale' }));
  const nr = t.throws(() => scheme.objectKind({ apiVersion: 'v1', kind: 'RangeAllocation' }));
  t.ok(nr instanceof NotRegisteredError && isSchemeError(nr));
  t.equal((nr as Error).message, 'no kind "RangeAllocation" is registered for version "v1" in scheme "test"');
  t.throws(() => scheme.objectKind({ apiVersion: 'v1' }), MissingKindError);
  t.throws(() => scheme.objectKind({ apiVersion: 'v1' }), { message: `Object 'Kind' is missing in '{"apiVersion":"v1"}'` });
  t.throws(() => scheme.objectKind({ kind: 'Pod' }), MissingVersionError);
  t.throws(() => scheme.objectKind({ kind: 'Pod', apiVersion: 'a/b/c' }), GroupVersionParseError);
  t.throws(() => scheme.schemaFor({ group: 'x', version: 'v1', kind: 'Y' }), NotRegisteredError);
  t.throws(() => scheme.new({ group: 'x', version: 'v1', kind: 'Y' }), NotRegisteredError);
  t.same(scheme.new({ group: 'apps', version: 'v1', kind: 'Deployment' }), { kind: 'Deployment', apiVersion: 'apps/v1' });
  t.same(
    scheme.knownKinds({ group: 'apps', version: 'v1' }).map((k) => k.kind),
    [
      'WatchEvent',
      'ListOptions',
      'GetOptions',
      'CreateOptions',
      'UpdateOptions',
      'PatchOptions',
      'DeleteOptions',
      'Deployment',
      'DeploymentList',
      'ReplicaSet',
      'ReplicaSetList',
      'StatefulSet',
      'StatefulSetList',
      'DaemonSet',
      'DaemonSetList',
      'ControllerRevision',
      'ControllerRevisionList',
    ],
  );
  t.same(
    scheme.knownKinds({ group: 'batch', version: 'v1' }).map((k) => k.kind).slice(-4),
    ['Job', 'JobList', 'CronJob', 'CronJobList'],
  );
  const lastKinds = (group: string, n: number): string[] => scheme.knownKinds({ group, version: 'v1' }).map((k) => k.kind).slice(-n);
  t.same(lastKinds('networking.k8s.io', 6), ['Ingress', 'IngressList', 'IngressClass', 'IngressClassList', 'NetworkPolicy', 'NetworkPolicyList']);
  t.same(lastKinds('policy', 3), ['PodDisruptionBudget', 'PodDisruptionBudgetList', 'Eviction']);
  t.same(lastKinds('scheduling.k8s.io', 2), ['PriorityClass', 'PriorityClassList']);
  t.same(lastKinds('node.k8s.io', 2), ['RuntimeClass', 'RuntimeClassList']);
  t.same(lastKinds('admissionregistration.k8s.io', 8), [
    'ValidatingWebhookConfiguration',
    'ValidatingWebhookConfigurationList',
    'MutatingWebhookConfiguration',
    'MutatingWebhookConfigurationList',
    'ValidatingAdmissionPolicy',
    'ValidatingAdmissionPolicyList',
    'ValidatingAdmissionPolicyBinding',
    'ValidatingAdmissionPolicyBindingList',
  ]);
  t.ok(scheme.knownKinds().length > 20);
  t.equal(scheme.lookup({ group: '', version: 'v1', kind: 'ConfigMap' })?.schema, ConfigMapSchema);
  t.equal(isSchemeError(new Error('x')), false);
});

t.test('defaulting, validation and conversion hooks', async (t) => {
  const v1 = kindStruct('io.example.v1.Widget', { group: 'example.io', version: 'v1', kind: 'Widget' }, 'A widget.', {
    size: field(1, Type.Integer(), 'Size.'),
  });
  const v2 = kindStruct('io.example.v2.Widget', { group: 'example.io', version: 'v2', kind: 'Widget' }, 'A widget.', {
    dimensions: field(1, Type.Object({ width: Type.Integer() }), 'Dimensions.'),
  });
  const scheme = new Scheme().addKnownTypes(v1, v2);
  t.same(declaredKindOf(v2), { group: 'example.io', version: 'v2', kind: 'Widget' });
  t.equal(declaredKindOf(Type.Object({})), undefined);
  t.throws(() => scheme.addKnownType(Type.Object({})), SchemeError);
  scheme.addDefaultingFunc({ group: 'example.io', version: 'v1', kind: 'Widget' }, (o) => {
    o.size ??= 1;
  });
  scheme.addDefaultingFunc({ group: 'example.io', version: 'v1', kind: 'Widget' }, (o) => {
    o.defaulted = true;
  });
  const w: Record<string, unknown> = { apiVersion: 'example.io/v1', kind: 'Widget' };
  scheme.default(w);
  t.same(w, { apiVersion: 'example.io/v1', kind: 'Widget', size: 1, defaulted: true });
  t.same(scheme.validate(w), []);
  t.same(scheme.validate({ apiVersion: 'example.io/v1', kind: 'Widget', size: 'big' }), [{ path: '/size', message: 'must be integer' }]);

  t.throws(() => scheme.convertToVersion(w, 'example.io/v2'), ConversionError);
  scheme.addConversionFunc(
    { group: 'example.io', version: 'v1', kind: 'Widget' },
    { group: 'example.io', version: 'v2', kind: 'Widget' },
    (o) => ({ kind: 'ignored', dimensions: { width: o.size } }),
  );
  t.same(scheme.convertToVersion(w, 'example.io/v2'), { kind: 'Widget', apiVersion: 'example.io/v2', dimensions: { width: 1 } });
  const same = scheme.convertToVersion(w, { group: 'example.io', version: 'v1' });
  t.same(same, w);
  t.not(same, w, 'a copy');
  t.throws(() => scheme.convertToVersion(w, 'example.io/v3'), { message: /no conversion/ });
});

t.test('validate answers as the full error listing does, through its compiled check (issue #19)', async (t) => {
  const scheme = newBuiltinScheme();
  const cm = (extra: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, ...extra });
  const data = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, `v${i}`]));
  t.same(scheme.validate(cm({ data })), [], 'a large valid object');
  t.same(scheme.validate(cm({ data: { a: 1 } })), [{ path: '/data/a', message: 'must be string' }]);
  const paths = scheme.validate(cm({ metadata: { name: 'c', creationTimestamp: 'yesterday' } })).map((v) => v.path);
  t.same([...new Set(paths)], ['/metadata/creationTimestamp'], 'formats are checked too (each branch of the anyOf reports)');
  t.same(scheme.validate(cm({ metadata: { name: 'c', generation: 1.5 } })).map((v) => v.path), ['/metadata/generation']);
  t.same(scheme.validate(cm({ data })), [], 'the compiled check is reused');
});

t.test('lookups remembered by kind, group and version follow later registrations and hand out fresh kinds', async (t) => {
  const s = new Scheme('test');
  const a = kindStruct('io.g.v1.A', { group: 'g', version: 'v1', kind: 'A' }, 'An A.', { spec: field(1, Type.String(), 'Spec.') });
  const b = kindStruct('io.g.v1.B', { group: 'g', version: 'v1', kind: 'B' }, 'A B.', { spec: field(1, Type.String(), 'Spec.') });
  s.addKnownType(a);
  t.equal(s.lookup({ group: 'g', version: 'v1', kind: 'A' })?.schema, a);
  t.equal(s.lookup({ group: 'g', version: 'v1', kind: 'A' })?.schema, a, 'the remembered registration');
  t.notOk(s.recognizes({ group: 'g', version: 'v1', kind: 'B' }));
  s.addKnownType(b);
  t.ok(s.recognizes({ group: 'g', version: 'v1', kind: 'B' }), 'a kind registered after a miss is found');
  s.addKnownType(b, { group: 'g', version: 'v1', kind: 'A' });
  t.equal(s.lookup({ group: 'g', version: 'v1', kind: 'A' })?.schema, b, 'a re-registration replaces the remembered one');
  const first = s.objectKind({ apiVersion: 'g/v1', kind: 'A' });
  (first as { kind: string }).kind = 'changed';
  t.same(s.objectKind({ apiVersion: 'g/v1', kind: 'A' }), { group: 'g', version: 'v1', kind: 'A' }, 'each call gives its own object');
  t.throws(() => s.objectKind({ apiVersion: 'a/b/c', kind: 'A' }), GroupVersionParseError);
  t.throws(() => s.objectKind({ apiVersion: 'a/b/c', kind: 'A' }), GroupVersionParseError, 'a malformed apiVersion fails every time');
});

t.test("Go type names: the versioned type of a kind's schema, the internal type of its group's package", async (t) => {
  const scheme = newBuiltinScheme();
  t.equal(scheme.name, 'pkg/api/legacyscheme/scheme.go:30', "named as kube-apiserver's legacyscheme");
  t.same(scheme.goTypeNames({ group: '', version: 'v1', kind: 'Secret' }), { versioned: 'v1.Secret', internal: 'core.Secret' });
  t.same(scheme.goTypeNames({ group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' }), {
    versioned: 'v2.HorizontalPodAutoscaler',
    internal: 'autoscaling.HorizontalPodAutoscaler',
  });
  t.same(scheme.goTypeNames({ group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'Role' })?.internal, 'rbac.Role');
  t.same(scheme.goTypeNames({ group: 'events.k8s.io', version: 'v1', kind: 'Event' }), { versioned: 'v1.Event', internal: 'core.Event' });
  t.same(scheme.goTypeNames({ group: 'autoscaling', version: 'v2', kind: 'DeleteOptions' })?.versioned, 'v1.DeleteOptions', 'meta kinds are meta/v1 types');
  t.same(scheme.goTypeNames({ group: 'meta.k8s.io', version: 'v1', kind: 'Table' }), { versioned: 'v1.Table', internal: undefined });
  t.equal(scheme.goTypeNames({ group: '', version: 'v1', kind: 'Nope' }), undefined);
  t.ok(scheme.recognizesGroupVersion({ group: 'apps', version: 'v1' }));
  t.notOk(scheme.recognizesGroupVersion({ group: 'apps', version: 'v1beta1' }));

  const own = new Scheme('own').addKnownType(ConfigMapSchema);
  t.equal(own.goTypeNames({ group: '', version: 'v1', kind: 'ConfigMap' })?.internal, undefined, 'no package recorded');
  own.setInternalPackage('', 'core');
  t.equal(own.goTypeNames({ group: '', version: 'v1', kind: 'ConfigMap' })?.internal, 'core.ConfigMap');
});
