import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { TableSchema } from '../../src/apis/meta/v1/table.js';
import { DecodeError, NotRegisteredError } from '../../src/runtime/scheme-errors.js';
import { goJSONValue } from '../../src/serializer/go-json.js';
import { ProtobufDescriptors, ProtobufSchemaError, protoNameOf } from '../../src/serializer/protobuf/descriptors.js';
import { decodeEnvelope, encodeEnvelope, hasProtobufMagic } from '../../src/serializer/protobuf/envelope.js';
import { ProtobufValueError } from '../../src/serializer/protobuf/message-codec.js';
import { ProtobufSerializer } from '../../src/serializer/protobuf/serializer.js';
import { findUnknownFields } from '../../src/schema/unknown-fields.js';
import { builtinObject } from '../helpers/arbitraries.js';

/** Bodies captured from real kubectl 1.31/1.32 (fixtures/kubectl-bodies/README.md). */
const FIXTURES = fileURLToPath(new URL('../fixtures/kubectl-bodies', import.meta.url));
const scheme = newBuiltinScheme();
const pb = new ProtobufSerializer(scheme);

t.test('kubectl 1.32 protobuf bodies decode to their kubectl 1.31 JSON twins', async (t) => {
  const files = readdirSync(`${FIXTURES}/kubectl-1.32-protobuf`).filter((f) => f.endsWith('.pb'));
  t.equal(files.length, 6);
  for (const f of files) {
    const bytes = readFileSync(`${FIXTURES}/kubectl-1.32-protobuf/${f}`);
    const twin = JSON.parse(readFileSync(`${FIXTURES}/kubectl-1.31-json/${f.replace(/\.pb$/, '.json')}`, 'utf8'));
    const decoded = pb.decode(bytes);
    t.same(decoded, twin, `${f}: decoded equals JSON twin`);
    t.equal(JSON.stringify(decoded), JSON.stringify(twin), `${f}: same key order as Go's JSON`);
    const again = pb.encode(decoded);
    t.same(pb.decode(again), twin, `${f}: re-encode then decode is stable`);
    t.ok(Buffer.from(again).equals(bytes), `${f}: re-encoding reproduces kubectl's bytes`);
  }
});

t.test('property: encode → decode returns the Go JSON form of the object', async (t) => {
  fc.assert(
    fc.property(builtinObject, (obj) => {
      const schema = scheme.schemaFor(scheme.objectKind(obj));
      const expected = goJSONValue(schema, obj);
      const decoded = pb.decode(pb.encode(obj));
      t.strictSame(decoded, expected);
      return true;
    }),
    { numRuns: 150 },
  );
});

t.test('Time keeps sub-second input as nanos and writes whole seconds', async (t) => {
  const cm = {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: { name: 'x', creationTimestamp: '2024-05-06T07:08:09.123456789+02:00', deletionTimestamp: '1970-01-01T00:00:00Z' },
  };
  const out = pb.decode(pb.encode(cm));
  t.same(out.metadata, { name: 'x', creationTimestamp: '2024-05-06T05:08:09Z', deletionTimestamp: '1970-01-01T00:00:00Z' });
});

t.test('status, discovery, options and lists round-trip', async (t) => {
  const cases = [
    {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'configmaps "nope" not found',
      reason: 'NotFound',
      details: { name: 'nope', kind: 'configmaps', causes: [{ reason: 'FieldValueRequired', field: 'x' }] },
      code: 404,
    },
    {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: 'v1',
      resources: [{ name: 'configmaps', singularName: 'configmap', namespaced: true, kind: 'ConfigMap', verbs: ['get', 'list'], shortNames: ['cm'] }],
    },
    { kind: 'APIVersions', apiVersion: 'v1', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '10.0.0.1:6443' }] },
    {
      kind: 'APIGroupDiscoveryList',
      apiVersion: 'apidiscovery.k8s.io/v2',
      metadata: {},
      items: [
        {
          metadata: { name: 'apps', creationTimestamp: null },
          versions: [
            {
              version: 'v1',
              resources: [
                {
                  resource: 'deployments',
                  responseKind: { group: 'apps', version: 'v1', kind: 'Deployment' },
                  scope: 'Namespaced',
                  singularResource: 'deployment',
                  verbs: ['get'],
                  subresources: [{ subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get'] }],
                },
              ],
              freshness: 'Current',
            },
          ],
        },
      ],
    },
    { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1', gracePeriodSeconds: 0, preconditions: { uid: 'u' }, propagationPolicy: 'Background' },
    { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name: 'web', creationTimestamp: null }, spec: { replicas: 3 }, status: { replicas: 2, selector: 'app=web' } },
    {
      kind: 'ConfigMapList',
      apiVersion: 'v1',
      metadata: { resourceVersion: '5', remainingItemCount: 0 },
      items: [{ metadata: { name: 'a', creationTimestamp: null, managedFields: [{ manager: 'kubectl', operation: 'Update', time: '2024-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': {} } }] }, binaryData: { b: 'AAE=' } }],
    },
  ];
  for (const obj of cases) {
    const decoded = pb.decode(pb.encode(obj));
    t.equal(JSON.stringify(decoded), JSON.stringify(goJSONValue(scheme.schemaFor(scheme.objectKind(obj)), obj)), String(obj.kind));
  }
  t.same(pb.decode(pb.encode({ kind: 'ConfigMapList', apiVersion: 'v1', metadata: {}, items: [] })).items, null, 'empty list is nil in Go');
});

