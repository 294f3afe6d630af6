/**
 * parseJSONLimitedSteps (issue #19) gives JSON.parse's value, key order included, or the error parseJSONLimited
 * gives: on generated JSON, on large containers (repeated keys across chunks, `__proto__`, nested large ones) and on
 * large texts broken in every way the pieces could hide.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import t from 'tap';
import { runWhole } from '../../src/runtime/time-slice.js';
import { parseJSONLimitedSteps } from '../../src/serializer/json-parse-steps.js';
import { parseJSONLimited } from '../../src/serializer/nesting-depth.js';

function outcome(parse: () => unknown): { value?: unknown; text?: string; error?: string } {
  try {
    const value = parse();
    return { value, text: JSON.stringify(value) };
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}` };
  }
}

function same(text: string, max?: number): boolean {
  const plain = outcome(() => parseJSONLimited(text, max));
  const sliced = outcome(() => runWhole(parseJSONLimitedSteps(text, max)));
  return plain.error === sliced.error && plain.text === sliced.text && isDeepStrictEqual(plain.value, sliced.value);
}

const members = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(',');
const bigMap = (n: number) => `{${members(n, (i) => `"k${i}":"v${i}"`)}}`;
const bigList = (n: number) => `[${members(n, (i) => `"example.com/f${i}"`)}]`;

t.test('property: generated JSON parses as JSON.parse parses it', async (t) => {
  fc.assert(fc.property(fc.json(), (text) => same(text)), { numRuns: 500 });
  fc.assert(fc.property(fc.json(), (text) => same(text, 3)), { numRuns: 200 });
  t.pass('fc.json');
});

t.test('large containers: values, order and repeated keys as JSON.parse', (t) => {
  const texts = [
    `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":${bigMap(10_000)}}`,
    `{"metadata":{"name":"t","finalizers":${bigList(9000)}},"data":{"a":"b"}}`,
    ` \n{"data":${bigMap(5000)},"data":${bigMap(4500)},"x":[${bigMap(4100)},1]}\t`,
    `{${members(9000, (i) => `"k${i % 5000}":${i}`)}}`,
    `{${members(8000, (i) => (i === 4000 ? '"__proto__":{"polluted":true}' : `"${8000 - i}":${i}`))}}`,
    `[${members(9000, (i) => (i % 3 === 0 ? `{"a":[${i},{"b":null}]}` : i % 3 === 1 ? '"s\\"{[,:"' : 'true'))}]`,
    `{"a":{"b":{"c":{"d":${bigMap(5000)}}}}}`,
    `{"a": ${bigList(5000)} , "b" : { } , "c":[ ]}`,
  ];
  for (const text of texts) t.ok(same(text), text.slice(0, 50));
  const parsed = runWhole(parseJSONLimitedSteps(texts[4] as string)) as Record<string, unknown>;
  t.ok(Object.hasOwn(parsed, '__proto__'), '__proto__ stays an own property');
  t.equal(Object.getPrototypeOf(parsed), Object.prototype);
  t.end();
});

t.test('broken large texts fail with the errors of the plain parse', (t) => {
  const map = bigMap(9000);
  const broken = [
    `${map.slice(0, -1)},}`,
    map.replace('"k4000":"v4000"', '"k4000":"v4000" "x":1'),
    map.replace('"k5000":"v5000"', '"k5000" "v5000"'),
    map.replace(',"k6000"', ',,"k6000"'),
    `\u00a0${map}`,
    `${map} x`,
    map.replace('{', '{\u00a0'),
    `{"data":${map.slice(0, -1)}`,
    `{"data" ${map}}`,
    `{"data"::${map}}`,
    `{data:${map}}`,
    `{"data":${map}x}`,
    `[${map},]`,
    `{"a":${map},"a"}`,
    `{"x":${'['.repeat(600)}${']'.repeat(600)},"d":${map}}`,
  ];
  for (const text of broken) t.ok(same(text), JSON.stringify(text.slice(0, 40)));
  t.end();
});

t.test('the scan and the chunks yield', (t) => {
  let steps = 0;
  const pass = parseJSONLimitedSteps(`{"data":${bigMap(40_000)}}`);
  for (let s = pass.next(); s.done !== true; s = pass.next()) steps++;
  t.ok(steps > 20, `${steps} steps`);
  t.end();
});
