import t from 'tap';
import Value from 'typebox/value';
import { EndpointSliceSchema } from '../../src/apis/discovery/v1/endpoint-slice.js';
import * as apis from '../../src/apis/index.js';
import { openAPIComponentsForKind } from '../../src/openapi/components.js';
import { Scheme } from '../../src/runtime/scheme.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { ProtobufDescriptors } from '../../src/serializer/protobuf/descriptors.js';

const scheme = apis.newBuiltinScheme();
const codecs = new CodecFactory(scheme);
const json = (obj: Record<string, unknown>) => codecs.json.encodeToString(obj);
const GV = { group: 'discovery.k8s.io', version: 'v1' };

/** An EndpointSlice with every modelled field set. */
const full = {
  kind: 'EndpointSlice',
  apiVersion: 'discovery.k8s.io/v1',
  metadata: {
    name: 'web-abc12',
    namespace: 'default',
    uid: '6b9f6a52-0d0a-4d0e-9a55-1f0c3f6f4a11',
    resourceVersion: '42',
    creationTimestamp: '2024-05-01T10:00:00Z',
    labels: { 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' },
  },
  addressType: 'IPv4',
  endpoints: [
    {
      addresses: ['10.244.0.5'],
      conditions: { ready: true, serving: true, terminating: false },
      hostname: 'web-0',
      targetRef: { kind: 'Pod', namespace: 'default', name: 'web-0', uid: 'u-1' },
      deprecatedTopology: { 'topology.kubernetes.io/zone': 'a' },
      nodeName: 'node-1',
      zone: 'zone-a',
      hints: { forZones: [{ name: 'zone-a' }] },
    },
    { addresses: ['10.244.0.6'], conditions: {} },
  ],
  ports: [
    { name: 'http', protocol: 'TCP', port: 8080, appProtocol: 'http' },
    { name: '', protocol: 'UDP', port: 53 },
  ],
};

t.test('EndpointSlice and EndpointSliceList are registered in discovery.k8s.io/v1', async (t) => {
  for (const kind of ['EndpointSlice', 'EndpointSliceList']) t.ok(scheme.recognizes({ ...GV, kind }), kind);
  t.same(scheme.objectKind({ kind: 'DeleteOptions', apiVersion: 'discovery.k8s.io/v1' }).kind, 'DeleteOptions');
  const alone = apis.addDiscoveryV1Kinds(new Scheme('discovery'));
  t.ok(alone.recognizes({ ...GV, kind: 'EndpointSliceList' }), 'add function works alone');
  t.notOk(new Scheme('empty').recognizes({ ...GV, kind: 'EndpointSlice' }));
});

t.test('Go JSON: field order, addressType, endpoints and ports never omitted, pointers omitted when nil', async (t) => {
  t.equal(
    json({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 's' } }),
    '{"kind":"EndpointSlice","apiVersion":"discovery.k8s.io/v1","metadata":{"name":"s","creationTimestamp":null},' +
      '"addressType":"","endpoints":null,"ports":null}\n',
  );
  t.equal(
    json({
      ports: [{ port: 443, name: 'https', protocol: 'TCP' }],
      endpoints: [{ conditions: { ready: true }, addresses: ['192.168.1.1'] }, { addresses: [] }],
      addressType: 'IPv4',
      metadata: { name: 'kubernetes', namespace: 'default' },
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
    }),
    '{"kind":"EndpointSlice","apiVersion":"discovery.k8s.io/v1","metadata":{"name":"kubernetes","namespace":"default",' +
      '"creationTimestamp":null},"addressType":"IPv4","endpoints":[{"addresses":["192.168.1.1"],"conditions":{"ready":true}},' +
      '{"addresses":[],"conditions":{}}],"ports":[{"name":"https","protocol":"TCP","port":443}]}\n',
    'conditions is a struct: always written',
  );
});