t.test('watch event embeds the enveloped object', async (t) => {
  const raw = pb.encode({
    kind: 'WatchEvent',
    apiVersion: 'meta.k8s.io/v1',
    type: 'ADDED',
    object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a' } },
  });
  t.same(pb.decode(raw), {
    kind: 'WatchEvent',
    apiVersion: 'meta.k8s.io/v1',
    type: 'ADDED',
    object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', creationTimestamp: null } },
  });
  const foreign = pb.decode(
    pb.encode({ kind: 'WatchEvent', apiVersion: 'meta.k8s.io/v1', type: 'ADDED', object: { kind: 'Foo', apiVersion: 'x/v1', a: 1 } }),
  );
  t.same(foreign.object, { kind: 'Foo', apiVersion: 'x/v1', a: 1 }, 'unregistered kinds are embedded as JSON');
});

t.test('bad input gives typed errors', async (t) => {
  t.throws(() => pb.decode(new Uint8Array([1, 2, 3, 4, 5])), DecodeError);
  t.throws(() => pb.decode(encodeEnvelope('v1', 'Nope', new Uint8Array())), NotRegisteredError);
  t.throws(() => pb.decode(Uint8Array.from([0x6b, 0x38, 0x73, 0x00, 0x0a, 0xff])), DecodeError);
  t.throws(() => pb.decode(encodeEnvelope('v1', 'ConfigMap', Uint8Array.from([0x0a, 0x05, 0x01]))), DecodeError);
  t.throws(() => pb.encode({ kind: 'ConfigMap', apiVersion: 'v1', data: 'nope' }), ProtobufValueError);
  t.throws(() => pb.encode({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 5 } }), ProtobufValueError);
  t.throws(() => pb.encode({ kind: 'ConfigMap', apiVersion: 'v1', metadata: [] }), ProtobufValueError);
  t.throws(() => pb.encode({ kind: 'Namespace', apiVersion: 'v1', spec: { finalizers: 'x' } }), ProtobufValueError);
  t.throws(() => pb.encode({ kind: 'Secret', apiVersion: 'v1', data: { a: 5 } }), ProtobufValueError);
  t.throws(() => pb.encode({ kind: 'Namespace', apiVersion: 'v1', metadata: { creationTimestamp: 5 } }), ProtobufValueError);
  const withType = Buffer.from(encodeEnvelope('v1', 'ConfigMap', new Uint8Array()));
  t.ok(hasProtobufMagic(withType));
  t.throws(() => new ProtobufDescriptors().typeFor(TableSchema.properties.rows), ProtobufSchemaError);
});

t.test('envelope and descriptor names', async (t) => {
  const env = decodeEnvelope(encodeEnvelope('apps/v1', 'Deployment', Uint8Array.from([1])));
  t.same({ ...env, raw: [...env.raw] }, { apiVersion: 'apps/v1', kind: 'Deployment', raw: [1], contentEncoding: '', contentType: '' });
  t.equal(protoNameOf('io.k8s.api.core.v1.Pod'), 'k8s.io.api.core.v1.Pod');
  t.equal(protoNameOf('com.example.v1.Thing'), 'com.example.v1.Thing');
  const d = new ProtobufDescriptors();
  const type = new ProtobufSerializer(scheme, d).messageTypeFor(scheme.schemaFor({ group: 'apps', version: 'v1', kind: 'Deployment' }));
  t.equal(type.fullName, '.k8s.io.api.apps.v1.Deployment');
  t.equal(d.root.lookupType('k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta').fields.managedFields?.id, 17);
  d.typeFor(scheme.schemaFor({ group: '', version: 'v1', kind: 'Service' }));
  t.equal(d.root.lookupType('k8s.io.api.core.v1.ServicePort').fields.targetPort?.type, 'k8s.io.apimachinery.pkg.util.intstr.IntOrString');
});

t.test('envelopes with other content types or encodings are rejected', async (t) => {
  const str = (tag: number, s: string) => Buffer.concat([Buffer.from([tag, Buffer.byteLength(s)]), Buffer.from(s)]);
  const typeMeta = Buffer.concat([str(0x0a, 'v1'), str(0x12, 'ConfigMap')]);
  const head = Buffer.concat([Buffer.from([0x6b, 0x38, 0x73, 0x00, 0x0a, typeMeta.length]), typeMeta]);
  t.throws(() => pb.decode(Buffer.concat([head, str(0x22, 'application/json')])), { message: /unsupported content type "application\/json"/ });
  t.throws(() => pb.decode(Buffer.concat([head, str(0x1a, 'gzip')])), { message: /unsupported content encoding "gzip"/ });
  t.same(pb.decode(Buffer.concat([head, str(0x22, 'application/vnd.kubernetes.protobuf')])), {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: { creationTimestamp: null },
  });
});

