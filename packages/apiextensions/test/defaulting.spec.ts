import t from 'tap';
import { applyDefaults, pruneNonNullableNullsWithoutDefaults } from '../src/defaulting.js';
import { type JSONSchemaProps, newStructural } from '../src/structural-schema.js';

const withDefault = (d: unknown, more: JSONSchemaProps = {}): JSONSchemaProps => ({ default: d, ...more });
const abc = { a: withDefault('A'), b: withDefault('B'), c: withDefault('C') };

// Rewritten from upstream's defaulting/algorithm_test.go.
const cases: [string, JSONSchemaProps | undefined, unknown, unknown][] = [
  ['empty', undefined, null, null],
  ['scalar', withDefault('foo'), 4, 4],
  ['scalar array', { items: withDefault('foo') }, [1, 2], [1, 2]],
  [
    'object array',
    { items: { properties: abc } },
    [{ a: 1 }, { b: 1 }, { c: 1 }],
    [
      { a: 1, b: 'B', c: 'C' },
      { a: 'A', b: 1, c: 'C' },
      { a: 'A', b: 'B', c: 1 },
    ],
  ],
  [
    'object array object',
    {
      properties: {
        array: { items: { properties: { a: withDefault('A'), b: withDefault('B') } } },
        object: { properties: { a: withDefault('N'), b: withDefault('O') } },
        additionalProperties: { additionalProperties: { properties: { a: withDefault('alpha'), b: withDefault('beta') } } },
        foo: withDefault('bar'),
      },
    },
    { array: [{ a: 1 }, { b: 2 }], object: { a: 1 }, additionalProperties: { x: { a: 1 }, y: { b: 2 } } },
    {
      array: [
        { a: 1, b: 'B' },
        { a: 'A', b: 2 },
      ],
      object: { a: 1, b: 'O' },
      additionalProperties: { x: { a: 1, b: 'beta' }, y: { a: 'alpha', b: 2 } },
      foo: 'bar',
    },
  ],
  [
    'empty and null',
    { items: { properties: { a: withDefault('A') } } },
    [{}, { a: 1 }, { a: 0 }, { a: '' }, { a: null }, { a: [] }, { a: {} }],
    [{ a: 'A' }, { a: 1 }, { a: 0 }, { a: '' }, { a: 'A' }, { a: [] }, { a: {} }],
  ],
  ['null in nullable list', { nullable: true, items: { properties: { a: withDefault('A') } } }, [null], [null]],
  ['null in non-nullable list', { items: withDefault('A') }, [null], ['A']],
  ['null in nullable object', { properties: { a: withDefault('A', { nullable: true }) } }, { a: null }, { a: null }],
  ['null in non-nullable object', { properties: { a: withDefault('A') } }, { a: null }, { a: 'A' }],
  [
    'null in nullable object with additionalProperties',
    { additionalProperties: withDefault('A', { nullable: true }) },
    { a: null },
    { a: null },
  ],
  ['null in non-nullable object with additionalProperties', { additionalProperties: withDefault('A') }, { a: null }, { a: 'A' }],
  ['null unknown field', { additionalProperties: true }, { a: null }, { a: null }],
  ['defaults are deep-copied', { properties: { a: withDefault({ x: [1] }), b: withDefault({ x: [1] }) } }, {}, { a: { x: [1] }, b: { x: [1] } }],
];

t.test('applyDefaults follows upstream defaulting', async (t) => {
  for (const [name, schema, input, expected] of cases) {
    const before = JSON.stringify(input);
    const got = applyDefaults(input, schema === undefined ? undefined : newStructural(schema));
    t.same(got, expected, name);
    t.equal(JSON.stringify(input), before, `${name}: input untouched`);
  }
});

t.test('defaults are independent copies', async (t) => {
  const schema = newStructural({ items: { properties: { a: withDefault({ x: 1 }) } } });
  const out = applyDefaults([{}, {}], schema) as { a: { x: number } }[];
  out[0]!.a.x = 2;
  t.equal(out[1]!.a.x, 1);
});

// Rewritten from upstream's defaulting/prunenulls_test.go.
const nullCases: [string, JSONSchemaProps | undefined, unknown, unknown][] = [
  ['no schema', undefined, { a: null }, { a: null }],
  ['non-nullable without default', { properties: { a: { type: 'string' } } }, { a: null, b: null }, { b: null }],
  ['nullable', { properties: { a: { type: 'string', nullable: true } } }, { a: null }, { a: null }],
  ['with default (left for defaulting)', { properties: { a: withDefault('A') } }, { a: null }, { a: null }],
  [
    'nested in arrays and additionalProperties',
    { properties: { l: { items: { properties: { a: { type: 'string' } } } }, m: { additionalProperties: { type: 'string' } } } },
    { l: [{ a: null }, null], m: { k: null, j: 'x' } },
    { l: [{}, null], m: { j: 'x' } },
  ],
];

t.test('pruneNonNullableNullsWithoutDefaults', async (t) => {
  for (const [name, schema, input, expected] of nullCases) {
    t.same(pruneNonNullableNullsWithoutDefaults(input, schema === undefined ? undefined : newStructural(schema)), expected, name);
  }
});
