/**
 * Embedded resources of custom resources (`x-kubernetes-embedded-resource`), as apiextensions-apiserver's `objectmeta`
 * package checks them: the request decoder's coercion (string apiVersion and kind, metadata that decodes as ObjectMeta,
 * written back as Go writes it) and the strategy's validation (apiVersion and kind required and well formed, valid
 * ObjectMeta with path-segment names; no name needed), in lists and maps too. The root is not an embedded resource.
 */
import t from 'tap';
import { coerceEmbeddedResources, validateEmbeddedResources } from '../../src/customresource/embedded-resources.js';
import { type JSONSchemaProps, newStructural } from '../../src/structural-schema.js';

const embedded: JSONSchemaProps = { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true };
const schema = newStructural({
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        template: embedded,
        list: { type: 'array', items: embedded },
        byName: { type: 'object', additionalProperties: embedded },
      },
    },
  },
});
const errors = (spec: Record<string, unknown>) => validateEmbeddedResources(schema, { apiVersion: 'x.example.com/v1', kind: 'X', metadata: { name: 'x' }, spec }).map(String);
const cm = { apiVersion: 'v1', kind: 'ConfigMap' };

t.test('validation: type meta required and well formed', async (t) => {
  t.same(errors({ template: { ...cm, metadata: { labels: { a: 'b' } } } }), [], 'a name is not required');
  t.same(errors({ template: { metadata: { name: 'n' } } }), ['spec.template.apiVersion: Required value', 'spec.template.kind: Required value']);
  t.same(errors({ template: { apiVersion: '', kind: '' } }), ['spec.template.apiVersion: Invalid value: "": must not be empty', 'spec.template.kind: Invalid value: "": must not be empty']);
  t.same(errors({ template: { apiVersion: 'a/b/c', kind: 'ConfigMap' } }), ['spec.template.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c']);
  t.match(errors({ template: { apiVersion: 'v1', kind: 'Config.Map' } }), [/^spec\.template\.kind: Invalid value: "Config\.Map": may have mixed case, but should otherwise match: a DNS-1035 label/]);
  t.same(errors({ template: { apiVersion: 1, kind: ['x'] } }), ['spec.template.apiVersion: Invalid value: 1: must be a string', 'spec.template.kind: Invalid value: []interface {}{"x"}: must be a string']);
});

t.test('validation: metadata as ObjectMeta with path-segment names', async (t) => {
  t.same(errors({ template: { ...cm, metadata: { name: '..' } } }), ['spec.template.metadata.name: Invalid value: "..": may not be \'..\'']);
  t.same(errors({ template: { ...cm, metadata: { name: 'a', namespace: 'Not_A_Label' } } }).length, 1, 'a namespace must be a DNS label');
  t.same(errors({ list: [cm, { kind: 'ConfigMap' }], byName: { first: { apiVersion: 'v1' } } }), ['spec.list[1].apiVersion: Required value', 'spec.byName[first].kind: Required value'], 'in lists and maps');
  t.match(errors({ template: { ...cm, metadata: { labels: 'bad' } } }), [/^spec\.template\.metadata: Invalid value: map\[string\]interface \{\}\{"labels":"bad"\}: /]);
  t.same(validateEmbeddedResources(schema, { metadata: {}, spec: {} }).map(String), [], 'the root is not checked');
});

t.test('coercion: Go writes the metadata back; wrong types are the first problem', async (t) => {
  const obj = { spec: { template: { ...cm, metadata: { name: 'x', creationTimestamp: null, labels: {}, namespace: '', generation: 0, annotations: { a: 'b' } } } } };
  coerceEmbeddedResources(schema, obj);
  t.same(obj.spec.template.metadata, { name: 'x', annotations: { a: 'b' } });
  t.throws(() => coerceEmbeddedResources(schema, { spec: { template: { apiVersion: 5 } } }), { message: 'spec.template.apiVersion: Invalid value: 5: must be a string' });
  t.throws(() => coerceEmbeddedResources(schema, { spec: { list: [{ ...cm, metadata: { labels: 'bad' } }] } }), { message: /^spec\.list\[0\]\.metadata: Invalid value: / });
  const missing = { spec: { template: { kind: 'X' } } };
  coerceEmbeddedResources(schema, missing);
  t.same(missing, { spec: { template: { kind: 'X' } } }, 'missing type meta is for validation, and absent metadata stays absent');
});

t.test('coercion on the way to storage drops non-string type meta and leaves bad metadata for validation', async (t) => {
  const obj = { spec: { template: { apiVersion: 5, kind: 'ConfigMap', metadata: { labels: 'bad' } } } };
  coerceEmbeddedResources(schema, obj, true);
  t.same(obj, { spec: { template: { kind: 'ConfigMap', metadata: { labels: 'bad' } } } });
});
