/**
 * Go's encoding/json syntax errors (its scanner's `checkValid`, read in encoding/json/scanner.go): the first error
 * of a rejected text with Go's words, as the server answers it for a request body that is not JSON.
 */
import fc from 'fast-check';
import t from 'tap';
import { goJSONSyntaxError, goQuoteChar } from '../../src/serializer/go-json-syntax.js';
import { goQuote } from '../../src/serializer/go-syntax.js';
import { parseJSON, parseJSONLimited } from '../../src/serializer/nesting-depth.js';
import { parseJSONObject } from '../../src/serializer/json.js';

t.test("Go's message for each state of the scanner", (t) => {
  const cases: [string, string][] = [
    ['', 'unexpected end of JSON input'],
    [' \n', 'unexpected end of JSON input'],
    ['{', 'unexpected end of JSON input'],
    ['[', 'unexpected end of JSON input'],
    ['"abc', 'unexpected end of JSON input'],
    ['{"a":1', 'unexpected end of JSON input'],
    ['xyz', "invalid character 'x' looking for beginning of value"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['{1:2}', "invalid character '1' looking for beginning of object key string"],
    ['{"a":}', "invalid character '}' looking for beginning of value"],
    ['[1,]', "invalid character ']' looking for beginning of value"],
    ['[1 2]', "invalid character '2' after array element"],
    ['[1}', "invalid character '}' after array element"],
    ['{"a":1} x', "invalid character 'x' after top-level value"],
    ['{"a":"b"}}', "invalid character '}' after top-level value"],
    ['01', "invalid character '1' after top-level value"],
    ['-', "invalid character ' ' in numeric literal"],
    ['-a', "invalid character 'a' in numeric literal"],
    ['1.', "invalid character ' ' after decimal point in numeric literal"],
    ['1.x', "invalid character 'x' after decimal point in numeric literal"],
    ['1e', "invalid character ' ' in exponent of numeric literal"],
    ['1e+}', "invalid character '}' in exponent of numeric literal"],
    ['tru', "invalid character ' ' in literal true (expecting 'e')"],
    ['trux', "invalid character 'x' in literal true (expecting 'e')"],
    ['fals', "invalid character ' ' in literal false (expecting 'e')"],
    ['fxlse', "invalid character 'x' in literal false (expecting 'a')"],
    ['nul', "invalid character ' ' in literal null (expecting 'l')"],
    ['"a\tb"', "invalid character '\\t' in string literal"],
    ['"a\u0001b"', "invalid character '\\x01' in string literal"],
    ['"\\x"', "invalid character 'x' in string escape code"],
    ['"\\u12G4"', "invalid character 'G' in \\u hexadecimal character escape"],
    ['\u00e9', "invalid character 'Ã' looking for beginning of value"],
    ['[{"a":[1,{"b":null}]},]', "invalid character ']' looking for beginning of value"],
  ];
  for (const [text, want] of cases) t.equal(goJSONSyntaxError(text), want, JSON.stringify(text));
  for (const valid of ['{}', '[]', ' {"a":[1,-0.5e+3,true,false,null,"\\u00e9\\n"]}\n', '0', '"x"', '{"a":{}}']) {
    t.equal(goJSONSyntaxError(valid), undefined, `${JSON.stringify(valid)} is valid`);
  }
  t.end();
});

t.test('bytes: a character is named by its first byte, unprintable ones escaped', (t) => {
  t.equal(goJSONSyntaxError(Uint8Array.of(0x80)), "invalid character '\\u0080' looking for beginning of value");
  t.equal(goJSONSyntaxError(Uint8Array.of(0x7b, 0xa0)), "invalid character '\\u00a0' looking for beginning of object key string");
  t.equal(goQuote('a\u0085\u00a0\u00adé'), '"a\\u0085\\u00a0\\u00adé"', 'strconv.Quote escapes what Go does not print');
  t.same([0x27, 0x22, 0x5c, 0x0a, 0x7f, 0xad, 0xff, 0x41].map(goQuoteChar), ["'\\''", `'"'`, "'\\\\'", "'\\n'", "'\\x7f'", "'\\u00ad'", "'ÿ'", "'A'"]);
  t.end();
});

t.test('nesting beyond Go’s 10 000 levels', (t) => {
  t.equal(goJSONSyntaxError('['.repeat(10_001)), "invalid character '[' exceeded max depth");
  t.equal(goJSONSyntaxError('['.repeat(10_000)), 'unexpected end of JSON input');
  t.end();
});

t.test('property: the scanner rejects exactly what JSON.parse rejects', (t) => {
  const accepted = (s: string): boolean => {
    try {
      JSON.parse(s);
      return true;
    } catch {
      return false;
    }
  };
  const text = fc.oneof(
    fc.json(),
    fc.json().map((s) => s.slice(0, Math.max(0, s.length - 1))),
    fc.tuple(fc.json(), fc.nat(), fc.constantFrom('}', ']', ',', ':', '"', 'x', ' ', '\\', '-', '.', 'e')).map(([s, at, c]) => s.slice(0, at % (s.length + 1)) + c + s.slice(at % (s.length + 1))),
    fc.string(),
  );
  fc.assert(fc.property(text, (s) => (goJSONSyntaxError(s) === undefined) === accepted(s)), { numRuns: 2000 });
  t.pass('2000 texts');
  t.end();
});

t.test('parsing answers with Go’s message', (t) => {
  t.throws(() => parseJSON('{"a" 1}'), { name: 'SyntaxError', message: "invalid character '1' after object key" });
  t.throws(() => parseJSONLimited('[1,]'), { name: 'SyntaxError', message: "invalid character ']' looking for beginning of value" });
  t.throws(() => parseJSONObject('{'), { name: 'DecodeError', message: "couldn't get version/kind; json parse error: unexpected end of JSON input" });
  t.same(parseJSON('{"a":[1]}'), { a: [1] });
  t.end();
});
