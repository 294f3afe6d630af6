import t from 'tap';
import { type CustomResourceDefinition, validateCustomResourceDefinition } from '../../src/index.js';

function crd(spec: Record<string, unknown>, versions = 1): CustomResourceDefinition {
  const schema = { openAPIV3Schema: { type: 'object', properties: { spec } } };
  return {
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [
        { name: 'v1', served: true, storage: true, schema },
        ...(versions > 1 ? [{ name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: { ...schema.openAPIV3Schema, description: 'v2' } } }] : []),
      ],
    },
  } as CustomResourceDefinition;
}
const errors = (spec: Record<string, unknown>, versions = 1) => validateCustomResourceDefinition(crd(spec, versions)).map(String);
const props = { replicas: { type: 'integer' }, items: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] } } } } };

t.test('valid rules pass', async (t) => {
  t.same(errors({ type: 'object', properties: { replicas: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.replicas > 0', messageExpression: "'bad %d'.format([self.replicas])", reason: 'FieldValueForbidden', fieldPath: '.replicas' }] }), []);
});

t.test("a messageExpression concatenating string(int) is refused for its estimated cost, as upstream (kubernetes/kubernetes#124234)", async (t) => {
  const p = 'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].messageExpression';
  t.match(errors({ type: 'object', properties: { replicas: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.replicas > 0', messageExpression: "'bad ' + string(self.replicas)" }] }), [
    `${p}: Forbidden: estimated messageExpression cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`,
    `${p}: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema`,
    /^spec\.validation\.openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x/,
  ]);
});

t.test('compile errors name the rule as upstream prints it', async (t) => {
  t.same(errors({ type: 'object', properties: { replicas: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.foo == 1' }] }), [
    'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: ' +
      'apiextensions.ValidationRule{Rule:"self.foo == 1", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: ' +
      "compilation failed: ERROR: <input>:1:5: undefined field 'foo'\n | self.foo == 1\n | ....^",
  ]);
  t.match(errors({ type: 'object', 'x-kubernetes-validations': [{ rule: 'true', messageExpression: '1' }] }, 2), [
    /^spec\.versions\[0\]\.schema\.openAPIV3Schema\.properties\[spec\]\.x-kubernetes-validations\[0\]\.messageExpression: Invalid value: apiextensions\.ValidationRule\{.*\}: messageExpression must evaluate to a string$/,
    /^spec\.versions\[1\]\.schema\.openAPIV3Schema\.properties\[spec\]\.x-kubernetes-validations\[0\]\.messageExpression: /,
  ], 'versions with different schemas are validated one by one');
});

t.test('message, reason and fieldPath checks', async (t) => {
  const base = { type: 'object', properties: { replicas: { type: 'integer' } } };
  const p = 'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0]';
  t.same(errors({ ...base, 'x-kubernetes-validations': [{ rule: 'true', message: '  ' }] }), [`${p}.message: Invalid value: "  ": message must be non-empty if specified`]);
  t.same(errors({ ...base, 'x-kubernetes-validations': [{ rule: 'true', message: 'a\nb' }] }), [`${p}.message: Invalid value: "a\\nb": message must not contain line breaks`]);
  t.same(errors({ ...base, 'x-kubernetes-validations': [{ rule: 'true &&\ntrue' }] }), [`${p}.message: Required value: message must be specified if rule contains line breaks`]);
  t.same(errors({ ...base, 'x-kubernetes-validations': [{ rule: 'true', reason: 'Nope' }] }), [
    `${p}.reason: Unsupported value: "Nope": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
  ]);
  t.same(errors({ ...base, 'x-kubernetes-validations': [{ rule: 'true', fieldPath: '.nope' }] }), [`${p}.fieldPath: Invalid value: ".nope": fieldPath must be a valid path: does not refer to a valid field`]);
});

t.test('oldSelf is refused under lists that cannot correlate items', async (t) => {
  t.same(errors({ type: 'object', properties: props }), [
    'spec.validation.openAPIV3Schema.properties[spec].properties[items].items.properties[n].x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": ' +
      'oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].properties[items]',
  ]);
  const mapList = { ...props, items: { ...props.items, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['n'], items: { ...props.items.items, required: ['n'] } } };
  t.same(errors({ type: 'object', properties: mapList }), [], 'a map list correlates');
});

t.test('a rule on an untyped node is refused as upstream does', async (t) => {
  t.same(errors({ type: 'object', properties: { free: { 'x-kubernetes-preserve-unknown-fields': true, 'x-kubernetes-validations': [{ rule: 'true' }] } } }), [
    "spec.validation.openAPIV3Schema.properties[spec].properties[free].x-kubernetes-validations: Internal error: rule declared on schema that does not support validation rules type: '' x-kubernetes-preserve-unknown-fields: 'true'",
  ]);
});
