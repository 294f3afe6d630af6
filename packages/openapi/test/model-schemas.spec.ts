/** Telling schemas from samples, JSON Schema → OpenAPI 3.0 rewriting, and schemas inferred from samples. */
import t from 'tap';
import { Type } from 'typebox';
import { ComponentSchemas, inferSchema, isJSONSchema, toOpenAPISchema } from '../src/index.js';

t.test('isJSONSchema', async (t) => {
  t.ok(isJSONSchema(Type.String()), 'typebox');
  t.ok(isJSONSchema({ type: 'string' }));
  t.ok(isJSONSchema({ type: ['string', 'null'] }));
  t.ok(isJSONSchema({ $ref: '#/definitions/X' }));
  t.ok(isJSONSchema({ properties: { a: { type: 'string' } } }));
  t.notOk(isJSONSchema({ type: 'dog', name: 'Rex' }), 'type is not a JSON type');
  t.notOk(isJSONSchema({ type: 'string', name: 'x' }), 'a key that is no keyword');
  t.notOk(isJSONSchema({}), 'empty object is a sample');
  t.notOk(isJSONSchema({ description: 'only words' }), 'no structural keyword');
  t.notOk(isJSONSchema(new (class Pet { type = 'string' })()), 'a class instance is a sample');
  t.notOk(isJSONSchema([{ type: 'string' }]));
});

t.test('inferSchema from samples', async (t) => {
  const c = new ComponentSchemas();
  t.same(inferSchema('x', c), { type: 'string' });
  t.same(inferSchema(3, c), { type: 'integer' });
  t.same(inferSchema(3.5, c), { type: 'number', format: 'double' });
  t.same(inferSchema(3n, c), { type: 'integer', format: 'int64' });
  t.same(inferSchema(false, c), { type: 'boolean' });
  t.same(inferSchema(null, c), {});
  t.same(inferSchema(new Uint8Array(2), c), { type: 'string', format: 'byte' });
  t.same(inferSchema([], c), { type: 'array', items: {} });
  t.same(inferSchema(new Map([['a', 1]]), c), { type: 'object', additionalProperties: { type: 'integer' } });
  t.same(inferSchema({ a: [1.5], skip: undefined, fn: () => 1 }, c), { type: 'object', properties: { a: { type: 'array', items: { type: 'number', format: 'double' } } } });
  t.same(c.toObject(), {}, 'no component for anonymous samples');
});

t.test('class samples: named components, self references terminate', async (t) => {
  class Node {
    value = 'v';
    children: Node[] = [];
    constructor(depth: number) {
      if (depth > 0) this.children.push(new Node(depth - 1));
    }
  }
  const c = new ComponentSchemas();
  t.same(inferSchema(new Node(1), c), { $ref: '#/components/schemas/Node' });
  t.same(c.toObject(), { Node: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } });
});

t.test('JSON Schema → OpenAPI 3.0', async (t) => {
  const c = new ComponentSchemas();
  t.same(toOpenAPISchema({ const: 'a' }, c), { enum: ['a'] });
  t.same(toOpenAPISchema({ type: 'null' }, c), { nullable: true });
  t.same(toOpenAPISchema({ type: ['string', 'integer'] }, c), { anyOf: [{ type: 'string' }, { type: 'integer' }] });
  t.same(toOpenAPISchema({ type: 'number', exclusiveMaximum: 9, examples: [3, 4] }, c), { type: 'number', maximum: 9, exclusiveMaximum: true, example: 3 });
  t.same(toOpenAPISchema({ type: 'object', patternProperties: { '^x': { type: 'integer' } }, propertyNames: { pattern: '^x' } }, c), {
    type: 'object',
    additionalProperties: { type: 'integer' },
  });
  t.same(toOpenAPISchema({ if: { type: 'string' }, else: {}, $comment: 'c', type: 'string', 'x-k': 1 }, c), { type: 'string', 'x-k': 1 }, 'no equivalent: dropped');
  t.same(toOpenAPISchema({ anyOf: [{ type: 'string' }, { type: 'null' }] }, c), { nullable: true, type: 'string' }, 'a nullable alternative collapses');
});

t.test('$id, $defs and definitions become components', async (t) => {
  const c = new ComponentSchemas();
  const schema = {
    $id: 'urn:example:Order',
    type: 'object',
    properties: { item: { $ref: '#/$defs/Item' }, buyer: { $ref: '#/definitions/Buyer' }, note: Type.String({ $id: 'Note' }) },
    $defs: { Item: { type: 'object', properties: { sku: { type: 'string' } } } },
    definitions: { Buyer: { type: 'string' } },
  };
  t.same(toOpenAPISchema(schema, c), { $ref: '#/components/schemas/urn_example_Order' });
  t.same(c.toObject(), {
    Buyer: { type: 'string' },
    Item: { type: 'object', properties: { sku: { type: 'string' } } },
    Note: { type: 'string' },
    urn_example_Order: {
      type: 'object',
      properties: { item: { $ref: '#/components/schemas/Item' }, buyer: { $ref: '#/components/schemas/Buyer' }, note: { $ref: '#/components/schemas/Note' } },
    },
  });
  t.ok(c.has('Item'));
  t.notOk(c.has('Missing'));
});
