import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { ResourceRequirementsSchema } from '../../src/apis/core/v1/container.js';
import { ServiceSchema } from '../../src/apis/core/v1/service.js';
import { ObjectMetaSchema } from '../../src/apis/meta/v1/object-meta.js';
import { decodeAsGo, goNullElement } from '../../src/schema/go-decode.js';
import { ownProperty, setOwnProperty } from '../../src/schema/own-property.js';
import { TimeSchema } from '../../src/schema/special-types.js';
import { findUnknownFields } from '../../src/schema/unknown-fields.js';

const decode = (text: string): unknown => decodeAsGo(ConfigMapSchema, JSON.parse(text));

t.test('null map values and slice elements become zero values (they were stored as null)', async (t) => {
  t.same(decode('{"metadata":{"labels":{"a":null},"annotations":{"b":null}}}'), {
    metadata: { labels: { a: '' }, annotations: { b: '' } },
  });
  t.same(decode('{"data":{"a":null,"b":"x"}}'), { data: { a: '', b: 'x' } });
  t.same(decode('{"metadata":{"finalizers":[null,"f"]}}'), { metadata: { finalizers: ['', 'f'] } });
  t.same(decode('{"metadata":{"ownerReferences":[null]}}'), { metadata: { ownerReferences: [{}] } }, 'zero struct');
});

t.test('null struct fields are absent (Go leaves them zero, pointers nil)', async (t) => {
  t.same(decode('{"metadata":null,"data":null,"immutable":null}'), {});
  t.same(decode('{"metadata":{"name":null,"generation":null,"creationTimestamp":null,"deletionGracePeriodSeconds":null}}'), { metadata: {} });
  const dep = decodeAsGo(DeploymentSchema, JSON.parse('{"spec":{"replicas":null,"strategy":{"rollingUpdate":{"maxSurge":null}}}}'));
  t.same(dep, { spec: { strategy: { rollingUpdate: {} } } });
});

t.test('null elements of special types take their Go zero values', async (t) => {
  const limits = decodeAsGo(ResourceRequirementsSchema, { limits: { cpu: null, memory: '1Gi' } });
  t.same(limits, { limits: { cpu: '0', memory: '1Gi' } }, 'a zero Quantity is written "0"');
  t.equal(goNullElement(TimeSchema), null, 'a zero Time is written null');
  t.same(decode('{"binaryData":{"a":null}}'), { binaryData: { a: '' } }, 'a nil []byte reads back empty from storage');
  const svc = decodeAsGo(ServiceSchema, JSON.parse('{"spec":{"ports":[null,{"port":80,"targetPort":null}]}}'));
  t.same(svc, { spec: { ports: [{}, { port: 80 }] } });
});

t.test('undeclared fields are dropped; inherited member names are not declared fields', async (t) => {
  const body = JSON.parse('{"constructor":1,"toString":"x","metadata":{"valueOf":2,"hasOwnProperty":3,"name":"a"}}');
  t.same(decodeAsGo(ConfigMapSchema, body), { metadata: { name: 'a' } });
  t.same(findUnknownFields(ConfigMapSchema, body), ['constructor', 'toString', 'metadata.valueOf', 'metadata.hasOwnProperty']);
  t.same(findUnknownFields(ObjectMetaSchema, JSON.parse('{"__proto__":{"name":"x"}}')), ['__proto__']);
});

t.test('a __proto__ map key stays an own property (it was silently lost)', async (t) => {
  const out = decode('{"data":{"__proto__":"x","b":null}}') as { data: Record<string, unknown> };
  t.same(Object.keys(out.data), ['__proto__', 'b']);
  t.equal(ownProperty(out.data, '__proto__'), 'x');
  t.equal(Object.getPrototypeOf(out.data), Object.prototype);
  t.equal(JSON.stringify(out), '{"data":{"__proto__":"x","b":""}}');
  const labels = decodeAsGo(ObjectMetaSchema, JSON.parse('{"labels":{"__proto__":{"x":1}}}')) as { labels: object };
  t.equal(Reflect.get(labels.labels, 'x'), undefined, 'an object under __proto__ is data, not a prototype');
});

t.test('own-property helpers', async (t) => {
  const o: Record<string, unknown> = {};
  setOwnProperty(o, '__proto__', 1);
  setOwnProperty(o, 'a', 2);
  t.same(Object.entries(o), [['__proto__', 1], ['a', 2]]);
  t.equal(ownProperty({}, 'constructor'), undefined);
  t.equal(ownProperty({ constructor: 3 }, 'constructor'), 3);
});

t.test('values of the wrong JSON type are kept for the typed-decode check', async (t) => {
  t.equal(decodeAsGo(ConfigMapSchema, 'x'), 'x');
  t.same(decodeAsGo(ObjectMetaSchema, { finalizers: 'x', labels: [1] }), { finalizers: 'x', labels: [1] });
});
