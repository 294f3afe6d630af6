/**
 * The sliced JSON encoding (issue #19) gives the bytes of the plain encoding: on generated built-in objects,
 * arbitrary values under a Deployment, embedded objects, and objects near the 3 MiB body limit.
 */
import fc from 'fast-check';
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { CHEAP_STEPS_PER_YIELD, runWhole } from '../../src/runtime/time-slice.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { writeGoJSON } from '../../src/serializer/go-json-writer.js';
import { writeGoJSONSteps } from '../../src/serializer/go-json-writer-steps.js';
import { JSONSerializer, writeObjectJSONSteps } from '../../src/serializer/json.js';
import { builtinObject } from '../helpers/arbitraries.js';

const scheme = newBuiltinScheme();
const json = new JSONSerializer(scheme);
const codecs = new CodecFactory(scheme);

function sliced(obj: Record<string, unknown>): Buffer {
  const steps = json.encodeSteps(obj);
  if (steps === undefined) throw new Error('no steps for a compact encoding');
  return Buffer.from(runWhole(steps));
}

t.test('property: the sliced encoding equals the plain one on built-in objects', async (t) => {
  fc.assert(
    fc.property(builtinObject, (obj) => sliced(obj).equals(Buffer.from(json.encode(obj)))),
    { numRuns: 300 },
  );
  t.pass('built-in objects');
});

t.test('property: the step writer equals the string writer on arbitrary values', async (t) => {
  const key = fc.string({ maxLength: 6 });
  const junk = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(null, undefined, 0, -0, 1.5, Number.NaN, true, '', '<a&b>', 'x\u2028"\\', '\ud800'),
      fc.string({ maxLength: 8 }),
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(key, tie('v'), { maxKeys: 3 }),
    ),
  })).v;
  const fields = ['metadata', 'spec', 'status', 'x<y>', '1'];
  fc.assert(
    fc.property(fc.dictionary(fc.constantFrom(...fields), junk), fc.dictionary(key, junk, { maxKeys: 4 }), (top, meta) => {
      const obj = { kind: 'Deployment', apiVersion: 'apps/v1', ...top, metadata: { ...meta, name: 'n' } };
      return runWhole(writeGoJSONSteps(DeploymentSchema, obj)) === writeGoJSON(DeploymentSchema, obj);
    }),
    { numRuns: 300 },
  );
  t.pass('arbitrary values under Deployment');
});

t.test('objects the fast path cannot shape, embedded objects, unregistered kinds', async (t) => {
  const objects: Record<string, unknown>[] = [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n' }, data: { 2: 'b', 10: 'a', x: '<&>' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n' }, data: JSON.parse('{"__proto__":"p","a":"b"}') },
    { apiVersion: 'v1', kind: 'List', metadata: {}, items: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }] },
    { apiVersion: 'example.com/v1', kind: 'Widget', spec: { b: 1, a: [1, { z: 1, y: 2 }] } },
  ];
  for (const obj of objects) {
    t.equal(runWhole(writeObjectJSONSteps(scheme, obj)), codecs.json.encodeToString(obj).slice(0, -1), JSON.stringify(obj).slice(0, 60));
    t.ok(sliced(obj).equals(Buffer.from(json.encode(obj))));
  }
  t.equal(json.encodeSteps(objects[0] as Record<string, unknown>, { pretty: true }), undefined, 'pretty output is not sliced');
});

t.test('near the 3 MiB limit: 160,000 map keys and 100,000 finalizers', async (t) => {
  const data = Object.fromEntries(Array.from({ length: 160_000 }, (_, i) => [`k${i}`, `v${i}<`]));
  const finalizers = Array.from({ length: 100_000 }, (_, i) => `example.com/f${i}`);
  for (const [items, obj] of [
    [160_000, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'many-keys', creationTimestamp: '2026-11-28T00:00:00Z' }, data }],
    [100_000, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'many-finalizers', finalizers }, data: { a: 'b' } }],
  ] as const) {
    let yields = 0;
    const steps = json.encodeSteps(obj);
    if (steps === undefined) throw new Error('no steps');
    let step = steps.next();
    for (; step.done !== true; step = steps.next()) yields++;
    t.ok(Buffer.from(step.value).equals(Buffer.from(json.encode(obj))), `${obj.metadata.name}: same bytes`);
    // At least one yield per CHEAP_STEPS_PER_YIELD items: no step holds more than that many of them.
    t.ok(yields >= Math.floor(items / CHEAP_STEPS_PER_YIELD), `${obj.metadata.name}: ${yields} steps for ${items} items`);
  }
});
