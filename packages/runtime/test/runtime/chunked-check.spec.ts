/**
 * Scheme.validateSteps (issue #19) lists the violations Scheme.validate lists: on generated objects, and on objects
 * with large collections, valid or with one bad element anywhere.
 */
import fc from 'fast-check';
import t from 'tap';
import { Type } from 'typebox';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { chunkedCheck, LARGE_COLLECTION } from '../../src/runtime/chunked-check.js';
import { runWhole } from '../../src/runtime/time-slice.js';
import { builtinObject } from '../helpers/arbitraries.js';

const scheme = newBuiltinScheme();

t.test('property: the sliced check lists what the plain one lists', async (t) => {
  fc.assert(fc.property(builtinObject, (obj) => JSON.stringify(runWhole(scheme.validateSteps(obj))) === JSON.stringify(scheme.validate(obj))), { numRuns: 300 });
  t.pass('built-in objects');
});

t.test('large collections: valid, or one bad element at the start, middle or end', (t) => {
  const n = 3 * LARGE_COLLECTION + 17;
  const data = (bad?: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i === bad ? 42 : `v${i}`]));
  const finalizers = (bad?: number) => Array.from({ length: n }, (_, i) => (i === bad ? { x: 1 } : `example.com/f${i}`));
  const cases: [string, Record<string, unknown>][] = [
    ['valid map and list', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', finalizers: finalizers() }, data: data() }],
    ['bad first map value', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: data(0) }],
    ['bad middle map value', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', finalizers: finalizers() }, data: data(5000) }],
    ['bad last finalizer', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', finalizers: finalizers(n - 1) }, data: data() }],
    ['bad field outside the collections', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 7 }, data: data() }],
    ['large binaryData too', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: data(), binaryData: Object.fromEntries(Array.from({ length: n }, (_, i) => [`b${i}`, 'AA=='])) }],
  ];
  for (const [name, obj] of cases) {
    let steps = 0;
    const pass = scheme.validateSteps(obj);
    let step = pass.next();
    for (; step.done !== true; step = pass.next()) steps++;
    t.same(step.value, scheme.validate(obj), name);
    if (name.startsWith('valid')) t.ok(steps > 4, `${name}: ${steps} steps`);
  }
  t.end();
});

t.test('a collection schema bounding its count is checked whole', (t) => {
  const schema = Type.Object({ items: Type.Array(Type.String(), { maxItems: LARGE_COLLECTION + 1 }) });
  const value = { items: Array.from({ length: LARGE_COLLECTION + 5 }, (_, i) => `s${i}`) };
  const checked: unknown[] = [];
  const result = runWhole(
    chunkedCheck(schema, value, (v) => {
      checked.push(v);
      return false;
    }),
  );
  t.equal(result, false);
  t.same(checked, [value], 'one check of the whole value');
  t.end();
});
