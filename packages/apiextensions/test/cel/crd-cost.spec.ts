import { newPath } from '@apiserver/runtime';
import t from 'tap';
import { type CustomResourceDefinition, validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../../src/index.js';
import { childCardinality, costErrorMessage, TotalCost } from '../../src/cel/cost/crd-cost.js';
import type { JSONSchemaProps } from '../../src/structural-schema.js';

function crd(openAPIV3Schema: JSONSchemaProps, resourceVersion = '1'): CustomResourceDefinition {
  return {
    metadata: { name: 'widgets.example.com', resourceVersion },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema } }],
    },
    status: { storedVersions: ['v1'] },
  } as unknown as CustomResourceDefinition;
}
const errors = (schema: JSONSchemaProps) => validateCustomResourceDefinition(crd(schema)).map(String);
const root = (properties: Record<string, JSONSchemaProps>): JSONSchemaProps => ({ type: 'object', properties });
const P = 'spec.validation.openAPIV3Schema';
const HINT = '(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)';
const CONTRIBUTED = 'Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema';
const doubleNested = (opts: { maxItems?: number; maxProperties?: number; key: JSONSchemaProps }): JSONSchemaProps =>
  root({
    value: {
      type: 'array',
      ...(opts.maxItems === undefined ? {} : { maxItems: opts.maxItems }),
      items: {
        type: 'object',
        ...(opts.maxProperties === undefined ? {} : { maxProperties: opts.maxProperties }),
        additionalProperties: { type: 'object', required: ['key'], properties: { key: opts.key } },
      },
      'x-kubernetes-validations': [{ rule: 'self.all(x, x.all(y, x[y].key == x[y].key))' }],
    },
  });

// The cost cases of TestValidateCustomResourceDefinitionValidation in apiextensions-apiserver validation_test.go.
t.test('forbid double-nested rule with no limit set', async (t) => {
  t.match(errors(doubleNested({ key: { type: 'string' } })), [
    `${P}.properties[value].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x ${HINT}`,
    `${P}.properties[value].x-kubernetes-validations[0].rule: ${CONTRIBUTED}`,
    `${P}: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x ${HINT}`,
  ]);
});

t.test('forbid double-nested rule with one limit set', async (t) => {
  const errs = errors(doubleNested({ key: { type: 'string', maxLength: 10 } }));
  t.equal(errs.length, 3);
  t.match(errs[0], /properties\[value\]\.x-kubernetes-validations\[0\]\.rule: Forbidden: estimated rule cost exceeds budget/);
  t.match(errs[1], CONTRIBUTED);
  t.match(errs[2], /^spec\.validation\.openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total/);
});

