import Value from 'typebox/value';
import t from 'tap';
import { formatMicroTime, formatTime, nowMicroTime, nowTime, parseTime, TimeParseError } from '../../src/apis/meta/v1/time.js';
import { ObjectMetaSchema } from '../../src/apis/meta/v1/object-meta.js';
import { StatusSchema } from '../../src/apis/meta/v1/status.js';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ServiceSchema } from '../../src/apis/core/v1/service.js';
import { makeStatus } from '../../src/errors/status.js';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { toPartialObjectMetadata, toPartialObjectMetadataList } from '../../src/apis/meta/v1/partial.js';
import * as apis from '../../src/apis/index.js';
import { node } from '../../src/schema/extensions.js';

t.test('RFC 3339 parsing accepts fractions and offsets', async (t) => {
  const table: [string, number, number][] = [
    ['1970-01-01T00:00:00Z', 0, 0],
    ['2024-02-29T12:34:56Z', 1709210096, 0],
    ['2024-02-29T12:34:56.5Z', 1709210096, 500_000_000],
    ['2024-02-29T12:34:56.123456789z', 1709210096, 123_456_789],
    ['2024-02-29T14:34:56+02:00', 1709210096, 0],
    ['2024-02-29T10:04:56-02:30', 1709210096, 0],
  ];
  for (const [s, seconds, nanos] of table) t.same(parseTime(s), { seconds, nanos }, s);
  for (const bad of ['', '2024-01-01 00:00:00Z', '2024-02-30T00:00:00Z', '2024-13-01T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01', 'x2024-01-01T00:00:00Z']) {
    t.throws(() => parseTime(bad), TimeParseError, bad);
  }
  t.equal(formatTime({ seconds: 1709210096, nanos: 999 }), '2024-02-29T12:34:56Z');
  t.equal(formatMicroTime({ seconds: 1709210096, nanos: 123_456_789 }), '2024-02-29T12:34:56.123456Z');
  t.equal(nowTime(() => 1709210096_789), '2024-02-29T12:34:56Z');
  t.equal(nowMicroTime(() => 1709210096_789), '2024-02-29T12:34:56.789000Z');
  t.match(nowTime(), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
});

t.test('schemas validate objects and carry Kubernetes facts', async (t) => {
  t.ok(Value.Check(ObjectMetaSchema, { name: 'a', creationTimestamp: null, labels: { a: 'b' } }));
  t.ok(Value.Check(ObjectMetaSchema, { creationTimestamp: '2024-01-01T00:00:00.123+02:00' }), 'fractional seconds');
  t.notOk(Value.Check(ObjectMetaSchema, { creationTimestamp: '2024-01-01' }), 'not a date-time');
  t.notOk(Value.Check(ObjectMetaSchema, { name: 1 }));
  t.notOk(Value.Check(ObjectMetaSchema, { labels: { a: 1 } }));
  t.ok(Value.Check(StatusSchema, makeStatus({ message: 'm', reason: 'NotFound', code: 404, details: { name: 'x' } })));
  t.notOk(Value.Check(StatusSchema, { status: 'Maybe' }));
  t.ok(Value.Check(ServiceSchema, { spec: { ports: [{ port: 80, targetPort: 'http' }] } }));
  t.notOk(Value.Check(ServiceSchema, { spec: { ports: [{ port: 80, targetPort: true }] } }));
  t.notOk(Value.Check(DeploymentSchema, { spec: { template: { spec: { containers: [{ image: 'x' }] } } } }), 'container name required');
  const ports = node(ServiceSchema.properties.spec.properties.ports);
  t.same(
    [ports['x-kubernetes-list-type'], ports['x-kubernetes-list-map-keys'], ports['x-kubernetes-patch-merge-key'], ports['x-protobuf-field']],
    ['map', ['port', 'protocol'], 'port', 1],
  );
  t.same(node(DeploymentSchema)['x-kubernetes-group-version-kind'], [{ group: 'apps', version: 'v1', kind: 'Deployment' }]);
});

t.test('the apis entry registers every built-in kind', async (t) => {
  const scheme = apis.newBuiltinScheme();
  for (const kind of ['Namespace', 'ConfigMap', 'Secret', 'ServiceAccount', 'Service']) {
    t.ok(scheme.recognizes({ group: '', version: 'v1', kind }), kind);
    t.ok(scheme.recognizes({ group: '', version: 'v1', kind: `${kind}List` }), `${kind}List`);
  }
  t.ok(newBuiltinScheme().recognizes({ group: 'apps', version: 'v1', kind: 'DeploymentList' }));
  t.equal(typeof apis.addCoreV1Kinds, 'function');
  for (const apiVersion of ['v1', 'apps/v1', 'meta.k8s.io/v1']) {
    t.same(scheme.objectKind({ kind: 'DeleteOptions', apiVersion }).kind, 'DeleteOptions', `DeleteOptions in ${apiVersion}`);
    t.ok(scheme.recognizes({ ...scheme.objectKind({ kind: 'WatchEvent', apiVersion }) }), `WatchEvent in ${apiVersion}`);
  }
  t.notOk(scheme.recognizes({ group: 'apps', version: 'v1', kind: 'Status' }), 'Status is only registered in v1');
});

t.test('PartialObjectMetadata conversions', async (t) => {
  const cm = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', labels: { x: 'y' } }, data: { k: 'v' } };
  const partial = toPartialObjectMetadata(cm);
  t.same(partial, { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'a', labels: { x: 'y' } } });
  t.not(partial.metadata, cm.metadata, 'metadata is copied');
  t.same(toPartialObjectMetadata({ kind: 'X' }, 'v1beta1'), { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1beta1', metadata: {} });
  const list = { kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: '7', continue: 'c', remainingItemCount: 2 }, items: [cm, 'junk'] };
  t.same(toPartialObjectMetadataList(list), {
    kind: 'PartialObjectMetadataList',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '7', continue: 'c', remainingItemCount: 2 },
    items: [partial],
  });
  t.same(toPartialObjectMetadataList({ kind: 'ConfigMapList' }).items, []);
  const scheme = newBuiltinScheme();
  t.same(scheme.validate(toPartialObjectMetadataList(list)), [], 'valid against the registered schema');
});

t.test('Time and MicroTime texts remembered for the last second follow every change of second', async (t) => {
  const seconds = [0, 0, 1, 0, 1709210096, 1709210096, 1709210097, -1, 253402300799];
  for (const s of seconds) {
    const iso = new Date(s * 1000).toISOString().slice(0, 19);
    t.equal(formatTime({ seconds: s, nanos: 0 }), `${iso}Z`, `Time at ${s}`);
    t.equal(formatMicroTime({ seconds: s, nanos: 5_000 }), `${iso}.000005Z`, `MicroTime at ${s}`);
    t.equal(nowTime(() => s * 1000 + 999), `${iso}Z`, `nowTime at ${s}`);
  }
  t.throws(() => formatTime({ seconds: Number.NaN, nanos: 0 }), RangeError, 'an invalid time still throws');
  t.equal(formatTime({ seconds: 0, nanos: 0 }), '1970-01-01T00:00:00Z', 'and is not remembered');
});
