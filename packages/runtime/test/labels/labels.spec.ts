import fc from 'fast-check';
import t from 'tap';
import { badRequest } from '../helpers/bad-request.js';
import { compareCodePoints } from '../../src/labels/byte-order.js';
import { labelSelectorAsSelector } from '../../src/labels/label-selector-spec.js';
import { Lexer } from '../../src/labels/lexer.js';
import { newRequirement, Requirement } from '../../src/labels/requirement.js';
import {
  LabelsSelector,
  labelSelectorFromSet,
  parseLabelSelector,
  validatedLabelSelectorFromSet,
} from '../../src/labels/selector.js';
import type { SetMatcher } from '../../src/labels/set-matcher.js';

const QNAME_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

t.test('valid selectors: canonical text', async (t) => {
  const table: [string, string][] = [
    ['', ''],
    ['   ', ''],
    ['x=a', 'x=a'],
    ['x==a', 'x==a'],
    ['x!=a', 'x!=a'],
    ['x=', 'x='],
    ['x=,z= ', 'x=,z='],
    ['x', 'x'],
    ['!x', '!x'],
    [' ! x ', '!x'],
    ['x>1', 'x>1'],
    ['x<0', 'x<0'],
    ['x in (b,a)', 'x in (a,b)'],
    ['x in (a,a,b)', 'x in (a,b)'],
    ['x notin (b, a)', 'x notin (a,b)'],
    ['x in ()', 'x in ()'],
    ['x in (,)', 'x in ()'],
    ['x in (a,)', 'x in (,a)'],
    ['x in (,a)', 'x in (,a)'],
    ['x in (a,,b)', 'x in (,a,b)'],
    ['x in (in)', 'x in (in)'],
    ['x notin (notin,in)', 'x notin (in,notin)'],
    ['z=a,y!=b,x', 'x,y!=b,z=a'],
    ['x=a,x!=b', 'x=a,x!=b'],
    ['example.com/app=web, tier in (fe,be)', 'example.com/app=web,tier in (be,fe)'],
    ['a=b\t,\nc=d', 'a=b,c=d'],
  ];
  for (const [input, want] of table) {
    const s = parseLabelSelector(input);
    t.equal(s.toString(), want, JSON.stringify(input));
    t.equal(parseLabelSelector(s.toString()).toString(), want, `${JSON.stringify(input)} round trip`);
  }
  t.ok(parseLabelSelector('').isEmpty());
  t.notOk(parseLabelSelector('a').isEmpty());
});

