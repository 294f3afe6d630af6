import t from 'tap';
import { hasInexactNumbers, inexactNumberTokens, isInexactToken } from '../../src/schema/number-tokens.js';

t.test('exact tokens: integers of up to 15 digits', async (t) => {
  for (const token of ['0', '-1', '123456789012345', '-123456789012345']) t.notOk(isInexactToken(token), token);
  for (const token of ['1.0', '1e2', '1E2', '-0.5', '1234567890123456', '9007199254740993']) t.ok(isInexactToken(token), token);
});

t.test('the fast scan skips strings, escapes included', async (t) => {
  t.notOk(hasInexactNumbers('{"a":"1.5e30 \\" 1.0","b":[1,-2,{"c":3}],"d":true,"e":null}'));
  t.ok(hasInexactNumbers('{"a":"\\\\","b":1.5}'), 'an escaped backslash ends before the quote');
  t.notOk(hasInexactNumbers('{"a":"\\"1.5"}'), 'an escaped quote does not end the string');
  t.ok(hasInexactNumbers('[9007199254740993]'));
});

t.test('tokens come with their paths, duplicates and integer-like keys in text order', async (t) => {
  const text = '{"metadata":{"generation":1e30,"generation":2,"labels":{"1.5":"2.5"}},"spec":{"ports":[{"port":1},{"port":80.0}]},"x":[[1.5]],"1":2.5}';
  t.same(inexactNumberTokens(text), [
    { path: ['metadata', 'generation'], token: '1e30' },
    { path: ['spec', 'ports', 1, 'port'], token: '80.0' },
    { path: ['x', 0, 0], token: '1.5' },
    { path: ['1'], token: '2.5' },
  ]);
  t.same(inexactNumberTokens('{ "a" : { "b" : [ 1 , 2.5 ] } , "c" : 1e1 }'), [
    { path: ['a', 'b', 1], token: '2.5' },
    { path: ['c'], token: '1e1' },
  ], 'whitespace');
});
