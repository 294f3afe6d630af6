import t from 'tap';
import { type CustomResourceDefinition, type JSONSchemaProps, validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../../src/index.js';

/** A CRD whose one version's schema has `spec` as given; `more` changes the CRD further. */
function crd(spec: Record<string, unknown>, more: (c: CustomResourceDefinition) => void = () => undefined): CustomResourceDefinition {
  const c = {
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  } as CustomResourceDefinition;
  more(c);
  return c;
}
const errors = (spec: Record<string, unknown>, more?: (c: CustomResourceDefinition) => void) => validateCustomResourceDefinition(crd(spec, more)).map(String);
const P = 'spec.validation.openAPIV3Schema.properties[spec]';
const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

t.test('a schema all versions share is validated once, as spec.validation; different schemas per version', async (t) => {
  const bad = obj({ a: { type: 'array', uniqueItems: true, items: { type: 'string' } } });
  t.same(errors(bad), [`${P}.properties[a].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic`]);
  const twoVersions = (c: CustomResourceDefinition) => {
    const v1 = c.spec.versions[0]!;
    c.spec.versions.push({ ...v1, name: 'v2', storage: false, schema: { openAPIV3Schema: { type: 'object', description: 'v2', properties: { spec: bad } } as JSONSchemaProps } });
  };
  t.same(errors(bad, twoVersions), [
    'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[a].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic',
    'spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[a].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic',
  ]);
});

t.test('OpenAPI keywords Kubernetes does not support are refused, not reported as a non-structural schema', async (t) => {
  t.same(errors(obj({ a: { $ref: '#/definitions/x' } })), [`${P}.properties[a].$ref: Forbidden: $ref is not supported`]);
  t.same(errors(obj({ a: { type: 'string', id: 'x' } })), [`${P}.properties[a].id: Forbidden: id is not supported`]);
  t.same(errors(obj({ a: { type: 'object', patternProperties: { '^x': { type: 'string' } } } })), [`${P}.properties[a].patternProperties: Forbidden: patternProperties is not supported`]);
  t.same(errors(obj({ a: { type: 'array', items: [{ type: 'string' }] } })), [`${P}.properties[a].items: Forbidden: items must be a schema object and not an array`]);
  t.same(errors(obj({ a: { type: 'null' } })), [
    `${P}.properties[a].type: Unsupported value: "null": supported values: "array", "boolean", "integer", "number", "object", "string"`,
    `${P}.properties[a].type: Forbidden: type cannot be set to null, use nullable as an alternative`,
  ]);
});

t.test('properties and additionalProperties are mutually exclusive; preserve-unknown-fields false is refused', async (t) => {
  t.same(errors(obj({ a: { type: 'string' } }, { additionalProperties: { type: 'string' } })), [
    `${P}.additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive`,
  ]);
  t.same(errors(obj({}, { 'x-kubernetes-preserve-unknown-fields': false })), [`${P}.x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined`]);
});

t.test('list and map types', async (t) => {
  t.same(errors(obj({ a: { type: 'string', 'x-kubernetes-list-type': 'set' } })), [`${P}.properties[a].type: Invalid value: "string": must be array if x-kubernetes-list-type is specified`]);
  t.same(errors(obj({ a: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'bag' } })), [
    `${P}.properties[a].x-kubernetes-list-type: Unsupported value: "bag": supported values: "atomic", "set", "map"`,
  ]);
  t.same(errors(obj({ a: { type: 'object', 'x-kubernetes-map-type': 'tree' } })), [`${P}.properties[a].x-kubernetes-map-type: Unsupported value: "tree": supported values: "atomic", "granular"`]);
  t.same(errors(obj({ a: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-map-keys': ['k'] } })), [
    `${P}.properties[a].x-kubernetes-list-type: Required value: must be map if x-kubernetes-list-map-keys is non-empty`,
  ]);
  // As a cluster answers it (spotahome/redis-operator#561): the item's absent list type prints as "null".
  t.same(errors(obj({ a: { type: 'array', 'x-kubernetes-list-type': 'set', items: obj({ n: { type: 'string' } }) } })), [
    `${P}.properties[a].items.x-kubernetes-map-type: Invalid value: "null": must be atomic as item of a list with x-kubernetes-list-type=set`,
  ]);
  t.same(errors(obj({ a: { type: 'array', 'x-kubernetes-list-type': 'set', items: obj({ n: { type: 'string' } }, { 'x-kubernetes-map-type': 'atomic' }) } })), []);
});

t.test('map lists: keys are scalar item properties, required or defaulted, not nullable', async (t) => {
  const list = (items: Record<string, unknown>, keys: string[] = ['port']) => obj({ ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': keys, items } });
  // As a cluster answers it (VictoriaMetrics/operator#78).
  t.same(errors(list(obj({ port: { type: 'integer' } }))), [
    `${P}.properties[ports].items.properties[port].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property`,
  ]);
  t.same(errors(list(obj({ port: { type: 'integer' } }, { required: ['port'] }))), []);
  t.same(errors(list(obj({ port: { type: 'integer', default: 80 } }))), []);
  t.same(errors(list(obj({ port: { type: 'integer', nullable: true } }, { required: ['port'] }))), [
    `${P}.properties[ports].items.properties[port].nullable: Forbidden: this property is in x-kubernetes-list-map-keys, so it cannot be nullable`,
  ]);
  t.same(errors(list(obj({ port: { type: 'integer' } }, { required: ['port'] }), ['port', 'name'])), [
    `${P}.properties[ports].x-kubernetes-list-map-keys: Invalid value: ["port","name"]: entries must all be names of item properties`,
  ]);
  t.same(errors(list(obj({ port: obj({}) }, { required: ['port'] }))), [
    `${P}.properties[ports].items.properties[port].type: Invalid value: "object": must be a scalar type if parent array's x-kubernetes-list-type is map`,
  ]);
  t.same(errors(obj({ ports: { type: 'array', 'x-kubernetes-list-type': 'map', items: { type: 'string' } } })), [
    `${P}.properties[ports].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map`,
    `${P}.properties[ports].items.type: Invalid value: "string": must be object if parent array's x-kubernetes-list-type is map`,
  ]);
});

t.test('defaults and embedded resources in resource metadata', async (t) => {
  const root = (properties: Record<string, unknown>) => (c: CustomResourceDefinition) => {
    c.spec.versions[0]!.schema = { openAPIV3Schema: { type: 'object', properties } as JSONSchemaProps };
  };
  t.same(errors({}, root({ metadata: { type: 'object', default: {} } })), [
    'spec.validation.openAPIV3Schema.properties[metadata].default: Forbidden: must not be set in top-level metadata',
  ]);
  const embedded = obj({ metadata: obj({ labels: { type: 'object', additionalProperties: { type: 'string', default: 'x' } } }) }, { 'x-kubernetes-embedded-resource': true });
  t.same(errors(obj({ template: embedded })), [
    `${P}.properties[template].properties[metadata].properties[labels].additionalProperties.default: Forbidden: must not be set inside additionalProperties applying to object metadata`,
  ]);
  const nested = obj({ metadata: obj({ inner: obj({}, { 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true }) }) }, { 'x-kubernetes-embedded-resource': true });
  t.same(errors(obj({ template: nested })), [
    `${P}.properties[template].properties[metadata].properties[inner].x-kubernetes-embedded-resource: Forbidden: must not be used inside of resource meta`,
  ]);
});

t.test('rules: declaration errors are schema errors; CEL is compiled only where no schema error is below', async (t) => {
  t.same(errors(obj({ n: { type: 'integer' } }, { 'x-kubernetes-validations': [{ rule: '  ' }] })), [
    `${P}.x-kubernetes-validations[0].rule: Required value: rule is not specified`,
  ]);
  // The rule does not compile, but a schema error below it hides that until the schema is fixed.
  t.same(errors(obj({ n: { type: 'array', uniqueItems: true, items: { type: 'string' } } }, { 'x-kubernetes-validations': [{ rule: 'self.nope == 1' }] })), [
    `${P}.properties[n].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic`,
  ]);
  t.match(errors(obj({ n: { type: 'integer' } }, { 'x-kubernetes-validations': [{ rule: 'self.nope == 1' }] })), [/undefined field 'nope'/]);
});

t.test('oldSelf is refused below an atomic map', async (t) => {
  const atomic = obj({ n: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] } }, { 'x-kubernetes-map-type': 'atomic' });
  t.same(errors(obj({ m: atomic })), [
    `${P}.properties[m].properties[n].x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within ${P}.properties[m]`,
  ]);
});

t.test('with the status subresource the root must be an object', async (t) => {
  const withStatus = (c: CustomResourceDefinition) => {
    c.spec.versions[0]!.subresources = { status: {} };
    c.spec.versions[0]!.schema = { openAPIV3Schema: { type: 'array', items: { type: 'string' } } };
  };
  t.same(errors({}, withStatus), [
    'spec.validation.openAPIV3Schema.type: Invalid value: "array": only "object" is allowed as the type at the root of the schema if the status subresource is enabled',
    'spec.validation.openAPIV3Schema.type: Invalid value: "array": must be object at the root',
  ]);
});

t.test('updates do not refuse what the stored CRD already has', async (t) => {
  const set = obj({ a: { type: 'array', 'x-kubernetes-list-type': 'set', items: obj({ n: { type: 'string' } }) } });
  const stored = crd(set);
  stored.status = { storedVersions: ['v1'] };
  const next = crd(set, (c) => { c.spec.versions[0]!.served = true; c.spec.names.shortNames = ['w']; });
  t.same(validateCustomResourceDefinitionUpdate(next, stored).map(String), []);
  const valid = crd(obj({ a: { type: 'string' } }));
  valid.status = { storedVersions: ['v1'] };
  t.same(validateCustomResourceDefinitionUpdate(crd(set), valid).map(String), [
    `${P}.properties[a].items.x-kubernetes-map-type: Invalid value: "null": must be atomic as item of a list with x-kubernetes-list-type=set`,
  ]);
});

t.test('printer columns, scale paths and deprecation warnings', async (t) => {
  const version = (more: Record<string, unknown>) => (c: CustomResourceDefinition) => { Object.assign(c.spec.versions[0]!, more); };
  t.same(errors({ type: 'object' }, version({ additionalPrinterColumns: [{ name: '', type: 'float', format: 'ipv4', jsonPath: 'spec.x' }] })), [
    'spec.additionalPrinterColumns[0].name: Required value',
    'spec.additionalPrinterColumns[0].type: Invalid value: "float": must be one of boolean,date,integer,number,string',
    'spec.additionalPrinterColumns[0].format: Invalid value: "ipv4": must be one of byte,date,date-time,double,float,int32,int64,password',
    'spec.additionalPrinterColumns[0].JSONPath: Invalid value: "spec.x": must be a simple json path starting with .',
  ]);
  t.same(errors({ type: 'object' }, version({ subresources: { scale: { specReplicasPath: '', statusReplicasPath: 'status.replicas' } } })), [
    'spec.subresources.scale.specReplicasPath: Required value',
    'spec.subresources.scale.statusReplicasPath: Invalid value: "status.replicas": must be a simple json path starting with .',
  ]);
  t.same(errors({ type: 'object' }, version({ deprecationWarning: 'old' })), ['spec.versions[0].deprecationWarning: Invalid value: "old": can only be set for deprecated versions']);
  t.same(errors({ type: 'object' }, version({ deprecated: true, deprecationWarning: 'é\tx' })), [
    'spec.versions[0].deprecationWarning: Invalid value: "é\\tx": must only contain printable UTF-8 characters; non-printable character found at index 2',
  ]);
  t.same(errors({ type: 'object' }, version({ deprecated: true, deprecationWarning: 'use v2' })), []);
});

t.test('a schema is read as Go decodes it: nulls are zero values, values of the wrong type are refused', async (t) => {
  t.same(errors(obj({ a: null })), [`${P}.properties[a].type: Required value: must not be empty for specified object fields`]);
  t.same(errors(obj({ n: { type: 'integer', maximum: null, description: null } })), []);
  t.same(errors(obj({}, { 'x-kubernetes-validations': 'nope' })), [`${P}.x-kubernetes-validations: Invalid value: "nope": must be a list of objects`]);
  t.same(errors(obj({ n: { type: 'integer', maxLength: 1.5, required: [1] } })), [
    `${P}.properties[n].maxLength: Invalid value: 1.5: must be an integer`,
    `${P}.properties[n].required[0]: Invalid value: 1: must be a string`,
  ]);
  t.same(errors(obj({ n: { type: 'array', items: 'x' } })), [`${P}.properties[n].items: Invalid value: "x": must be an object`]);
});
