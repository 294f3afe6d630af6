/** kube-openapi's `handler.PruneDefaults`: every schema's `default` goes, nothing else does. */
import t from 'tap';
import { pruneDefaults } from '../src/prune-defaults.js';

t.test('defaults go at every depth; a property named default stays', async (t) => {
  const definitions = {
    A: {
      type: 'object',
      default: {},
      properties: {
        default: { type: 'object', description: 'A property named default.', additionalProperties: { type: 'string', default: '' } },
        list: { type: 'array', items: { type: 'string', default: '' }, default: [] },
        ref: { allOf: [{ $ref: '#/definitions/B' }], default: {} },
        either: { anyOf: [{ type: 'integer', default: 1 }], not: { type: 'string', default: 'x' } },
        value: { type: 'string', enum: ['default'], example: { default: 1 } },
      },
    },
  };
  const before = JSON.stringify(definitions);
  t.same(pruneDefaults(definitions), {
    A: {
      type: 'object',
      properties: {
        default: { type: 'object', description: 'A property named default.', additionalProperties: { type: 'string' } },
        list: { type: 'array', items: { type: 'string' } },
        ref: { allOf: [{ $ref: '#/definitions/B' }] },
        either: { anyOf: [{ type: 'integer' }], not: { type: 'string' } },
        value: { type: 'string', enum: ['default'], example: { default: 1 } },
      },
    },
  });
  t.equal(JSON.stringify(definitions), before, 'the input is not changed');
});
