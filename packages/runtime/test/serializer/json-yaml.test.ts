import fc from 'fast-check';
import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { DecodeError } from '../../src/runtime/scheme-errors.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { goJSONValue, goZeroValue } from '../../src/serializer/go-json.js';
import { escapeGoJSON } from '../../src/serializer/json.js';
import { makeStatus } from '../../src/errors/status.js';
import { duplicateFieldMessages, findDuplicateFields } from '../../src/serializer/json-duplicates.js';
import {
  encodeJSONWatchEvent,
  encodeProtobufWatchEvent,
  jsonWatchFrameReader,
  protobufWatchFrameReader,
} from '../../src/serializer/watch-framing.js';
import { StatusSchema } from '../../src/apis/meta/v1/status.js';
import { TableSchema } from '../../src/apis/meta/v1/table.js';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { QuantitySchema, IntOrStringSchema, TimeSchema, bytesSchema } from '../../src/schema/special-types.js';
import { builtinObject } from '../helpers/arbitraries.js';

const scheme = newBuiltinScheme();
const codecs = new CodecFactory(scheme);
const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

t.test('JSON is written in Go struct order with omitempty rules', async (t) => {
  const ns = { status: {}, spec: {}, metadata: { labels: { b: '2', a: '1' }, name: 'x', namespace: '' }, apiVersion: 'v1', kind: 'Namespace' };
  t.equal(
    text(codecs.json.encode(ns)),
    '{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"x","creationTimestamp":null,"labels":{"a":"1","b":"2"}},"spec":{},"status":{}}\n',
  );
  t.equal(
    text(codecs.json.encode({ kind: 'Status', apiVersion: 'v1', code: 404, status: 'Failure' })),
    '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","code":404}\n',
  );
  t.equal(
    codecs.json.encodeToString({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', columnDefinitions: [{ name: 'Name', type: 'string' }] }),
    '{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{},"columnDefinitions":[{"name":"Name","type":"string","format":"","description":"","priority":0}],"rows":null}\n',
  );
  t.equal(codecs.json.encodeToString({ kind: 'Unknown', apiVersion: 'x/v1', z: 1, a: '<&>' }), '{"kind":"Unknown","apiVersion":"x/v1","z":1,"a":"\\u003c\\u0026\\u003e"}\n');
  t.equal(codecs.json.encodeToString({ kind: 'Status', apiVersion: 'v1' }, { pretty: true }), '{\n  "kind": "Status",\n  "apiVersion": "v1",\n  "metadata": {}\n}');
  const dep = goJSONValue(DeploymentSchema, { kind: 'Deployment', apiVersion: 'apps/v1', spec: { replicas: 0, template: {} }, extra: 1 });
  t.same(dep, {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { creationTimestamp: null },
    spec: { replicas: 0, selector: null, template: { metadata: { creationTimestamp: null }, spec: { containers: null } }, strategy: {} },
    status: {},
    extra: 1,
  });
  t.equal(escapeGoJSON('a\u2028b'), 'a\\u2028b');
  t.equal(
    codecs.json.encodeToString({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', rows: [{ cells: [1] }] }).includes('"rows":[{"cells":[1],"object":null}]'),
    true,
    'RawExtension is a struct: a row without object writes null',
  );
  t.equal(
    codecs.json.encodeToString({ kind: 'List', apiVersion: 'v1', items: [{ kind: 'ConfigMap', apiVersion: 'v1' }] }),
    '{"kind":"List","apiVersion":"v1","metadata":{},"items":[{"kind":"ConfigMap","apiVersion":"v1","metadata":{"creationTimestamp":null}}]}\n',
  );
  const table = codecs.json.encodeToString({
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '5' },
    columnDefinitions: [],
    rows: [{ cells: ['cm1'], object: { metadata: { name: 'cm1' }, apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata' } }],
  });
  t.equal(
    table,
    '{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"5"},"columnDefinitions":[],"rows":[{"cells":["cm1"],"object":{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"cm1","creationTimestamp":null}}}]}\n',
    'embedded objects of registered kinds are shaped too',
  );
  const status = makeStatus({ message: 'configmaps "nope" not found', reason: 'NotFound', details: { name: 'nope', kind: 'configmaps' }, code: 404 });
  t.equal(codecs.json.encodeToString(status), `${JSON.stringify(status)}\n`, 'the errors module builds Status in Go order already');
});

t.test('zero values and special types', async (t) => {
  t.equal(goZeroValue(TimeSchema), null);
  t.equal(goZeroValue(QuantitySchema), '0');
  t.equal(goZeroValue(IntOrStringSchema), 0);
  t.equal(goZeroValue(bytesSchema()), null);
  t.same(goZeroValue(StatusSchema), { metadata: {} });
  t.equal(goJSONValue(TimeSchema, '2024-01-01T10:00:00.5+01:00'), '2024-01-01T09:00:00Z');
  t.equal(goJSONValue(TimeSchema, 'garbage'), 'garbage', 'unparseable times are left for validation');
  t.equal(goJSONValue(QuantitySchema, 2), '2');
  t.equal(goJSONValue(bytesSchema(), Uint8Array.from([1, 2])), 'AQI=');
  t.equal(goJSONValue(TableSchema, 'not an object'), 'not an object');
  t.same(goJSONValue(TableSchema.properties.rows, 'x'), 'x');
});

t.test('JSON decode errors are typed', async (t) => {
  t.same(codecs.json.decode(Buffer.from('{"a":1}')), { a: 1 });
  t.throws(() => codecs.json.decode(Buffer.from('{"a":')), DecodeError);
  t.throws(() => codecs.json.decode(Buffer.from('[1]')), DecodeError);
  t.throws(() => codecs.json.decode(Uint8Array.from([0xff, 0xfe])), DecodeError);
});

t.test('YAML is written with sorted keys and read back', async (t) => {
  const cm = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a' }, data: { z: 'x', b: 'multi\nline' } };
  const y = codecs.yaml.encodeToString(cm);
  t.equal(y, 'apiVersion: v1\ndata:\n  b: |-\n    multi\n    line\n  z: x\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: a\n');
  t.same(codecs.yaml.decode(codecs.yaml.encode(cm)), goJSONValue(scheme.schemaFor({ group: '', version: 'v1', kind: 'ConfigMap' }), cm));
  t.equal(codecs.yaml.encodeToString({ a: 'yes', b: 'on', c: '0777' }), 'a: "yes"\nb: "on"\nc: "0777"\n', 'YAML 1.1 quoting');
  t.same(codecs.yaml.decode(Buffer.from('a: yes\nb: 0777\n')), { a: true, b: 511 }, 'YAML 1.1 reading, as yaml.v2');
  t.throws(() => codecs.yaml.decode(Buffer.from('a: [1')), DecodeError);
  t.throws(() => codecs.yaml.decode(Buffer.from('- 1\n- 2\n')), DecodeError);
  t.same(codecs.yaml.decode(Buffer.from('a: 1\na: 2\n')), { a: 2 }, 'duplicate keys: the last wins (sigs.k8s.io/yaml YAMLToJSON)');
  t.same(codecs.yaml.decodeStrict(Buffer.from('a: 1\na: 2\n')).strictErrors, ['yaml: unmarshal errors:\n  line 2: key "a" already set in map']);
});

t.test('property: JSON and YAML round trips equal the Go JSON form', async (t) => {
  fc.assert(
    fc.property(builtinObject, (obj) => {
      const expected = JSON.parse(JSON.stringify(goJSONValue(scheme.schemaFor(scheme.objectKind(obj)), obj)));
      t.strictSame(codecs.json.decode(codecs.json.encode(obj)), expected);
      t.strictSame(codecs.yaml.decode(codecs.yaml.encode(obj)), expected);
      t.strictSame(codecs.json.decode(codecs.json.encode(expected)), expected, 'shaping is idempotent');
      return true;
    }),
    { numRuns: 100 },
  );
});

t.test('watch framing: JSON lines and length-delimited protobuf', async (t) => {
  const events = [
    { type: 'ADDED', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a' } } },
    { type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410 } },
  ];
  const jsonBytes = Buffer.concat(events.map((e) => encodeJSONWatchEvent(codecs.json, e)));
  t.equal(
    jsonBytes.toString().split('\n')[0],
    '{"type":"ADDED","object":{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"a","creationTimestamp":null}}}',
  );
  const goOrder = { type: 'MODIFIED', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'b' }, data: { b: '1', 10: '<x>', 2: 'y', a: '&' } } };
  t.equal(
    Buffer.from(encodeJSONWatchEvent(codecs.json, goOrder)).toString(),
    '{"type":"MODIFIED","object":{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"b","creationTimestamp":null},' +
      '"data":{"10":"\\u003cx\\u003e","2":"y","a":"\\u0026","b":"1"}}}\n',
    "the object is written once, in Go's order (sorted map keys, integer-like ones too) and escaping",
  );
  const jr = jsonWatchFrameReader();
  const got = [...jr.push(jsonBytes.subarray(0, 10)), ...jr.push(jsonBytes.subarray(10))];
  t.equal(jr.pending, 0);
  t.same(got.map((e) => e.type), ['ADDED', 'ERROR']);
  t.same(got[1]?.object, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410, metadata: {} });
  t.throws(() => jr.push(Buffer.from('{"type":1}\n')), DecodeError);
  t.throws(() => jsonWatchFrameReader().push(new Uint8Array(64 * 1024 * 1024 + 1).fill(0x20)), DecodeError, 'bounded line');

  const pbBytes = Buffer.concat(events.map((e) => encodeProtobufWatchEvent(codecs.protobuf, e)));
  t.equal(pbBytes.readUInt32BE(0) + 4, encodeProtobufWatchEvent(codecs.protobuf, events[0] as never).length);
  const pr = protobufWatchFrameReader(codecs.protobuf);
  const frames = [];
  for (let i = 0; i < pbBytes.length; i += 7) frames.push(...pr.push(pbBytes.subarray(i, i + 7)));
  t.equal(pr.pending, 0);
  t.same(frames.map((e) => e.type), ['ADDED', 'ERROR']);
  t.same(frames[0]?.object, { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', creationTimestamp: null } });
  t.throws(() => protobufWatchFrameReader(codecs.protobuf).push(Uint8Array.from([0xff, 0xff, 0xff, 0xff])), DecodeError);
  t.throws(() => protobufWatchFrameReader(codecs.protobuf).push(Uint8Array.from([0, 0, 0, 2, 0x0a, 0x00])), DecodeError);
});

t.test('codec factory lists JSON, YAML, protobuf in order', async (t) => {
  t.same(codecs.supportedMediaTypes.map((i) => i.mediaType), ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf']);
  t.equal(codecs.serializerForMediaType('Application/YAML')?.serializer, codecs.yaml);
  t.equal(codecs.serializerForMediaType('text/plain'), undefined);
});

t.test('duplicate JSON keys are found with Go paths', async (t) => {
  const text = ' {"a":1, "b": {"c": "x\\"y", "c": [1, {"d": true, "d": null}]}, "e": [], "a": {"\\u0061": 2}} ';
  t.same(findDuplicateFields(text), ['b.c', 'b.c[1].d', 'a']);
  t.same(duplicateFieldMessages(['a']), ['duplicate field "a"']);
  t.same(findDuplicateFields('[{"x":1},{"x":2}]'), []);
  t.same(findDuplicateFields('"just a string"'), []);
  t.throws(() => findDuplicateFields(`${'['.repeat(600)}${']'.repeat(600)}`), RangeError);
  t.throws(() => findDuplicateFields('[}'), SyntaxError, 'invalid text cannot loop forever');
  t.throws(() => findDuplicateFields('{:1}'), SyntaxError);
});