t.test('a fully populated slice survives JSON, protobuf and YAML round trips', async (t) => {
  t.same(scheme.validate(full), []);
  const goJSON = JSON.parse(json(full));
  t.same(goJSON, full, 'every field kept');
  t.ok(codecs.protobuf.supports(full), 'every field has a protobuf form');
  const bytes = codecs.protobuf.encode(full);
  t.same(codecs.protobuf.decode(bytes), goJSON, 'protobuf decodes to the Go JSON form');
  t.same(codecs.protobuf.encode(codecs.protobuf.decode(bytes)), bytes, 'protobuf bytes are stable');
  t.same(codecs.yaml.decode(codecs.yaml.encode(full)), goJSON, 'YAML round trip');
  const list = { kind: 'EndpointSliceList', apiVersion: 'discovery.k8s.io/v1', metadata: { resourceVersion: '9' }, items: [full] };
  const { kind: _kind, apiVersion: _apiVersion, ...item } = goJSON;
  t.same(codecs.protobuf.decode(codecs.protobuf.encode(list)), { ...JSON.parse(json(list)), items: [item] }, 'list items carry no TypeMeta in protobuf, as upstream');
  const false_ = { ...full, endpoints: [{ addresses: ['10.0.0.9'], conditions: { ready: false } }] };
  t.same(codecs.protobuf.decode(codecs.protobuf.encode(false_)), JSON.parse(json(false_)), 'a false pointer stays false');
});

/** Field numbers as in upstream `staging/src/k8s.io/api/discovery/v1/generated.proto`. */
const UPSTREAM_FIELDS: Record<string, Record<string, number>> = {
  'k8s.io.api.discovery.v1.EndpointSlice': { metadata: 1, endpoints: 2, ports: 3, addressType: 4 },
  'k8s.io.api.discovery.v1.Endpoint': {
    addresses: 1, conditions: 2, hostname: 3, targetRef: 4, deprecatedTopology: 5, nodeName: 6, zone: 7, hints: 8,
  },
  'k8s.io.api.discovery.v1.EndpointConditions': { ready: 1, serving: 2, terminating: 3 },
  'k8s.io.api.discovery.v1.EndpointHints': { forZones: 1 },
  'k8s.io.api.discovery.v1.ForZone': { name: 1 },
  'k8s.io.api.discovery.v1.EndpointPort': { name: 1, protocol: 2, port: 3, appProtocol: 4 },
};

t.test('protobuf messages carry upstream names and field numbers', async (t) => {
  const descriptors = new ProtobufDescriptors();
  descriptors.typeFor(EndpointSliceSchema);
  for (const [message, fields] of Object.entries(UPSTREAM_FIELDS)) {
    const type = descriptors.root.lookupType(message);
    t.same(Object.fromEntries(Object.values(type.fields).map((f) => [f.name, f.id])), fields, message);
  }
});

t.test('defaults: a port without name or protocol gets "" and TCP (SetDefaults_EndpointPort)', async (t) => {
  const slice = { kind: 'EndpointSlice', apiVersion: 'discovery.k8s.io/v1', ports: [{ port: 80 }, { name: 'dns', protocol: 'UDP', port: 53 }, 'junk'] };
  scheme.default(slice);
  t.same(slice.ports, [{ port: 80, name: '', protocol: 'TCP' }, { name: 'dns', protocol: 'UDP', port: 53 }, 'junk']);
  const bare = { kind: 'EndpointSlice', apiVersion: 'discovery.k8s.io/v1' };
  scheme.default(bare);
  t.same(bare, { kind: 'EndpointSlice', apiVersion: 'discovery.k8s.io/v1' }, 'nothing created');
});

t.test('OpenAPI components carry the GVK and the atomic markers', async (t) => {
  const { name, components } = openAPIComponentsForKind(scheme, { ...GV, kind: 'EndpointSlice' });
  t.equal(name, 'io.k8s.api.discovery.v1.EndpointSlice');
  const slice = components[name] as { properties: Record<string, Record<string, unknown>> };
  t.match(slice, { 'x-kubernetes-group-version-kind': [{ ...GV, kind: 'EndpointSlice' }] });
  t.match(slice.properties.endpoints, { 'x-kubernetes-list-type': 'atomic' });
  t.match(components['io.k8s.api.discovery.v1.EndpointPort'], { 'x-kubernetes-map-type': 'atomic' });
  t.match(components['io.k8s.api.discovery.v1.Endpoint'], { properties: { addresses: { 'x-kubernetes-list-type': 'set' } } });
});

t.test('the schema rejects malformed slices', async (t) => {
  t.notOk(Value.Check(EndpointSliceSchema, { endpoints: [{ addresses: 'x' }] }));
  t.notOk(Value.Check(EndpointSliceSchema, { ports: [{ port: '80' }] }));
  t.notOk(Value.Check(EndpointSliceSchema, { endpoints: [{ addresses: [], conditions: { ready: 'yes' } }] }));
  t.ok(Value.Check(EndpointSliceSchema, { addressType: 'FQDN', endpoints: [] }));
});