t.test('invalid selectors: Kubernetes messages, BadRequest', async (t) => {
  const table: [string, string][] = [
    ['x=a||y=b', `unable to parse requirement: values[0][x]: Invalid value: "a||y": ${VALUE_MSG}`],
    ['x<-1', `unable to parse requirement: values[0][x]: Invalid value: "-1": ${VALUE_MSG}`],
    ['x in (a', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['x in a', "unable to parse requirement: found 'a' expected: '('"],
    ['x in (a b)', "unable to parse requirement: found 'b', expected: ',' or ')'"],
    ['x in (=)', "unable to parse requirement: found '=', expected: ',', ')' or identifier"],
    ['x in (a,=)', "unable to parse requirement: found '=', expected: ',', or identifier"],
    ['x in (,', "unable to parse requirement: found '', expected: ',', or identifier"],
    ['x in (,,)', "unable to parse requirement: found ')', expected: ',', or identifier"],
    ['x (a)', "unable to parse requirement: found '(', expected: in, notin, =, ==, !=, gt, lt"],
    ['x=(', "unable to parse requirement: found '(', expected: identifier"],
    ['=a', "found '=', expected: !, identifier, or 'end of string'"],
    ['x=a,', "found '', expected: identifier after ','"],
    ['x=a,,y', "found ',', expected: identifier after ','"],
    ['x=a y', "found 'y', expected: ',' or 'end of string'"],
    ['!x=a', "found '=', expected: ',' or 'end of string'"],
    ['!=a', "found '!=', expected: !, identifier, or 'end of string'"],
    ['!!x', "unable to parse requirement: found '!', expected: identifier"],
    ['a b', "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"],
    ['a$b=c', `unable to parse requirement: <nil>: Invalid value: "a$b": ${QNAME_MSG}`],
    ['x=a$', `unable to parse requirement: values[0][x]: Invalid value: "a$": ${VALUE_MSG}`],
    ['x>a', `unable to parse requirement: values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['x>+5', `unable to parse requirement: values[0][x]: Invalid value: "+5": ${VALUE_MSG}`],
    ['x>99999999999999999999', `unable to parse requirement: values[0]: Invalid value: "99999999999999999999": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['x<', `unable to parse requirement: values[0]: Invalid value: "": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['x in (a$,b)', `unable to parse requirement: values[0][x]: Invalid value: "a$": ${VALUE_MSG}`],
    ['x in (a$,b$)', `unable to parse requirement: [values[0][x]: Invalid value: "a$": ${VALUE_MSG}, values[1][x]: Invalid value: "b$": ${VALUE_MSG}]`],
  ];
  for (const [input, message] of table) badRequest(t, () => parseLabelSelector(input), message);
});

t.test('lexer', async (t) => {
  const lex = (s: string): string[] => {
    const l = new Lexer(s);
    const out: string[] = [];
    for (let i = 0; i < 50; i++) {
      const item = l.lex();
      out.push(`${item.tok}:${item.literal}`);
      if (item.tok === 'eos') break;
    }
    return out;
  };
  t.same(lex('a==b'), ['identifier:a', '==:==', 'identifier:b', 'eos:']);
  t.same(lex('a!=b'), ['identifier:a', '!=:!=', 'identifier:b', 'eos:']);
  t.same(lex('a===b'), ['identifier:a', '==:==', '=:=', 'identifier:b', 'eos:']);
  t.same(lex('x notin(y)'), ['identifier:x', 'notin:notin', '(:(', 'identifier:y', '):)', 'eos:']);
  t.same(lex('a\0b'), ['identifier:a', 'identifier:b', 'eos:'], 'NUL separates, as in Go');
  t.same(lex('!('), ['!:!', '(:(', 'eos:']);
});

t.test('matching', async (t) => {
  const labels = { app: 'web', tier: 'fe', n: '10', bad: 'x' };
  const table: [string, boolean][] = [
    ['', true],
    ['app=web', true],
    ['app==web', true],
    ['app=db', false],
    ['app!=db', true],
    ['app!=web', false],
    ['missing!=x', true],
    ['missing=', false],
    ['app', true],
    ['missing', false],
    ['!missing', true],
    ['!app', false],
    ['app in (db,web)', true],
    ['app in (db)', false],
    ['missing in (a)', false],
    ['app notin (db)', true],
    ['app notin (web)', false],
    ['missing notin (a)', true],
    ['n>9', true],
    ['n>10', false],
    ['n<11', true],
    ['n<10', false],
    ['n>0', true],
    ['missing>1', false],
    ['bad>1', false],
    ['bad<1', false],
    ['app=web,tier=fe', true],
    ['app=web,tier=be', false],
  ];
  for (const [sel, want] of table) t.equal(parseLabelSelector(sel).matches(labels), want, sel);
  t.notOk(parseLabelSelector('toString').matches({}), 'no prototype leakage');
  t.ok(parseLabelSelector('!constructor').matches({}), 'no prototype leakage');
});

t.test('everything, nothing, add, requirements, exact match', async (t) => {
  const every = LabelsSelector.everything();
  const none = LabelsSelector.nothing();
  t.ok(every.matches({ a: 'b' }));
  t.ok(every.isEmpty());
  t.equal(every.toString(), '');
  t.notOk(none.matches({}));
  t.notOk(none.isEmpty());
  t.equal(none.toString(), '');
  t.equal(none.requirements(), undefined);
  t.equal(none.add(newRequirement('a', 'exists')), none);
  const s = every.add(newRequirement('b', '=', ['1']), newRequirement('a', 'in', ['x']));
  t.equal(s.toString(), 'a in (x),b=1');
  t.same(s.requirements()?.map((r) => r.key), ['a', 'b']);
  t.equal(every.toString(), '', 'add does not mutate');
  const sel = parseLabelSelector('a=1,b in (2),c in (3,4),d!=5,e');
  t.equal(sel.requiresExactMatch('a'), '1');
  t.equal(sel.requiresExactMatch('b'), '2');
  t.equal(sel.requiresExactMatch('c'), undefined);
  t.equal(sel.requiresExactMatch('d'), undefined);
  t.equal(sel.requiresExactMatch('e'), undefined);
  t.equal(sel.requiresExactMatch('z'), undefined);
  t.equal(parseLabelSelector('a==1').requiresExactMatch('a'), '1');
  const matcher: SetMatcher = sel;
  t.equal(typeof matcher.matches, 'function');
});

t.test('newRequirement validation', async (t) => {
  badRequest(t, () => newRequirement('a', 'in', []), `values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty`);
  badRequest(t, () => newRequirement('a', '=', ['1', '2']), 'values: Invalid value: ["1","2"]: exact-match compatibility requires one single value');
  badRequest(t, () => newRequirement('a', 'exists', ['1']), 'values: Invalid value: ["1"]: values set must be empty for exists and does not exist');
  badRequest(t, () => newRequirement('a', 'gt', ['1', '2']), `values: Invalid value: ["1","2"]: for 'Gt', 'Lt' operators, exactly one value is required`);
  badRequest(t, () => newRequirement('a', 'like', ['1']), 'operator: Unsupported value: "like": supported values: "in", "notin", "=", "==", "!=", "gt", "lt", "exists", "!"');
  badRequest(t, () => newRequirement('a b', 'exists'), `key: Invalid value: "a b": ${QNAME_MSG}`);
  const r = newRequirement('k', 'notin', ['b', 'a']);
  t.same(r.values, ['b', 'a'], 'values kept as given');
  t.equal(r.toString(), 'k notin (a,b)', 'sorted on output');
  t.ok(new Requirement('k', 'gt', ['x']).matches({ k: '1' }) === false, 'unparseable bound never matches');
  t.notOk(new Requirement('k', 'lt', ['1', '2']).matches({ k: '0' }), 'gt/lt need exactly one value');
});

t.test('selectors from sets', async (t) => {
  t.equal(labelSelectorFromSet({ b: '2', a: '1' }).toString(), 'a=1,b=2');
  t.ok(labelSelectorFromSet({}).isEmpty());
  t.equal(labelSelectorFromSet({ 'a b': 'x' }).toString(), 'a b=x', 'not validated');
  badRequest(t, () => validatedLabelSelectorFromSet({ 'a b': 'x' }), `key: Invalid value: "a b": ${QNAME_MSG}`);
  t.equal(validatedLabelSelectorFromSet({ a: '1' }).toString(), 'a=1');
});

t.test('LabelSelector objects', async (t) => {
  t.equal(labelSelectorAsSelector(null), LabelsSelector.nothing());
  t.equal(labelSelectorAsSelector(undefined), LabelsSelector.nothing());
  t.ok(labelSelectorAsSelector({}).isEmpty());
  t.ok(labelSelectorAsSelector({ matchLabels: null, matchExpressions: [] }).isEmpty());
  const s = labelSelectorAsSelector({
    matchLabels: { tier: 'fe', app: 'web' },
    matchExpressions: [
      { key: 'env', operator: 'In', values: ['prod', 'dev'] },
      { key: 'zone', operator: 'NotIn', values: ['b'] },
      { key: 'gpu', operator: 'Exists' },
      { key: 'legacy', operator: 'DoesNotExist', values: null },
    ],
  });
  t.equal(s.toString(), 'app=web,env in (dev,prod),gpu,!legacy,tier=fe,zone notin (b)');
  t.ok(s.matches({ app: 'web', tier: 'fe', env: 'prod', gpu: '1', zone: 'a' }));
  t.notOk(s.matches({ app: 'web', tier: 'fe', env: 'prod', gpu: '1', legacy: 'y' }));
  badRequest(t, () => labelSelectorAsSelector({ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] }), '"Gt" is not a valid label selector operator');
  badRequest(t, () => labelSelectorAsSelector({ matchExpressions: [{ key: 'a', operator: 'In' }] }), `values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty`);
  badRequest(t, () => labelSelectorAsSelector({ matchExpressions: [{ key: 'a', operator: 'toString' }] }), '"toString" is not a valid label selector operator');
});

// ---- property-based: parse → toString → parse, and matching equivalence ----
// (values within one set are unique: upstream itself rejects `(,,)`, see the table above)

type Op = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';
interface Req {
  readonly key: string;
  readonly op: Op;
  readonly values: readonly string[];
}

const KEYS = ['app', 'tier', 'example.com/role', 'a.b-c_d', 'in', 'n'];
const VALUES = ['', 'web', 'db', 'in', 'notin', '7', '12', 'A_b.c-1'];
const keyArb = fc.constantFrom(...KEYS);
const valueArb = fc.constantFrom(...VALUES);
const reqArb: fc.Arbitrary<Req> = fc.oneof(
  fc.record({ key: keyArb, op: fc.constantFrom<Op>('=', '==', '!='), values: fc.tuple(valueArb) }),
  fc.record({ key: keyArb, op: fc.constantFrom<Op>('in', 'notin'), values: fc.uniqueArray(valueArb, { minLength: 1, maxLength: 4 }) }),
  fc.record({ key: keyArb, op: fc.constantFrom<Op>('exists', '!'), values: fc.constant([]) }),
  fc.record({ key: keyArb, op: fc.constantFrom<Op>('gt', 'lt'), values: fc.tuple(fc.nat({ max: 20 }).map(String)) }),
);

function render(r: Req, sp: string): string {
  switch (r.op) {
    case 'exists':
      return r.key;
    case '!':
      return `!${sp}${r.key}`;
    case 'in':
    case 'notin':
      return `${r.key} ${r.op}${sp}(${r.values.join(`${sp},${sp}`)})`;
    case 'gt':
      return `${r.key}${sp}>${sp}${r.values[0]}`;
    case 'lt':
      return `${r.key}${sp}<${sp}${r.values[0]}`;
    default:
      return `${r.key}${sp}${r.op}${sp}${r.values[0]}`;
  }
}

/** An independent reference semantics of one requirement. */
function model(r: Req, labels: Record<string, string>): boolean {
  const has = Object.hasOwn(labels, r.key);
  const v = labels[r.key];
  const set = new Set(r.values);
  switch (r.op) {
    case '=':
    case '==':
    case 'in':
      return has && set.has(v ?? '');
    case '!=':
    case 'notin':
      return !has || !set.has(v ?? '');
    case 'exists':
      return has;
    case '!':
      return !has;
    default: {
      if (!has || !/^\d+$/.test(v ?? '')) return false;
      const a = Number(v);
      const b = Number(r.values[0]);
      return r.op === 'gt' ? a > b : a < b;
    }
  }
}

const labelsArb = fc.dictionary(keyArb, valueArb, { maxKeys: 6 });

t.test('property: label selector round trip and matching', async (t) => {
  fc.assert(
    fc.property(fc.array(reqArb, { maxLength: 5 }), fc.constantFrom('', ' ', '  '), fc.array(labelsArb, { minLength: 1, maxLength: 5 }), (reqs, sp, sets) => {
      const text = reqs.map((r) => render(r, sp)).join(`${sp},${sp}`);
      const first = parseLabelSelector(text);
      const canonical = first.toString();
      const second = parseLabelSelector(canonical);
      if (second.toString() !== canonical) return false;
      if (first.isEmpty() !== (reqs.length === 0)) return false;
      return sets.every((labels) => {
        const want = reqs.every((r) => model(r, labels));
        return first.matches(labels) === want && second.matches(labels) === want;
      });
    }),
    { numRuns: 300, seed: 4242 },
  );
  t.pass('300 random selectors round-trip and match like the reference model');
});

t.test('Go string order (code points) for sorting', async (t) => {
  t.ok(compareCodePoints('\u{10000}', '\uffff') > 0, 'astral after U+FFFF, unlike UTF-16 order');
  t.ok(compareCodePoints('\uffff', '\u{10000}') < 0);
  t.ok(compareCodePoints('a', 'b') < 0);
  t.ok(compareCodePoints('ab', 'a') > 0);
  t.equal(compareCodePoints('x', 'x'), 0);
});
