import t from 'tap';
import { type CustomResourceDefinition, validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../src/index.js';

function crd(spec: Record<string, unknown>): CustomResourceDefinition {
  return {
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  } as CustomResourceDefinition;
}
const errors = (spec: Record<string, unknown>) => validateCustomResourceDefinition(crd(spec)).map(String);
const P = 'spec.validation.openAPIV3Schema.properties[spec]';
const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

t.test('a default must pass the OpenAPI validation of its node', async (t) => {
  t.same(errors(obj({ replicas: { type: 'integer', default: 'x' } })), [
    `${P}.properties[replicas].default: Invalid value: "string":  in body must be of type integer: "string"`,
  ]);
  t.same(errors(obj({ replicas: { type: 'integer', maximum: 3, default: 5 } })), [`${P}.properties[replicas].default: Invalid value: 5:  in body should be less than or equal to 3`]);
  // As a cluster answers it (kubernetes/kube-openapi#395).
  t.same(errors(obj({ mode: { type: 'string', enum: ['a', 'b'], default: '' } })), [`${P}.properties[mode].default: Unsupported value: "": supported values: "a", "b"`]);
  t.same(errors(obj({ replicas: { type: 'integer', maximum: 3, default: 3 } })), []);
});

t.test('a default must not hold fields the schema would prune, unless the stored CRD already had such defaults', async (t) => {
  const unpruned = obj({ a: { type: 'integer' } }, { default: { a: 1, b: 2 } });
  t.same(errors(unpruned), [`${P}.default: Invalid value: {"a":1,"b":2}: must not have unknown fields`]);
  const stored = crd(unpruned);
  stored.status = { storedVersions: ['v1'] };
  t.same(validateCustomResourceDefinitionUpdate(crd(unpruned), stored).map(String), []);
  t.same(errors(obj({ a: { type: 'integer' } }, { default: { a: 1 } })), []);
});

t.test('a default must pass the CEL rules of its node and below, without ratcheting', async (t) => {
  const rules = (rule: string, extra: Record<string, unknown> = {}) => obj({ replicas: { type: 'integer' } }, { default: { replicas: 0 }, 'x-kubernetes-validations': [{ rule, ...extra }] });
  t.same(errors(rules('self.replicas > 0')), [`${P}.default: Invalid value: "object": failed rule: self.replicas > 0`]);
  t.same(errors(rules('self.replicas > 0', { message: 'replicas must be positive', fieldPath: '.replicas' })), [`${P}.default.replicas: Invalid value: "object": replicas must be positive`]);
  // A transition rule sees the default as its own old value, then is skipped as on a create.
  t.same(errors(rules('self.replicas == oldSelf.replicas')), []);
  // With optionalOldSelf it also runs as a create, with no old value.
  t.same(errors(rules('oldSelf.hasValue() || self.replicas > 0', { optionalOldSelf: true })), [
    `${P}.default: Invalid value: "object": failed rule: oldSelf.hasValue() || self.replicas > 0`,
  ]);
  const nested = obj({ limits: obj({ cpu: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self >= 1' }] } }, { default: { cpu: 0 } }) });
  t.same(errors(nested), [`${P}.properties[limits].default.cpu: Invalid value: "integer": failed rule: self >= 1`]);
});

t.test('invalid defaults hide the CEL compilation checks, as upstream', async (t) => {
  t.same(errors(obj({ replicas: { type: 'integer', default: 'x', 'x-kubernetes-validations': [{ rule: 'self.nope' }] } })), [
    `${P}.properties[replicas].default: Invalid value: "string":  in body must be of type integer: "string"`,
  ]);
});

t.test('embedded resources in a default are resources', async (t) => {
  const embedded = (d: unknown) => obj({ template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true, default: d } });
  t.same(errors(embedded({ kind: 'Pod' })), [`${P}.properties[template].default.apiVersion: Required value`]);
  t.same(errors(embedded({ apiVersion: 'v1', kind: 1 })), [`${P}.properties[template].default.kind: Invalid value: 1: must be a string`]);
  t.same(errors(embedded({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a/b' } })), [
    `${P}.properties[template].default.metadata.name: Invalid value: "a/b": may not contain '/'`,
  ]);
  t.same(errors(embedded({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' } })), []);
});

t.test('a default inside an embedded resource\'s metadata is checked in a stand-in resource', async (t) => {
  const named = (d: string) => obj({
    template: obj({ metadata: obj({ name: { type: 'string', default: d } }) }, { 'x-kubernetes-embedded-resource': true }),
  });
  t.same(errors(named('a/b')), [
    `${P}.properties[template].properties[metadata].properties[name].default: Invalid value: "a/b": must result in valid metadata: metadata.name: Invalid value: "a/b": may not contain '/'`,
  ]);
  t.same(errors(named('web')), []);
});
