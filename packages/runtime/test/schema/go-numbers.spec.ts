import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { PodSchema } from '../../src/apis/core/v1/pod.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { ServiceSchema } from '../../src/apis/core/v1/service.js';
import { goNumberProblem } from '../../src/schema/go-numbers.js';

const GENERATION = 'into Go struct field ObjectMeta.metadata.generation of type int64';
const problem = (text: string) => goNumberProblem(ConfigMapSchema, JSON.parse(text), text);

t.test('integers outside int64 are refused as Go refuses them (1e30 and 2^63 were accepted)', async (t) => {
  t.equal(problem('{"metadata":{"generation":9223372036854775808}}'), `json: cannot unmarshal number 9223372036854775808 ${GENERATION}`);
  t.equal(problem('{"metadata":{"generation":-9223372036854775809}}'), `json: cannot unmarshal number -9223372036854775809 ${GENERATION}`);
  t.equal(problem('{"metadata":{"generation":1e30}}'), `json: cannot unmarshal number 1e30 ${GENERATION}`);
});

t.test('fractions and exponents in integer fields are refused even when JavaScript reads an integer', async (t) => {
  t.equal(problem('{"metadata":{"generation":1.0}}'), `json: cannot unmarshal number 1.0 ${GENERATION}`);
  t.equal(problem('{"metadata":{"generation":1e2}}'), `json: cannot unmarshal number 1e2 ${GENERATION}`);
  t.equal(goNumberProblem(ConfigMapSchema, { metadata: { generation: 1.5 } }), `json: cannot unmarshal number 1.5 ${GENERATION}`, 'decoded value (YAML, protobuf, patches)');
});

t.test('int64 integers past 2^53 are refused before precision is lost (9007199254740993 was stored as …992)', async (t) => {
  const limit = 'this server holds integers exactly only between -9007199254740991 and 9007199254740991';
  t.equal(problem('{"metadata":{"generation":9007199254740993}}'), `json: cannot unmarshal number 9007199254740993 ${GENERATION}: ${limit}`);
  t.equal(problem('{"metadata":{"generation":9223372036854775807}}'), `json: cannot unmarshal number 9223372036854775807 ${GENERATION}: ${limit}`);
  t.equal(goNumberProblem(ConfigMapSchema, { metadata: { generation: 2 ** 60 } }), `json: cannot unmarshal number 1152921504606846976 ${GENERATION}: ${limit}`);
  t.equal(problem('{"metadata":{"generation":9007199254740991}}'), undefined, '2^53-1 is exact');
});

t.test('int32 fields and IntOrString refuse values outside int32', async (t) => {
  t.equal(
    goNumberProblem(DeploymentSchema, { spec: { replicas: 2147483648 } }),
    'json: cannot unmarshal number 2147483648 into Go struct field DeploymentSpec.spec.replicas of type int32',
  );
  t.equal(goNumberProblem(DeploymentSchema, { spec: { replicas: -2147483648 } }), undefined);
  const text = '{"spec":{"ports":[{"port":80,"targetPort":1e3}]}}';
  t.equal(goNumberProblem(ServiceSchema, JSON.parse(text), text), 'json: cannot unmarshal number 1e3 into Go struct field ServicePort.spec.ports.targetPort of type int32');
});

t.test('numbers outside integer fields, in free-form values and unknown fields are left alone', async (t) => {
  t.equal(problem('{"data":{"a":"1.5"},"x":1e400,"metadata":{"managedFields":[{"fieldsV1":{"f:a":1.5}}]}}'), undefined);
  t.equal(goNumberProblem(ConfigMapSchema, { metadata: { generation: null, labels: { a: 'b' } } }), undefined);
  t.equal(problem('{"metadata":{"generation":12345678901234}}'), undefined, 'the fast path: no inexact token');
});

t.test('the walk skips only what holds no integer and no Quantity: deep and recursive ones are still checked', async (t) => {
  const pod = { spec: { containers: [{ name: 'c', resources: { limits: { cpu: 'lots' } } }] } };
  t.match(goNumberProblem(PodSchema, pod), /quantities must match/, 'a Quantity in a map in a struct in a list');
  t.equal(goNumberProblem(PodSchema, { spec: { containers: [{ name: 'c', resources: { limits: { cpu: '1' } } }] } }), undefined);
  // Schemas that refer to each other: B { inner A, size int32 }, A { children map of B }. B is met first, so A's
  // answer is worked out while B's is pending; A must still count as refusing (its B values hold an integer).
  const a: Record<string, unknown> = { type: 'object', properties: {} };
  const b: Record<string, unknown> = { type: 'object', properties: { inner: a, size: { type: 'integer', format: 'int32' } } };
  a.properties = { children: { type: 'object', patternProperties: { '^.*$': b } } };
  t.equal(goNumberProblem(b as never, { size: 1 }), undefined);
  t.match(goNumberProblem(a as never, { children: { x: { size: 2 ** 31 } } }), /cannot unmarshal number 2147483648 into Go struct field \.children\.size of type int32/);
  const names: Record<string, unknown> = { type: 'object', properties: { name: { type: 'string' } } };
  (names.properties as Record<string, unknown>).children = { type: 'array', items: names };
  t.equal(goNumberProblem(names as never, { name: 'x', children: [{ name: 1.5e300, children: [{ name: 1.5 }] }] }), undefined, 'no integer anywhere');
});
