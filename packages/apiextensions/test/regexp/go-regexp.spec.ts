import t from 'tap';
import { withoutCaptureNames } from '../../src/regexp/capture-names.js';
import { compileGoRegexp, type GoRegexp, RegexpSyntaxError } from '../../src/regexp/go-regexp.js';
import { LRUCache } from '../../src/regexp/lru-cache.js';

function compiled(pattern: string): GoRegexp {
  const re = compileGoRegexp(pattern);
  if (re instanceof RegexpSyntaxError) throw new Error(`${pattern}: ${re.message}`);
  return re;
}
const errorOf = (pattern: string): string => {
  const re = compileGoRegexp(pattern);
  return re instanceof RegexpSyntaxError ? re.message : 'compiled';
};

t.test("matchString is Go's MatchString: unanchored, RE2 syntax", async (t) => {
  // [pattern, input, matches]
  const cases: [string, string, boolean][] = [
    ['b', 'abc', true],
    ['^b', 'abc', false],
    ['^[a-z]+$', 'abc', true],
    ['^[a-z]+$', 'ab1', false],
    ['\\pL', 'é', true],
    ['^\\p{Greek}+$', 'αβγ', true],
    ['^\\PL$', '1', true],
    ['(?i)^abc$', 'ABC', true],
    ['(?i)k', '\u212a', true], // Kelvin sign folds to k in Go
    ['^(?P<x>a)b$', 'ab', true],
    ['^(?<x>a)b$', 'ab', true],
    ['^\\Q.*\\E$', '.*', true],
    ['^\\Q.*\\E$', 'ab', false],
    ['a\\z', 'a\n', false],
    ['a$', 'a\nb', false],
    ['(?m)a$', 'a\nb', true],
    ['^[[:alpha:]]+$', 'abc', true],
    ['^.$', '\n', false],
    ['(?s)^.$', '\n', true],
    ['^(?U)a+$', 'aaa', true],
    ['\\x{1F600}', '😀', true],
  ];
  for (const [pattern, input, want] of cases) t.equal(compiled(pattern).matchString(input), want, `${pattern} on ${JSON.stringify(input)}`);
});

t.test("syntax errors: Go's refusals, in Go's words", async (t) => {
  // [pattern, Go's regexp.Compile error]
  const cases: [string, string][] = [
    ['(a', 'error parsing regexp: missing closing ): `(a`'],
    ['a)b', 'error parsing regexp: unexpected ): `a)b`'],
    ['+', 'error parsing regexp: missing argument to repetition operator: `+`'],
    ['a**', 'error parsing regexp: invalid nested repetition operator: `**`'],
    ['[z-a]', 'error parsing regexp: invalid character class range: `z-a`'],
    ['[a', 'error parsing regexp: missing closing ]: `[a`'],
    ['x{1001}', 'error parsing regexp: invalid repeat count: `{1001}`'],
    ['a\\', 'error parsing regexp: trailing backslash at end of expression: ``'],
    ['\\8', 'error parsing regexp: invalid escape sequence: `\\8`'],
    ['\\p{Foo}', 'error parsing regexp: invalid character class range: `\\p{Foo}`'],
    ['[[:foo:]]', 'error parsing regexp: invalid character class range: `[:foo:]`'],
    ['(?P<n!>a)', 'error parsing regexp: invalid named capture: `(?P<n!>`'],
    // JavaScript-only syntax that Go (RE2) refuses: lookaround, backreferences, \k<name>, \c, \u.
    ['(?=a)', 'error parsing regexp: invalid or unsupported Perl syntax: `(?=`'],
    ['(?!a)', 'error parsing regexp: invalid or unsupported Perl syntax: `(?!`'],
    ['(?<=a)b', 'error parsing regexp: invalid named capture: `(?<=a)b`'],
    ['(?<!a)b', 'error parsing regexp: invalid named capture: `(?<!a)b`'],
    ['(a)\\1', 'error parsing regexp: invalid escape sequence: `\\1`'],
    ['(?<n>a)\\k<n>', 'error parsing regexp: invalid escape sequence: `\\k`'],
    ['\\u0041', 'error parsing regexp: invalid escape sequence: `\\u`'],
  ];
  for (const [pattern, want] of cases) t.equal(errorOf(pattern), want, pattern);
  // Unicode classes RE2JS knows and Go 1.23 (Kubernetes 1.32) does not.
  for (const cls of ['\\p{Emoji}', '\\P{White_Space}', '\\p{^Alphabetic}', '\\p{Assigned}', '\\p{Cn}', '\\p{LC}', '\\p{Garay}']) {
    t.equal(errorOf(`a[${cls}]`), `error parsing regexp: invalid character class range: \`${cls}\``, cls);
  }
  t.equal(errorOf('\\Q\\p{Emoji}\\E\\p{Kawi}\\p{Greek}\\\\p{Emoji}'), 'compiled', 'quoted, escaped and Unicode 15 names are not refused');
  const deep = `${'('.repeat(1001)}a${')'.repeat(1001)}`;
  t.equal(errorOf(deep), `error parsing regexp: expression nests too deeply: \`${deep}\``, 'nesting: the whole expression');
  t.equal(errorOf(`${'('.repeat(999)}a${')'.repeat(999)}`), 'compiled', '999 levels compile');
  const large = `(${'a'.repeat(4000)}){1000}`;
  t.equal(errorOf(large), `error parsing regexp: expression too large: \`${large}\``, 'over 3.3 million instructions: the whole expression');
});

