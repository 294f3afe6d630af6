/**
 * Items of typed lists are served without `kind` and `apiVersion`, as kube-apiserver's converted lists are
 * (kubernetes/kubernetes#3030); single objects, unregistered lists and meta.k8s.io's lists keep them; the list
 * written from its items' own bytes is the list written whole.
 */
import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { JSONSerializer } from '../../src/serializer/json.js';
import { typeMetaEnd } from '../../src/serializer/typed-list.js';
import { YAMLSerializer } from '../../src/serializer/yaml.js';

const scheme = newBuiltinScheme();
const json = new JSONSerializer(scheme);
const yaml = new YAMLSerializer(scheme);
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

const configMap = (name: string) => ({
  kind: 'ConfigMap',
  apiVersion: 'v1',
  metadata: { name, namespace: 'default', resourceVersion: '7', creationTimestamp: '2026-11-30T00:00:00Z' },
  data: { a: '1' },
});
const configMapList = (items: object[]) => ({ kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: '9' }, items });

t.test('a typed list writes its items without kind and apiVersion; one object keeps them', async (t) => {
  const list = configMapList([configMap('a'), configMap('b')]);
  t.equal(
    json.encodeToString(list),
    '{"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":"9"},"items":[{"metadata":{"name":"a","namespace":"default","resourceVersion":"7","creationTimestamp":"2026-11-30T00:00:00Z"},"data":{"a":"1"}},{"metadata":{"name":"b","namespace":"default","resourceVersion":"7","creationTimestamp":"2026-11-30T00:00:00Z"},"data":{"a":"1"}}]}\n',
  );
  t.equal(text(json.encode(list)), json.encodeToString(list), 'encode gives the same bytes');
  t.same(JSON.parse(json.encodeToString(list, { pretty: true })).items[0], { metadata: configMap('a').metadata, data: { a: '1' } }, 'pretty');
  t.notMatch(yaml.encodeToString(list), /kind: ConfigMap\n/, 'YAML items have no kind');
  t.match(yaml.encodeToString(list), /^apiVersion: v1\nitems:\n\s+- data:/, 'YAML list');
  t.match(json.encodeToString(configMap('a')), /^\{"kind":"ConfigMap","apiVersion":"v1",/, 'a single object keeps its TypeMeta');
  t.same(list.items[0], configMap('a'), 'the items given are not changed');
});

t.test('a list written from its items’ own bytes is the list written whole', async (t) => {
  const items = [configMap('a'), { kind: 'ConfigMap', apiVersion: 'v1' }, configMap('q"\\uote')];
  const list = configMapList(items);
  const pieces = json.encodeList(list, items as never[], {}, (item) => {
    const encoding = json.encodeObject(item);
    if (encoding.item === undefined) throw new Error('no item bytes');
    return encoding.item;
  });
  t.ok(pieces);
  t.equal(text(pieces ?? new Uint8Array()), json.encodeToString(list));
  t.match(json.encodeToString(list), /"items":\[\{"metadata":\{"name":"a"[^\]]*\},\{"metadata":\{"creationTimestamp":null\}\},\{"metadata":\{"name":"q\\"\\\\uote"/);
});

t.test('lists that keep their items’ TypeMeta', async (t) => {
  const unregistered = { kind: 'WidgetList', apiVersion: 'example.com/v1', metadata: {}, items: [{ kind: 'Widget', apiVersion: 'example.com/v1', metadata: { name: 'w' } }] };
  t.match(json.encodeToString(unregistered), /"items":\[\{"kind":"Widget","apiVersion":"example.com\/v1"/, 'a list the scheme does not know');
  const partial = {
    kind: 'PartialObjectMetadataList',
    apiVersion: 'meta.k8s.io/v1',
    metadata: {},
    items: [{ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'p' } }],
  };
  t.match(json.encodeToString(partial), /"items":\[\{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io\/v1"/, 'meta.k8s.io lists');
});

t.test('typeMetaEnd finds the members after a leading kind and apiVersion', async (t) => {
  const end = (s: string) => {
    const bytes = Buffer.from(s);
    const at = typeMetaEnd(bytes);
    return at === 1 ? s : `{${s.slice(at)}`;
  };
  t.equal(end('{"kind":"A","apiVersion":"v1","metadata":{}}'), '{"metadata":{}}');
  t.equal(end('{"kind":"A","apiVersion":"v1"}'), '{}');
  t.equal(end('{"kind":"A","metadata":{}}'), '{"metadata":{}}');
  t.equal(end('{"kind":"A"}'), '{}');
  t.equal(end('{"apiVersion":"v1","data":1}'), '{"data":1}');
  t.equal(end('{"kind":"A\\"B","apiVersion":"v\\\\1","x":1}'), '{"x":1}', 'escaped quotes and backslashes');
  t.equal(end('{"metadata":{"kind":"A"}}'), '{"metadata":{"kind":"A"}}', 'no TypeMeta first: unchanged');
  t.equal(end('{"kind":"A'), '{"kind":"A', 'unterminated: unchanged');
  t.equal(end('{}'), '{}');
});
