/**
 * A body whose apiVersion or kind is not a string is refused as upstream's serializers refuse it in
 * `SimpleMetaFactory.Interpret` (encoding/json into a struct of two strings): Go's UnmarshalTypeError text, after
 * `couldn't get version/kind; json parse error: `.
 */
import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { interpretKindFields } from '../../src/serializer/interpret-kind.js';

const codecs = new CodecFactory(newBuiltinScheme());
const PREFIX = "couldn't get version/kind; json parse error: ";
const json = (text: string) => Buffer.from(text);

t.test('each JSON value that is not a string, named as encoding/json names it', async (t) => {
  const cases: [string, string][] = [
    ['{"kind":1,"apiVersion":"v1"}', 'json: cannot unmarshal number into Go struct field .kind of type string'],
    ['{"kind":-1.5e3}', 'json: cannot unmarshal number into Go struct field .kind of type string'],
    ['{"apiVersion":true,"kind":"ConfigMap"}', 'json: cannot unmarshal bool into Go struct field .apiVersion of type string'],
    ['{"apiVersion":"v1","kind":["ConfigMap"]}', 'json: cannot unmarshal array into Go struct field .kind of type string'],
    ['{"apiVersion":"v1","kind":{"name":"x"}}', 'json: cannot unmarshal object into Go struct field .kind of type string'],
  ];
  for (const [body, message] of cases) {
    t.throws(() => codecs.json.decode(json(body)), { name: 'DecodeError', message: `${PREFIX}${message}` }, body);
  }
});

t.test('the first bad field in document order is named (Go saves the first type error)', async (t) => {
  t.throws(() => codecs.json.decode(json('{"apiVersion":1,"kind":2}')), { message: /\.apiVersion of type string$/ });
  t.throws(() => codecs.json.decode(json('{"kind":2,"apiVersion":1}')), { message: /\.kind of type string$/ });
});

t.test('keys match the fields in any case, as encoding/json matches them', async (t) => {
  t.throws(() => codecs.json.decode(json('{"KIND":1}')), { message: `${PREFIX}json: cannot unmarshal number into Go struct field .kind of type string` });
  t.throws(() => codecs.json.decode(json('{"ApiVersion":false}')), { message: /\.apiVersion of type string$/ });
  t.throws(() => codecs.json.decode(json('{"apiVerſion":[]}')), { message: /cannot unmarshal array into Go struct field \.apiVersion/ }, 'long s folds to s');
  t.throws(() => codecs.json.decode(json('{"\u212aind":{}}')), { message: /cannot unmarshal object into Go struct field \.kind/ }, 'the Kelvin sign folds to k');
});

t.test('strings, null and other fields pass', async (t) => {
  t.same(codecs.json.decode(json('{"apiVersion":null,"kind":"ConfigMap","data":{"kind":1}}')), { apiVersion: null, kind: 'ConfigMap', data: { kind: 1 } });
  t.same(codecs.json.decode(json('{"kinds":1,"apiVersions":2,"Kind":"x"}')), { kinds: 1, apiVersions: 2, Kind: 'x' });
  t.doesNotThrow(() => interpretKindFields({ kind: 'ConfigMap', apiVersion: 'v1', metadata: {} }));
});

t.test('YAML bodies are refused the same way, after their conversion to JSON', async (t) => {
  t.throws(() => codecs.yaml.decode(json('apiVersion: v1\nkind: 1\n')), { name: 'DecodeError', message: `${PREFIX}json: cannot unmarshal number into Go struct field .kind of type string` });
  t.throws(() => codecs.yaml.decode(json('apiVersion: [v1]\nkind: ConfigMap\n')), { message: /cannot unmarshal array into Go struct field \.apiVersion/ });
  t.same(codecs.yaml.decode(json('apiVersion: v1\nkind: ConfigMap\n')), { apiVersion: 'v1', kind: 'ConfigMap' });
});
