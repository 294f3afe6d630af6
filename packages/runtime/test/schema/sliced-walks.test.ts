/**
 * The sliced schema walks (issue #19) give what the plain ones give: unknown fields, the Go-decoded copy and the
 * first number Go refuses, on generated objects with junk values and on objects near the 3 MiB body limit.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { runWhole } from '../../src/runtime/time-slice.js';
import { decodeAsGo, decodeAsGoSteps } from '../../src/schema/go-decode.js';
import { goNumberProblem, goNumberProblemSteps } from '../../src/schema/go-numbers.js';
import { findUnknownFields, findUnknownFieldsSteps } from '../../src/schema/unknown-fields.js';
import { builtinObject } from '../helpers/arbitraries.js';

const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('replicas', 'generation', 'ports', 'port', '__proto__', 'constructor'));
const junk = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, 0, 1.5, 2 ** 40, 1e30, -3, true, '', 'x'),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(key, tie('v'), { maxKeys: 3 }),
  ),
})).v;
const fields = ['metadata', 'spec', 'status', 'data', 'x'];
const deployment = fc.record({ top: fc.dictionary(fc.constantFrom(...fields), junk), spec: fc.dictionary(key, junk, { maxKeys: 4 }) }).map(({ top, spec }) => ({ kind: 'Deployment', apiVersion: 'apps/v1', ...top, spec: { ...spec, template: { spec: { containers: [spec] } } } }));

function same(value: unknown): boolean {
  for (const schema of [DeploymentSchema, ConfigMapSchema]) {
    if (!isDeepStrictEqual(runWhole(findUnknownFieldsSteps(schema, value)), findUnknownFields(schema, value))) return false;
    const decoded = runWhole(decodeAsGoSteps(schema, value));
    if (!isDeepStrictEqual(decoded, decodeAsGo(schema, value)) || JSON.stringify(decoded) !== JSON.stringify(decodeAsGo(schema, value))) return false;
    if (runWhole(goNumberProblemSteps(schema, value)) !== goNumberProblem(schema, value)) return false;
    const text = JSON.stringify(value);
    if (runWhole(goNumberProblemSteps(schema, value, text)) !== goNumberProblem(schema, value, text)) return false;
  }
  return true;
}

t.test('property: the sliced walks equal the plain ones', async (t) => {
  fc.assert(fc.property(deployment, same), { numRuns: 400 });
  fc.assert(fc.property(builtinObject, same), { numRuns: 200 });
  t.pass('generated objects');
});

t.test('a __proto__ map key stays an own property of the sliced copy', (t) => {
  const cm = JSON.parse('{"kind":"ConfigMap","apiVersion":"v1","data":{"__proto__":"x","a":null},"bogus":1}');
  const decoded = runWhole(decodeAsGoSteps(ConfigMapSchema, cm)) as { data: Record<string, unknown> };
  t.ok(Object.hasOwn(decoded.data, '__proto__'));
  t.same(decoded, decodeAsGo(ConfigMapSchema, cm));
  t.end();
});

t.test('near the 3 MiB limit: 160,000 keys and 100,000 finalizers', (t) => {
  const data = Object.fromEntries(Array.from({ length: 160_000 }, (_, i) => [`k${i}`, i % 1000 === 0 ? null : `v${i}`]));
  const finalizers = Array.from({ length: 100_000 }, (_, i) => `example.com/f${i}`);
  const big = [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', generation: 2 ** 60 }, data, extra: { k: 1 } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b', finalizers }, data: { a: 'b' } },
  ];
  for (const obj of big) {
    t.same(runWhole(findUnknownFieldsSteps(ConfigMapSchema, obj)), findUnknownFields(ConfigMapSchema, obj));
    t.equal(JSON.stringify(runWhole(decodeAsGoSteps(ConfigMapSchema, obj))), JSON.stringify(decodeAsGo(ConfigMapSchema, obj)));
    t.equal(runWhole(goNumberProblemSteps(ConfigMapSchema, obj, JSON.stringify(obj))), goNumberProblem(ConfigMapSchema, obj, JSON.stringify(obj)));
  }
  t.end();
});
