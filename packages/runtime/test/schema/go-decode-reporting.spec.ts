import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { PodSchema } from '../../src/apis/core/v1/pod.js';
import { ServiceSchema } from '../../src/apis/core/v1/service.js';
import { decodeAsGo } from '../../src/schema/go-decode.js';
import { decodeAsGoReportingUnknown } from '../../src/schema/go-decode-reporting.js';
import { findUnknownFields } from '../../src/schema/unknown-fields.js';

const cases: [string, Parameters<typeof decodeAsGo>[0], string][] = [
  ['a clean ConfigMap', ConfigMapSchema, '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","labels":{"x":"y"}},"data":{"k":"v","n":null}}'],
  ['unknown at the top, in metadata and in a map value', ConfigMapSchema, '{"bogus":1,"metadata":{"name":"a","extra":{"deep":true},"labels":null},"data":{"k":"v"},"constructor":2,"toString":"x"}'],
  ['__proto__ keys', ConfigMapSchema, '{"__proto__":{"name":"x"},"metadata":{"__proto__":1,"annotations":{"__proto__":"kept"}},"data":{"__proto__":"v"}}'],
  [
    'unknown fields in list items and nested structs, nulls, wrong types',
    DeploymentSchema,
    '{"spec":{"replicas":null,"template":{"spec":{"containers":[{"name":"a","foo":1,"ports":[{"containerPort":80,"bar":[1]}]},null,{"name":"b","resources":{"limits":{"cpu":"0.5"},"baz":{}}}],"volumes":"notalist"}},"strategy":{"rollingUpdate":{"maxSurge":null,"x":1}}},"status":{"y":2}}',
  ],
  ['a Pod with an unknown in a keyed list and a node selector', PodSchema, '{"spec":{"containers":[{"name":"c","env":[{"name":"A","value":"1","q":0}]}],"nodeSelector":{"a":"b"},"zzz":[]},"metadata":{"ownerReferences":[null,{"name":"o","w":1}]}}'],
  ['a Service with an array where a struct is declared', ServiceSchema, '{"spec":[1,2],"metadata":{"finalizers":[null,"f"]},"extra":null}'],
];

t.test('decodeAsGoReportingUnknown gives decodeAsGo and findUnknownFields of one walk', async (t) => {
  for (const [what, schema, text] of cases) {
    const got = decodeAsGoReportingUnknown(schema, JSON.parse(text));
    t.equal(JSON.stringify(got.value), JSON.stringify(decodeAsGo(schema, JSON.parse(text))), `${what}: the decoded copy`);
    t.same(Object.getPrototypeOf(got.value), Object.getPrototypeOf(decodeAsGo(schema, JSON.parse(text))), `${what}: its prototype`);
    t.same(got.unknown, findUnknownFields(schema, JSON.parse(text)), `${what}: the unknown paths, in order`);
  }
  const { unknown } = decodeAsGoReportingUnknown(DeploymentSchema, JSON.parse(cases[3]?.[2] ?? ''));
  t.same(unknown, ['spec.template.spec.containers[0].foo', 'spec.template.spec.containers[0].ports[0].bar', 'spec.template.spec.containers[2].resources.baz', 'spec.strategy.rollingUpdate.x', 'status.y']);
  const proto = decodeAsGoReportingUnknown(ConfigMapSchema, JSON.parse(cases[2]?.[2] ?? '')).value as { data: Record<string, unknown> };
  t.ok(Object.hasOwn(proto.data, '__proto__'), 'a __proto__ map key stays an own property');
});
