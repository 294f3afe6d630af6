import t from 'tap';
import { type JSONSchemaProps, newStructural } from '../src/structural-schema.js';
import { prune, unknownFieldMessage } from '../src/pruning.js';

// Shapes from upstream's pruning/algorithm_test.go, rewritten.
const cases: [string, JSONSchemaProps | undefined, unknown, unknown, string[]][] = [
  ['empty', undefined, null, null, []],
  ['scalar', undefined, 4, 4, []],
  ['no schema drops everything but the meta fields', undefined, { a: 1, kind: 'K', apiVersion: 'v1', metadata: { x: 1 } }, { kind: 'K', apiVersion: 'v1', metadata: { x: 1 } }, ['a']],
  [
    'unknown fields at every level',
    {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          properties: {
            list: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
            labels: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
    },
    { spec: { foo: 1, list: [{ name: 'a', bar: 2 }, { baz: 3 }], labels: { a: 'b' } }, status: {} },
    { spec: { list: [{ name: 'a' }, {}], labels: { a: 'b' } } },
    ['spec.foo', 'spec.list[0].bar', 'spec.list[1].baz', 'status'],
  ],
  [
    'preserve-unknown-fields keeps unknown fields, prunes inside known ones',
    {
      type: 'object',
      'x-kubernetes-preserve-unknown-fields': true,
      properties: { spec: { type: 'object', properties: { a: { type: 'string' } } } },
    },
    { spec: { a: 'x', b: 1 }, other: { deep: true } },
    { spec: { a: 'x' }, other: { deep: true } },
    ['spec.b'],
  ],
  [
    'preserve-unknown-fields with items and additionalProperties',
    {
      type: 'object',
      properties: {
        raw: {
          type: 'array',
          'x-kubernetes-preserve-unknown-fields': true,
          items: { type: 'object', properties: { a: { type: 'string' } } },
        },
        m: {
          type: 'object',
          'x-kubernetes-preserve-unknown-fields': true,
          additionalProperties: { type: 'object', properties: { a: { type: 'string' } } },
        },
      },
    },
    { raw: [{ a: 'x', b: 1 }], m: { k: { a: 'y', c: 2 } } },
    { raw: [{ a: 'x' }], m: { k: { a: 'y' } } },
    ['m.k.c', 'raw[0].b'],
  ],
  [
    'embedded resources keep apiVersion, kind and metadata',
    {
      type: 'object',
      properties: {
        template: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: { spec: { type: 'object', properties: {} } },
        },
        plain: { type: 'object', properties: { spec: { type: 'string' } } },
      },
    },
    {
      template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', unknown: 1 }, spec: { x: 1 }, extra: 1 },
      plain: { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: 's' },
    },
    { template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', unknown: 1 }, spec: {} }, plain: { spec: 's' } },
    ['plain.apiVersion', 'plain.kind', 'plain.metadata', 'template.extra', 'template.spec.x'],
  ],
  [
    'additionalProperties: true without a schema clears nested objects, as upstream',
    { type: 'object', properties: { m: { type: 'object', additionalProperties: true } } },
    { m: { a: 'x', b: { c: 1 }, d: [{ e: 1 }] } },
    { m: { a: 'x', b: {}, d: [{}] } },
    ['m.b.c', 'm.d[0].e'],
  ],
];

t.test('prune drops unknown fields and reports their paths', async (t) => {
  for (const [name, schema, input, expected, paths] of cases) {
    const before = JSON.stringify(input);
    const result = prune(input, schema === undefined ? undefined : newStructural(schema));
    t.same(result.pruned, expected, name);
    t.same(result.prunedPaths, paths, `${name}: paths`);
    t.equal(JSON.stringify(input), before, `${name}: input untouched`);
  }
});

t.test('isResourceRoot false prunes the meta fields too', async (t) => {
  const schema = newStructural({ type: 'object', properties: { a: { type: 'string' } } });
  const r = prune({ a: 'x', kind: 'K', metadata: {} }, schema, { isResourceRoot: false });
  t.same(r.pruned, { a: 'x' });
  t.same(r.prunedPaths, [], 'unknown meta fields at the very root are not reported');
});

t.test('unknownFieldMessage', async (t) => {
  t.equal(unknownFieldMessage('spec.foo'), 'unknown field "spec.foo"');
});
