/**
 * semanticEqual is Go's `equality.Semantic.DeepEqual` on JSON-held objects: the cases below are the Go values
 * that JSON spells in more than one way (issue #21 item 4: a GET adds `"resources": {}` to each container, and a
 * read-modify-write client sends it back).
 */
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { PodSchema, PodSpecSchema } from '../../src/apis/core/v1/pod.js';
import { ServiceSchema } from '../../src/apis/core/v1/service.js';
import { quantitiesEqual } from '../../src/schema/quantity-compare.js';
import { jsonValuesEqual, semanticEqual } from '../../src/schema/semantic-equal.js';
import { goJSONValue } from '../../src/serializer/go-json.js';

const container = { name: 'c', image: 'nginx' };

t.test('absent value-typed fields equal their zero values', async (t) => {
  t.ok(semanticEqual(PodSpecSchema, { containers: [container] }, { containers: [{ ...container, resources: {} }] }), 'empty struct');
  t.ok(semanticEqual(PodSpecSchema, { containers: [container] }, { containers: [{ ...container, resources: { limits: {} } }] }), 'struct holding an empty map');
  t.ok(semanticEqual(PodSpecSchema, { containers: [container] }, { containers: [{ ...container, workingDir: '', tty: false }] }), 'zero scalars');
  t.ok(semanticEqual(PodSpecSchema, { containers: [container] }, { containers: [container], volumes: [], nodeSelector: {} }), 'empty slice and map');
  t.ok(semanticEqual(PodSpecSchema, { containers: [container], volumes: null }, { containers: [container] }), 'null slice');
  t.notOk(semanticEqual(PodSpecSchema, { containers: [container] }, { containers: [{ ...container, workingDir: '/w' }] }), 'a set scalar differs');
  t.notOk(semanticEqual(PodSpecSchema, { containers: [container] }, { containers: [container, container] }), 'lengths differ');
});

t.test('pointers: nil differs from a pointer to a zero value', async (t) => {
  t.notOk(semanticEqual(PodSpecSchema, { containers: [] }, { containers: [], activeDeadlineSeconds: 0 }), '*int64 nil vs 0');
  t.notOk(semanticEqual(PodSpecSchema, {}, { automountServiceAccountToken: false }), '*bool nil vs false');
  t.ok(semanticEqual(PodSpecSchema, { activeDeadlineSeconds: null }, {}), 'null is nil');
  t.ok(semanticEqual(PodSpecSchema, { activeDeadlineSeconds: 5 }, { activeDeadlineSeconds: 5 }));
  t.notOk(semanticEqual(DeploymentSchema, { spec: { replicas: 0 } }, { spec: {} }), 'Deployment replicas *int32');
});

t.test('maps, quantities, times and undeclared fields', async (t) => {
  t.ok(semanticEqual(ConfigMapSchema, { data: { a: '' } }, { data: { a: null } }), 'null map value is ""');
  t.notOk(semanticEqual(ConfigMapSchema, { data: { a: '' } }, { data: {} }), 'a key with "" is not a missing key');
  const limits = (cpu: string) => ({ containers: [{ ...container, resources: { limits: { cpu } } }] });
  t.ok(semanticEqual(PodSpecSchema, limits('1'), limits('1000m')), '1 = 1000m');
  t.ok(semanticEqual(PodSpecSchema, limits('1Ki'), limits('1024')), '1Ki = 1024');
  t.notOk(semanticEqual(PodSpecSchema, limits('1'), limits('1001m')));
  const created = (ts: string) => ({ metadata: { name: 'x', creationTimestamp: ts } });
  t.ok(semanticEqual(ConfigMapSchema, created('2026-01-02T03:04:05Z'), created('2026-01-02T04:04:05+01:00')), 'same instant');
  t.notOk(semanticEqual(ConfigMapSchema, created('2026-01-02T03:04:05Z'), created('2026-01-02T03:04:06Z')));
  t.ok(semanticEqual(ConfigMapSchema, { data: {}, extra: 1 }, { data: {} }), 'undeclared fields do not exist in Go');
});

t.test('int-or-string: an int differs from a string', async (t) => {
  const port = (targetPort: unknown) => ({ spec: { ports: [{ port: 80, targetPort }] } });
  t.ok(semanticEqual(ServiceSchema, port(8080), port(8080)));
  t.notOk(semanticEqual(ServiceSchema, port(8080), port('8080')));
  t.ok(semanticEqual(ServiceSchema, port(undefined), port(0)), 'zero IntOrString');
});

t.test('an object equals its own GET form (goJSONValue) whatever it omitted', async (t) => {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'd' }, spec: { containers: [container] } };
  const served = goJSONValue(PodSchema, pod);
  t.not(JSON.stringify(served), JSON.stringify(pod), 'the served form spells more');
  t.ok(semanticEqual(PodSchema, pod, served));
  t.ok(semanticEqual(PodSchema, served, pod));
});

t.test('quantitiesEqual', async (t) => {
  for (const [a, b] of [['1', '1.0'], ['0.5', '500m'], ['1e3', '1k'], ['1Mi', '1048576'], ['0', '0m'], ['-1', '-1000m'], ['100n', '0.1u']]) {
    t.ok(quantitiesEqual(a, b), `${a} = ${b}`);
  }
  for (const [a, b] of [['1', '2'], ['1Ki', '1k'], ['1', '-1'], ['x', 'y'], ['1e5000', '1']]) t.notOk(quantitiesEqual(a, b), `${a} ≠ ${b}`);
  t.ok(quantitiesEqual('x', 'x'), 'unparsable strings compare as strings');
});

t.test('jsonValuesEqual: free-form JSON, undefined properties missing', async (t) => {
  t.ok(jsonValuesEqual({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] }));
  t.notOk(jsonValuesEqual({ a: null }, {}), 'null is a value in free-form JSON');
  t.notOk(jsonValuesEqual([1], { 0: 1 }));
});