t.test('allow double-nested rules with limits set', async (t) => {
  t.same(errors(doubleNested({ maxItems: 10, maxProperties: 10, key: { type: 'string', maxLength: 10 } })), [], 'three limits set');
  t.same(errors(doubleNested({ maxItems: 4, key: { type: 'number' } })), [], 'one limit set on the outermost array');
  t.same(errors(root({ value: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self < 1024' }] } })), [], 'cardinality of 1 under the root object');
});

t.test('forbid validation rules where cost total exceeds total limit', async (t) => {
  const keyword = { type: 'string', maxLength: 5000, 'x-kubernetes-validations': [{ rule: "self.contains('keyword')" }] };
  const errs = errors(
    root({
      list: { type: 'array', maxItems: 100000, items: keyword },
      map: { type: 'object', maxProperties: 1000, additionalProperties: keyword },
      field: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self > 50 && self < 100' }] },
    }),
  );
  // 2000 * ceil(20000 * 0.1) * ceil(7 * 0.1) + 1 = 2001 per item: ×100000 and ×1000.
  t.same(errs, [
    `${P}.properties[list].items.x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of 20.0x ${HINT}`,
    `${P}.properties[list].items.x-kubernetes-validations[0].rule: ${CONTRIBUTED}`,
    `${P}.properties[map].additionalProperties.x-kubernetes-validations[0].rule: ${CONTRIBUTED}`,
    `${P}: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of 2.0x ${HINT}`,
  ]);
});

t.test('messageExpression cost is limited on its own, without the cardinality', async (t) => {
  const join = { type: 'array', items: { type: 'string', maxLength: 10 }, 'x-kubernetes-validations': [{ rule: 'true', messageExpression: "self.join(',') + self.join(';')" }] };
  // 1,048,575 items of up to 40 bytes and 1,048,574 separators: each join 4,299,158 + 1, the concatenation 8,598,315: 17,196,633.
  t.same(errors(root({ l: join })), [
    `${P}.properties[l].x-kubernetes-validations[0].messageExpression: Forbidden: estimated messageExpression cost exceeds budget by factor of 1.7x ${HINT}`,
  ]);
  const cheap = { ...join, 'x-kubernetes-validations': [{ rule: 'true', messageExpression: "'bad'" }] };
  t.same(errors(root({ outer: { type: 'array', items: { type: 'object', properties: { l: cheap } } } })), [], 'a constant message under an unbounded list');
});

t.test('updates: rules of a version whose schema is unchanged are not held to the per-rule limit', async (t) => {
  const expensive = root({ list: { type: 'array', items: { type: 'string' }, 'x-kubernetes-validations': [{ rule: "self.all(x, x.contains('a'))" }] } });
  const old = crd(expensive);
  t.match(validateCustomResourceDefinitionUpdate(crd(expensive, '2'), old).map(String), [/Forbidden: contributed to estimated rule cost total/, /openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total/], 'the total is still checked');
  const cheap = root({ list: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 3145 }, 'x-kubernetes-validations': [{ rule: "self.all(x, x.contains('a'))" }] } });
  const changed = root({ ...cheap.properties, other: { type: 'string' } });
  t.same(validateCustomResourceDefinitionUpdate(crd(cheap, '2'), crd(cheap)).map(String), []);
  const tooBig = root({ list: { type: 'array', maxItems: 100000, items: { type: 'string', maxLength: 1000 }, 'x-kubernetes-validations': [{ rule: "self.all(x, x.contains('ab'))" }] } });
  t.same(validateCustomResourceDefinitionUpdate(crd(tooBig, '2'), crd(tooBig)).map(String), [], 'unchanged: accepted');
  t.match(validateCustomResourceDefinitionUpdate(crd({ ...tooBig, description: 'changed' }, '2'), crd(tooBig)).map(String), [/estimated rule cost exceeds budget by factor of 4\.0x/], 'changed: refused');
  t.same(validateCustomResourceDefinitionUpdate(crd(changed, '2'), crd(cheap)).map(String), []);
});

t.test('rules whose cost our typing cannot tell are not checked', async (t) => {
  const schema = root({ any: { 'x-kubernetes-int-or-string': true, 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, self.all(z, true)))' }] } });
  t.same(errors(schema), []);
  const rule = { rule: "self.v.endsWith('%')", messageExpression: "self.l.join(',') + self.l.join(';')" };
  const mixed = root({ o: { type: 'object', properties: { v: { 'x-kubernetes-int-or-string': true }, l: { type: 'array', items: { type: 'string', maxLength: 10 } } }, 'x-kubernetes-validations': [rule] } });
  const mixedErrs = errors(mixed);
  t.equal(mixedErrs.length, 1, 'the rule itself is not estimated');
  t.match(mixedErrs, [/^spec\.validation\.openAPIV3Schema\.properties\[o\]\.x-kubernetes-validations\[0\]\.messageExpression: Forbidden: estimated messageExpression cost exceeds budget by factor of 1\.7x/], 'a messageExpression that is estimated is still checked');
});

// TestPerCRDEstimatedCost.
t.test('total cost keeps the four most expensive rules of 1% of the limit or more', async (t) => {
  const cases: [string, bigint[], bigint[], bigint][] = [
    ['no costs', [], [], 0n],
    ['one cost', [1000000n], [1000000n], 1000000n],
    ['one cost, ignored', [900000n], [], 900000n],
    ['2 costs', [5000000n, 25000000n], [25000000n, 5000000n], 30000000n],
    ['3 costs, one ignored', [5000000n, 25000000n, 900000n], [25000000n, 5000000n], 30900000n],
    ['4 costs', [16000000n, 50000000n, 34000000n, 50000000n], [50000000n, 50000000n, 34000000n, 16000000n], 150000000n],
    ['5 costs, one trimmed, one ignored', [16000000n, 50000000n, 900000n, 34000000n, 50000000n, 50000001n], [50000001n, 50000000n, 50000000n, 34000000n], 200900001n],
    ['costs do not overflow', [MAX / 2n, MAX / 2n, 1n, 10n, 100n, 1000n], [MAX / 2n, MAX / 2n], MAX],
  ];
  for (const [name, costs, expensive, total] of cases) {
    const c = new TotalCost();
    for (const cost of costs) c.observe(newPath('x'), cost);
    t.same(c.mostExpensive.map((r) => r.cost), expensive, name);
    t.equal(c.total, total, name);
  }
});
const MAX = 2n ** 64n - 1n;

// TestCostInfo: the cardinality of a string leaf under the given schemas.
t.test('cardinality multiplies maxItems and maxProperties; unbounded under any unbounded list or map', async (t) => {
  const map = (maxProperties?: number): JSONSchemaProps => ({ type: 'object', additionalProperties: { type: 'string' }, ...(maxProperties === undefined ? {} : { maxProperties }) });
  const array = (maxItems?: number): JSONSchemaProps => ({ type: 'array', ...(maxItems === undefined ? {} : { maxItems }) });
  const obj: JSONSchemaProps = { type: 'object' };
  const cases: [string, JSONSchemaProps[], bigint | undefined][] = [
    ['object', [obj], 1n],
    ['array', [array(5)], 5n],
    ['unbounded array', [array()], undefined],
    ['map', [map(10)], 10n],
    ['unbounded map', [map()], undefined],
    ['array inside map', [map(5), array(5)], 25n],
    ['unbounded array inside bounded map', [map(5), array()], undefined],
    ['object inside array', [array(3), obj], 3n],
    ['map inside object inside array', [array(2), obj, map(4)], 8n],
    ['integer overflow bounds check', [array(Number.MAX_SAFE_INTEGER * 1024), array(100)], MAX],
  ];
  for (const [name, schemas, want] of cases) {
    let cardinality: bigint | undefined = 1n;
    for (const s of schemas) cardinality = childCardinality(cardinality, s);
    t.equal(cardinality, want, name);
  }
});

t.test('the factor is printed as Go prints it', async (t) => {
  t.match(costErrorMessage('estimated rule cost', 10_485_760n, 10_000_000n), /factor of 1\.048576x \(/);
  t.match(costErrorMessage('estimated rule cost', 22_500_000n, 10_000_000n), /factor of 2\.2x/, 'halves round to even');
  t.match(costErrorMessage('estimated rule cost', 27_500_000n, 10_000_000n), /factor of 2\.8x/);
  t.match(costErrorMessage('estimated rule cost', 1_000_000_001n, 10_000_000n), /factor of more than 100x/);
  t.match(costErrorMessage('estimated rule cost', 1_000_000_000n, 10_000_000n), /factor of 100\.0x/);
});
