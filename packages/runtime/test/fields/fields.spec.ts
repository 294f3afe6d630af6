import fc from 'fast-check';
import t from 'tap';
import { badRequest } from '../helpers/bad-request.js';
import { newBadRequest } from '../../src/errors/factories.js';
import { escapeFieldValue, unescapeFieldValue } from '../../src/fields/escape.js';
import {
  FieldsSelector,
  fieldSelectorFromSet,
  parseAndTransformFieldSelector,
  parseFieldSelector,
} from '../../src/fields/selector.js';

t.test('parse and canonical text', async (t) => {
  const table: [string, string][] = [
    ['', ''],
    [',', ''],
    ['metadata.name=foo', 'metadata.name=foo'],
    ['metadata.name==foo', 'metadata.name=foo'],
    ['status.phase!=Running', 'status.phase!=Running'],
    ['b=1,a=2', 'a=2,b=1'],
    ['a=', 'a='],
    ['=x', '=x'],
    ['a=x\\,y', 'a=x\\,y'],
    ['a=x\\=y\\\\z', 'a=x\\=y\\\\z'],
    ['a=1,,b=2', 'a=1,b=2'],
  ];
  for (const [input, want] of table) {
    t.equal(parseFieldSelector(input).toString(), want, JSON.stringify(input));
  }
  const escaped = parseFieldSelector('a=x\\,y\\=z\\\\');
  t.same(escaped.requirements(), [{ field: 'a', operator: '=', value: 'x,y=z\\' }]);
  t.same(parseFieldSelector('x!=1,y==2').requirements(), [
    { field: 'x', operator: '!=', value: '1' },
    { field: 'y', operator: '=', value: '2' },
  ]);
});

t.test('invalid field selectors', async (t) => {
  badRequest(t, () => parseFieldSelector('abc'), "invalid selector: 'abc'; can't understand 'abc'");
  badRequest(t, () => parseFieldSelector('a=1,b'), "invalid selector: 'a=1,b'; can't understand 'b'");
  badRequest(t, () => parseFieldSelector('a=b=c'), 'invalid field selector: unescaped character in value: 61');
  badRequest(t, () => parseFieldSelector('a!=b=c'), 'invalid field selector: unescaped character in value: 61');
  badRequest(t, () => parseFieldSelector('a=x\\y'), 'invalid field selector: invalid escape sequence: \\y');
  badRequest(t, () => parseFieldSelector('a=x\\'), 'invalid field selector: invalid escape sequence: \\');
  t.throws(() => unescapeFieldValue('a,b'), { message: 'invalid field selector: unescaped character in value: 44' });
});

t.test('matching', async (t) => {
  const fields = { 'metadata.name': 'web', 'metadata.namespace': 'default', 'status.phase': 'Running' };
  const table: [string, boolean][] = [
    ['', true],
    ['metadata.name=web', true],
    ['metadata.name=db', false],
    ['metadata.name!=db', true],
    ['metadata.name!=web', false],
    ['spec.nodeName=', true],
    ['spec.nodeName!=', false],
    ['spec.nodeName!=n1', true],
    ['metadata.name=web,status.phase=Running', true],
    ['metadata.name=web,status.phase!=Running', false],
    ['toString=', true],
  ];
  for (const [sel, want] of table) t.equal(parseFieldSelector(sel).matches(fields), want, sel);
});