t.test('fields this package does not declare are rejected, not dropped', async (t) => {
  const cmSchema = scheme.schemaFor({ group: '', version: 'v1', kind: 'ConfigMap' });
  const raw = pb.encodeRaw(cmSchema, { metadata: { name: 'a', labels: { x: 'y' } } });
  const top = Buffer.concat([raw, Buffer.from([0x48, 0x01])]);
  t.throws(() => pb.decode(encodeEnvelope('v1', 'ConfigMap', top)), { message: /ConfigMap: field number 9/ });
  const depSchema = scheme.schemaFor({ group: 'apps', version: 'v1', kind: 'Deployment' });
  const podSpecWithVolume = Buffer.from([0x9a, 0x06, 0x00]); // PodSpec field 99 (not in 1.32) = {}
  const template = Buffer.concat([Buffer.from([0x12, podSpecWithVolume.length]), podSpecWithVolume]);
  const spec = Buffer.concat([Buffer.from([0x1a, template.length]), template]);
  const dep = Buffer.concat([Buffer.from([0x12, spec.length]), spec]);
  t.throws(() => pb.decodeRaw(depSchema, dep), { message: /Deployment\.spec\.template\.spec: field number 99/ });
  const limits = pb.encodeRaw(depSchema, {
    spec: { template: { spec: { containers: [{ name: 'c', resources: { limits: { cpu: '1' } } }] } } },
  });
  t.same(
    (pb.decodeRaw(depSchema, limits).spec as { template: { spec: { containers: unknown[] } } }).template.spec.containers,
    [{ name: 'c', resources: { limits: { cpu: '1' } } }],
    'declared map values with message types are scanned too',
  );
  t.throws(() => pb.encode({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', rows: [] }), ProtobufSchemaError);
});

t.test('embedded Go structs are flat in JSON and a sub-message in protobuf', async (t) => {
  const volume = scheme.schemaFor({ group: 'apps', version: 'v1', kind: 'Deployment' });
  const podSpec = (volume as unknown as { properties: { spec: { properties: { template: { properties: { spec: never } } } } } })
    .properties.spec.properties.template.properties.spec;
  const raw = pb.encodeRaw(podSpec, { containers: [], volumes: [{ name: 'v', configMap: { name: 'cm' } }] });
  const hex = Buffer.from(raw).toString('hex');
  t.ok(hex.startsWith('0a0e0a0176' + '1209' + '9a0106' + '0a04' + '0a02636d'), `Volume{name, volumeSource{configMap{localObjectReference{name}}}}: ${hex}`);
  t.same(pb.decodeRaw(podSpec, raw).volumes, [{ name: 'v', configMap: { name: 'cm' } }]);
  const probe = pb.decodeRaw(podSpec, pb.encodeRaw(podSpec, {
    containers: [{ name: 'c', livenessProbe: { tcpSocket: { port: 'http' }, periodSeconds: 5 }, env: [{ name: 'E', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }] }],
  }));
  t.same((probe.containers as unknown[])[0], {
    name: 'c',
    resources: {},
    env: [{ name: 'E', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
    livenessProbe: { tcpSocket: { port: 'http' }, periodSeconds: 5 },
  });
});

t.test('kubectl 1.31 JSON bodies validate, have no unknown fields and encode to the kubectl 1.32 bytes', async (t) => {
  const files = readdirSync(`${FIXTURES}/kubectl-1.31-json`).filter((f) => f.endsWith('.json') && !f.endsWith('.meta.json'));
  t.equal(files.length, 6);
  for (const f of files) {
    const obj = JSON.parse(readFileSync(`${FIXTURES}/kubectl-1.31-json/${f}`, 'utf8'));
    const schema = scheme.schemaFor(scheme.objectKind(obj));
    t.same(scheme.validate(obj), [], `${f}: valid`);
    t.same(findUnknownFields(schema, obj), [], `${f}: every field declared`);
    const pbBytes = readFileSync(`${FIXTURES}/kubectl-1.32-protobuf/${f.replace(/\.json$/, '.pb')}`);
    t.ok(Buffer.from(pb.encode(obj)).equals(pbBytes), `${f}: JSON → protobuf gives kubectl's bytes`);
  }
});

t.test('objects with undeclared fields are not written as protobuf (no silent loss)', async (t) => {
  const dep = { kind: 'Deployment', apiVersion: 'apps/v1', metadata: { name: 'x' }, spec: { template: { spec: { containers: [], notAPodSpecField: {} } } } };
  t.notOk(pb.supports(dep));
  t.throws(() => pb.encode(dep), { message: /Deployment has fields without a protobuf form: spec\.template\.spec\.notAPodSpecField/ });
  t.ok(pb.supports({ kind: 'ConfigMap', apiVersion: 'v1', data: { a: 'b' } }));
  t.notOk(pb.supports({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', rows: [] }), 'no protobuf form');
  t.notOk(pb.supports({ kind: 'Nope', apiVersion: 'v1' }), 'unregistered');
});
