/** The nesting limit of decoded request data: text scan (strings skipped), Go's message, and decoded values. */
import t from 'tap';
import { goJSONSyntaxError, MAX_NESTING_DEPTH, nestsDeeperThan, parseJSONLimited, tooDeepAt } from '../../src/index.js';

const deep = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;

t.test('tooDeepAt finds the first bracket past the limit, ignoring brackets in strings', async (t) => {
  t.equal(tooDeepAt(deep(3), 3), -1);
  t.equal(tooDeepAt(deep(4), 3), 3);
  t.equal(tooDeepAt('{"a":"[[[[[[\\"[[[["}', 2), -1, 'brackets and escaped quotes inside strings do not count');
  t.equal(tooDeepAt('[[],[],[[]]]', 2), 8, 'siblings do not add up');
});

t.test('parseJSONLimited parses within the limit and throws Go\'s SyntaxError past it', async (t) => {
  t.same(parseJSONLimited('{"a":[1]}'), { a: [1] });
  t.throws(() => parseJSONLimited(deep(MAX_NESTING_DEPTH + 1)), { name: 'SyntaxError', message: "invalid character '[' exceeded max depth" });
  t.doesNotThrow(() => parseJSONLimited(deep(MAX_NESTING_DEPTH)));
  t.throws(() => parseJSONLimited('{'), SyntaxError, 'still rejects bad JSON');
});

t.test('nestsDeeperThan walks any depth without recursion', async (t) => {
  let v: unknown = 1;
  for (let i = 0; i < 100_000; i++) v = { a: v };
  t.ok(nestsDeeperThan(v));
  t.notOk(nestsDeeperThan({ a: [{ b: 1 }] }, 3));
  t.ok(nestsDeeperThan({ a: [{ b: {} }] }, 3));
  t.notOk(nestsDeeperThan('x', 0));
});

t.test('parseJSONLimited gives tooDeepAt\'s verdict whether or not the text has more openings than the limit', async (t) => {
  const texts = [
    deep(3),
    deep(4),
    '{"a":[{"b":[1]}]}',
    '{"a":"[[[[[[[[","b":[[1]]}',
    '[[],[],[],[],[]]',
    '{"a":[[[[1]]]], "b":"{{{{"}',
    '[[[[',
    '{"a":"{[{["}',
  ];
  for (const max of [0, 1, 2, 3, 4]) {
    for (const text of texts) {
      const at = tooDeepAt(text, max);
      let got: unknown;
      try {
        got = parseJSONLimited(text, max);
      } catch (err) {
        got = (err as Error).message;
      }
      // An invalid text that is not too deep: Go's message for it.
      const want = at >= 0 ? `invalid character '${text.charAt(at)}' exceeded max depth` : (goJSONSyntaxError(text) ?? JSON.parse(text));
      t.same(got, want, `${text} at most ${max} deep`);
    }
  }
});
