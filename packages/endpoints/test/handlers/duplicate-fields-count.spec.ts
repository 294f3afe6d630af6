/** The count that lets a JSON body skip the duplicate-field scan: never when the scan would find a duplicate. */
import t from 'tap';
import { duplicateFields, mayHaveDuplicateFields } from '../../src/handlers/field-validation.js';
import { startTestServer } from '../helpers/server.js';

const texts = [
  '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","labels":{"x":"y"}},"data":{"k":"v:w","u":"http://h:80/"}}',
  '{"metadata":{"name":"x","name":"y"}}',
  '{"a":{"b":1},"a":{"b":2,"c":3}}',
  '{"a":[{"k":1,"k":2}],"b":"::"}',
  '{"a":1,"a":2,"b":"\\u003a"}',
  '{"a":"x:y","b":{"c:d":[1,{"e":null}]}}',
  '{"a:":1,"a:":1}',
  '{"__proto__":{"x":1},"__proto__":{"y":2}}',
  '{"__proto__":{"x":1},"z":[]}',
  '{"a":"\\"","a":"\\\\"}',
  ' { "a" : 1 , "b" : { } } ',
  '{"s":"a\\"b:c"}',
  '{"d":{"k1":"v","k2":"v","k1":"w"},"e":[[],{}]}',
  '{"data":{"a.properties":"x=1\\ny:2\\n","b":"\\t\\u0041"}}',
  '{"data":{"a":"x\\n","a":"y\\n"}}',
  '{"a":1,"a":2,"b":"\\u003A"}',
];

t.test('mayHaveDuplicateFields is false only where duplicateFields finds nothing', async (t) => {
  let skipped = 0;
  for (const text of texts) {
    const duplicates = duplicateFields(text);
    const may = mayHaveDuplicateFields(text, JSON.parse(text));
    if (duplicates.length > 0) t.ok(may, `${text}: duplicates ${duplicates.join(', ')} are scanned for`);
    if (!may) skipped++;
  }
  t.equal(skipped, 6, 'the bodies without duplicates or an escaped colon skip the scan (other escapes do not count)');
  t.ok(mayHaveDuplicateFields('{"a":1,"a":2,"b":"\\u003a"}', { a: 2, b: ':' }), 'an escaped colon makes up for the lost member: scanned');
});

t.test('duplicate fields are still reported over HTTP, with and without escapes', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const base = '/api/v1/namespaces/default/configmaps';
  const headers = { 'Content-Type': 'application/json' };
  const escaped = await s.request('POST', `${base}?fieldValidation=Strict`, { body: '{"metadata":{"name":"e","name":"e"},"data":{"k":"\\u003a"}}', headers });
  t.equal(escaped.status, 400);
  t.match(escaped.json().message, 'strict decoding error: duplicate field "metadata.name"');
  const nested = await s.request('POST', base, { body: '{"metadata":{"name":"n"},"data":{"a":"1:2","b":"x","a":"3"}}', headers });
  t.equal(nested.status, 201);
  t.same(nested.headers.warning, '299 - "duplicate field \\"data.a\\""');
  const clean = await s.request('POST', base, { body: '{"metadata":{"name":"c"},"data":{"a":"1:2"}}', headers });
  t.equal(clean.status, 201);
  t.equal(clean.headers.warning, undefined, 'no warning for a body without duplicates');
});
