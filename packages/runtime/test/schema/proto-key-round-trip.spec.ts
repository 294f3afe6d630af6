import t from 'tap';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { decodeAsGo } from '../../src/schema/go-decode.js';
import { JSONSerializer } from '../../src/serializer/json.js';
import { ProtobufSerializer } from '../../src/serializer/protobuf/serializer.js';
import { YAMLSerializer } from '../../src/serializer/yaml.js';

const scheme = newBuiltinScheme();
const body = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":{"__proto__":"x","b":null}}';
const decoded = (): Record<string, unknown> => decodeAsGo(ConfigMapSchema, JSON.parse(body)) as Record<string, unknown>;
const dataOf = (obj: unknown): unknown => Object.getOwnPropertyDescriptor(Reflect.get(obj as object, 'data'), '__proto__')?.value;

t.test('a __proto__ data key round-trips through JSON, compact and pretty (pretty output lost it)', async (t) => {
  const json = new JSONSerializer(scheme);
  const compact = new TextDecoder().decode(json.encode(decoded()));
  t.equal(compact, '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"a","creationTimestamp":null},"data":{"__proto__":"x","b":""}}\n');
  t.match(json.encodeToString(decoded(), { pretty: true }), /"__proto__": "x"/);
  t.equal(dataOf(json.decode(new TextEncoder().encode(compact))), 'x');
});

t.test('a __proto__ data key round-trips through protobuf and YAML', async (t) => {
  const pb = new ProtobufSerializer(scheme);
  t.equal(dataOf(pb.decode(pb.encode(decoded()))), 'x');
  const yaml = new YAMLSerializer(scheme);
  const text = yaml.encodeToString(decoded());
  t.match(text, /__proto__: x/);
  t.equal(dataOf(yaml.decode(new TextEncoder().encode(text))), 'x');
});
