/** Go's base64.StdEncoding.Decode as encoding/json runs it on a []byte field, with its error offsets. */
import t from 'tap';
import { ConfigMapSchema, SecretSchema } from '../../src/apis/core/v1/config.js';
import { canonicalBase64, goBase64Error } from '../../src/schema/go-base64.js';
import { decodeAsGo } from '../../src/schema/go-decode.js';
import { goNumberProblem } from '../../src/schema/go-numbers.js';
import { unstructuredConversionProblem } from '../../src/schema/unstructured-conversion.js';

t.test('what Go decodes', async (t) => {
  for (const text of ['', 'YQ==', 'YWI=', 'YWJj', 'YWJjZA==', 'YQ==\n', 'YW\nJj', 'Y\r\nW\nJj', 'YR==', '+/+/']) t.equal(goBase64Error(text), undefined, JSON.stringify(text));
});

t.test('where Go stops', async (t) => {
  const cases: [string, number][] = [
    ['not base64!', 3], // a space
    ['%%%', 0],
    ['YWJ', 0], // an unfinished group is refused at its start
    ['YWJjZA', 4],
    ['YQ=', 3], // one = where two are due: the end of the input
    ['YQ=x', 2], // not the second =
    ['Y===', 1], // = as the second character
    ['=AAA', 0],
    ['YQ==YQ==', 4], // text after the padding
    ['YQ==\nx', 5],
    ['ÿ', 0], // not ASCII: the offset counts bytes
    ['YWJjÿ', 4],
    ['YW-j', 2], // the URL alphabet is not the standard one
  ];
  for (const [text, at] of cases) t.equal(goBase64Error(text), `illegal base64 data at input byte ${at}`, JSON.stringify(text));
});

t.test('decoded text is written back as Go encodes the bytes', async (t) => {
  t.equal(canonicalBase64('YW\nJj'), 'YWJj');
  t.equal(canonicalBase64('YR=='), 'YQ==', 'trailing bits cleared');
  t.equal(canonicalBase64('nope!'), undefined);
  t.same(decodeAsGo(SecretSchema, { data: { a: 'YW\r\nJj', b: 'YR==' } }), { data: { a: 'YWJj', b: 'YQ==' } });
  t.same(decodeAsGo(SecretSchema, { data: { a: 'bad!' } }), { data: { a: 'bad!' } }, 'left for the decode check');
});

t.test('the decode check refuses text a []byte field cannot decode', async (t) => {
  t.equal(goNumberProblem(SecretSchema, { data: { ok: 'YQ==', a: 'not base64!' } }), 'illegal base64 data at input byte 3');
  t.equal(goNumberProblem(ConfigMapSchema, { binaryData: { a: '%%%' } }), 'illegal base64 data at input byte 0');
  t.equal(goNumberProblem(ConfigMapSchema, { data: { a: '%%%' } }), undefined, 'data holds text');
});

t.test('the unstructured converter wraps the base64 error', async (t) => {
  t.equal(unstructuredConversionProblem(SecretSchema, { data: { a: 'YQ==', b: '%%%' } }), 'error decoding from json: illegal base64 data at input byte 0');
  t.equal(unstructuredConversionProblem(SecretSchema, { data: { a: 'YQ==' } }), undefined);
});