t.test('everything, nothing, exact match, constructors', async (t) => {
  t.ok(FieldsSelector.everything().isEmpty());
  t.ok(FieldsSelector.everything().matches({ a: 'b' }));
  t.notOk(FieldsSelector.nothing().isEmpty());
  t.notOk(FieldsSelector.nothing().matches({}));
  t.equal(FieldsSelector.nothing().toString(), '');
  t.equal(FieldsSelector.nothing().transform(() => ['x', 'y']), FieldsSelector.nothing());
  const s = parseFieldSelector('metadata.name=web,metadata.namespace!=kube-system');
  t.equal(s.requiresExactMatch('metadata.name'), 'web');
  t.equal(s.requiresExactMatch('metadata.namespace'), undefined);
  t.equal(s.requiresExactMatch('other'), undefined);
  t.equal(FieldsSelector.oneTermEqual('a', 'x,y').toString(), 'a=x\\,y');
  t.equal(FieldsSelector.oneTermNotEqual('a', 'b').toString(), 'a!=b');
  t.equal(FieldsSelector.and(FieldsSelector.oneTermEqual('a', '1'), FieldsSelector.oneTermEqual('b', '2')).toString(), 'a=1,b=2');
  t.equal(FieldsSelector.and(FieldsSelector.oneTermEqual('a', '1'), FieldsSelector.nothing()), FieldsSelector.nothing());
  t.equal(fieldSelectorFromSet({ z: '1', a: '2' }).toString(), 'a=2,z=1');
  t.ok(fieldSelectorFromSet({}).isEmpty());
});

t.test('transform', async (t) => {
  const s = parseAndTransformFieldSelector('name=web,spec.host=n1,drop=me', (f, v) => {
    if (f === 'name') return ['metadata.name', v];
    if (f === 'spec.host') return ['spec.nodeName', v.toUpperCase()];
    return ['', ''];
  });
  t.equal(s.toString(), 'metadata.name=web,spec.nodeName=N1');
  const all = parseFieldSelector('a=1').transform(() => ['', '']);
  t.ok(all.isEmpty(), 'a term mapped to empty is dropped');
  t.throws(
    () =>
      parseAndTransformFieldSelector('bad.field=1', (f) => {
        throw newBadRequest(`field label not supported: ${f}`);
      }),
    { message: 'field label not supported: bad.field' },
  );
});

t.test('escaping', async (t) => {
  t.equal(escapeFieldValue('a\\b,c=d'), 'a\\\\b\\,c\\=d');
  t.equal(unescapeFieldValue('plain'), 'plain');
  fc.assert(
    fc.property(fc.string({ maxLength: 20 }), (v) => unescapeFieldValue(escapeFieldValue(v)) === v),
    { numRuns: 300, seed: 7 },
  );
  t.pass('escape/unescape round trip');
});

const fieldArb = fc.constantFrom('metadata.name', 'metadata.namespace', 'status.phase', 'spec.nodeName', 'x');
const valueArb = fc.oneof(fc.constantFrom('', 'web', 'a,b', 'a=b', 'a\\b', '=', ',', '\\'), fc.string({ maxLength: 6 }));
const termArb = fc.record({ field: fieldArb, op: fc.constantFrom('=', '==', '!='), value: valueArb });
const setArb = fc.dictionary(fieldArb, valueArb, { maxKeys: 5 });

t.test('property: field selector round trip and matching', async (t) => {
  fc.assert(
    fc.property(fc.array(termArb, { maxLength: 5 }), fc.array(setArb, { minLength: 1, maxLength: 4 }), (terms, sets) => {
      const text = terms.map((x) => `${x.field}${x.op}${escapeFieldValue(x.value)}`).join(',');
      const first = parseFieldSelector(text);
      const second = parseFieldSelector(first.toString());
      const third = parseFieldSelector(second.toString());
      if (third.toString() !== second.toString()) return false;
      if (!terms.some((x) => x.op === '==') && second.toString() !== first.toString()) return false;
      return sets.every((fields) => {
        const want = terms.every((x) => {
          const actual = Object.hasOwn(fields, x.field) ? fields[x.field] : '';
          return x.op === '!=' ? actual !== x.value : actual === x.value;
        });
        return first.matches(fields) === want && second.matches(fields) === want;
      });
    }),
    { numRuns: 300, seed: 99 },
  );
  t.pass('300 random field selectors round-trip and match like the reference model');
});