t.test('one name on several groups compiles, as in Go', async (t) => {
  const re = compiled('^(?P<x>a)|(?P<x>b)$');
  t.ok(re.matchString('b'));
  t.equal(re.findString('zb'), 'b');
  t.equal(withoutCaptureNames('(?P<a>x)(?<b>y)\\(?P<c>z)[(?P<d>]\\Q(?P<e>\\E[]](?P<f>)'), '(x)(y)\\(?P<c>z)[(?P<d>]\\Q(?P<e>\\E[]]()');
  t.equal(withoutCaptureNames('[[:alpha:](?P<g>](?P<h>.)'), '[[:alpha:](?P<g>](.)');
});

t.test('a catastrophic-backtracking pattern answers (linear time)', async (t) => {
  const re = compiled('^(a+)+$');
  t.equal(re.matchString(`${'a'.repeat(40)}!`), false);
  t.equal(re.matchString('a'.repeat(100_000)), true);
  t.equal(compiled('(x+x+)+y').matchString('x'.repeat(10_000)), false);
});

t.test("findString and findAllString are Go's FindString and FindAllString", async (t) => {
  const digits = compiled('[0-9]*');
  t.equal(digits.findString('abc 123'), '', 'the leftmost match is the empty one at 0');
  t.equal(compiled('[0-9]+').findString('abc 123'), '123');
  t.equal(compiled('xyz').findString('abc'), '');
  t.same(digits.findAllString('123 abc 456', -1), ['123', '', '', '', '', '456'], 'empty matches abutting a match are skipped');
  t.same(digits.findAllString('123 abc 456', 1), ['123']);
  t.same(digits.findAllString('123 abc 456', 0), []);
  t.same(compiled('x*').findAllString('axxb', -1), ['', 'xx', '']);
  t.same(compiled('a|ab').findAllString('abab', -1), ['a', 'a'], 'leftmost-first, not longest');
  t.same(compiled('xyz').findAllString('abc', -1), []);
});

t.test('runes, not UTF-16 code units', async (t) => {
  t.ok(compiled('^.$').matchString('😀'), '. matches an astral character whole');
  t.notOk(compiled('^..$').matchString('😀'));
  t.ok(compiled('^[^a]$').matchString('😀'));
  t.same(compiled('.').findAllString('a😀b', -1), ['a', '😀', 'b']);
  t.same(compiled('').findAllString('😀', -1), ['', ''], 'empty matches step over a whole rune');
  t.ok(compiled('^\\x{FFFD}$').matchString('\ud800'), 'a lone surrogate is U+FFFD, as Go decodes it from JSON');
});

t.test('compiled patterns are cached; the cache is bounded and drops the least recently used', async (t) => {
  t.equal(compileGoRegexp('^cached$'), compileGoRegexp('^cached$'));
  t.equal(compileGoRegexp('(bad'), compileGoRegexp('(bad'), 'errors too');
  const lru = new LRUCache<string, number>(2);
  lru.set('a', 1);
  lru.set('b', 2);
  t.equal(lru.get('a'), 1);
  lru.set('c', 3);
  t.equal(lru.size, 2);
  t.equal(lru.get('b'), undefined, 'b was the least recently used');
  t.same([lru.get('a'), lru.get('c')], [1, 3]);
  lru.set('a', 4);
  t.equal(lru.get('a'), 4);
  t.throws(() => new LRUCache(0), RangeError);

  const weighed = new LRUCache<string, number>(10, 5);
  weighed.set('a', 1, 2);
  weighed.set('b', 2, 2);
  weighed.set('c', 3, 2);
  t.same([weighed.get('a'), weighed.size, weighed.weight], [undefined, 2, 4], 'over the weight: the oldest goes');
  weighed.set('big', 4, 6);
  t.same([weighed.get('big'), weighed.size], [undefined, 2], 'an entry heavier than the bound is not kept');
  weighed.set('b', 5, 1);
  t.same([weighed.get('b'), weighed.weight], [5, 3], 'replacing an entry replaces its weight');
});

t.test('a huge program is compiled at every use, not cached; a pattern keeps little between matches', async (t) => {
  const huge = `(${'x'.repeat(501)}){1000}`; // 501,002 instructions: within Go's limit, over REGEXP_CACHE_INSTRUCTIONS
  t.not(compileGoRegexp(huge), compileGoRegexp(huge), 'not cached');
  const dfaHeavy = compiled('(a|b)*a(a|b){14}[abc]$');
  let s = '';
  for (let i = 0; i < 50_000; i++) s += (i * 7919) % 13 < 6 ? 'a' : 'b';
  t.equal(dfaHeavy.matchString(s), s.at(-16) === 'a');
  t.same(dfaHeavy.findAllString(s.slice(0, 40), -1).length <= 1, true);
});
