/**
 * `--storage-media-type`: objects are written in the chosen encoding (real etcd: the raw bytes carry protobuf's
 * `k8s\0` magic) and read back as the same API objects; a store written in one media type stays readable after the
 * flag changes (memory `--data-dir` restarted with another media type).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEtcd } from '@apiserver/testing';
import { Etcd3 } from 'etcd3';
import t from 'tap';
import { storageCodecFor, storageMediaTypeErrors } from '../../src/server/storage-codec.js';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { startKubeLite } from '../../src/testing/index.js';

const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm1', labels: { app: 'x' }, creationTimestamp: '2026-11-26T12:00:00Z' }, data: { a: '1', b: 'two' } };
const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', creationTimestamp: '2026-11-26T12:00:00Z' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } } },
};

async function send(method: string, url: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function withoutVolatile(obj: Record<string, unknown>): unknown {
  const { resourceVersion: _rv, ...meta } = obj.metadata as Record<string, unknown>;
  return { ...obj, metadata: meta };
}

t.test('validation lists the allowed values as upstream', async (t) => {
  t.same(storageMediaTypeErrors('application/vnd.kubernetes.protobuf'), []);
  t.same(storageMediaTypeErrors('text/plain'), ['--storage-media-type "text/plain" invalid, allowed values: application/json, application/vnd.kubernetes.protobuf, application/yaml']);
  await t.rejects(startKubeLite({ storageMediaType: 'application/cbor' }), { errors: [/--storage-media-type "application\/cbor" invalid/] });
});

t.test('the codec: protobuf for kinds that have it, canonical JSON otherwise; any stored form decodes', async (t) => {
  const scheme = newBuiltinScheme();
  const protobuf = storageCodecFor('application/vnd.kubernetes.protobuf', scheme);
  const bytes = protobuf.encode(configMap);
  t.same([...bytes.slice(0, 4)], [0x6b, 0x38, 0x73, 0x00], 'k8s\\0 magic');
  t.same(protobuf.decode(bytes), configMap);
  const foreign = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size: 3 } };
  t.equal(new TextDecoder().decode(protobuf.encode(foreign)), '{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"size":3}}', 'unknown kind: JSON');
  const yaml = storageCodecFor('application/yaml', scheme);
  const yamlBytes = yaml.encode(configMap);
  t.match(new TextDecoder().decode(yamlBytes), /^apiVersion: v1\n/);
  const json = storageCodecFor('application/json', scheme);
  for (const stored of [bytes, yamlBytes, json.encode(configMap)]) t.same(json.decode(stored), configMap, 'the JSON codec reads every form');
  t.throws(() => json.decode(new TextEncoder().encode('- just\n- a list\n')), { name: 'InternalError' }, 'a non-object is an internal error');
});

t.test('etcd3 with protobuf: raw etcd values are protobuf, API reads are unchanged', async (t) => {
  const etcd = await startEtcd();
  t.teardown(() => etcd.stop());
  const kl = await startKubeLite({ storageBackend: 'etcd3', etcdServers: [etcd.endpoint], storageMediaType: 'application/vnd.kubernetes.protobuf' });
  t.teardown(() => kl.stop());
  const created = await send('POST', `${kl.url}/api/v1/namespaces/default/configmaps`, configMap);
  t.equal(created.status, 201);
  t.equal((await send('POST', `${kl.url}/apis/apps/v1/namespaces/default/deployments`, deployment)).status, 201);
  const client = new Etcd3({ hosts: etcd.host });
  t.teardown(() => client.close());
  for (const key of ['/registry/configmaps/default/cm1', '/registry/deployments/default/web', '/registry/namespaces/default']) {
    const raw = await client.get(key).buffer();
    t.equal(raw?.subarray(0, 4).toString('latin1'), 'k8s\0', `${key} is stored as protobuf`);
  }
  const read = await send('GET', `${kl.url}/api/v1/namespaces/default/configmaps/cm1`);
  t.same(withoutVolatile(read.body), withoutVolatile(created.body), 'read back as created');
  const dep = await send('GET', `${kl.url}/apis/apps/v1/namespaces/default/deployments/web`);
  t.match(dep.body, { spec: { replicas: 2, template: { spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } } } });
  const updated = await send('PUT', `${kl.url}/api/v1/namespaces/default/configmaps/cm1`, { ...read.body, data: { a: '3' } });
  t.equal(updated.status, 200);
  t.same((await send('GET', `${kl.url}/api/v1/namespaces/default/configmaps/cm1`)).body.data, { a: '3' });
});

t.test('memory --data-dir written as YAML is read after a restart with JSON', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kube-lite-media-'));
  const first = await startKubeLite({ dataDir, storageMediaType: 'application/yaml' });
  const created = await send('POST', `${first.url}/api/v1/namespaces/default/configmaps`, configMap);
  t.equal(created.status, 201);
  await first.stop();
  const second = await startKubeLite({ dataDir });
  t.teardown(async () => {
    await second.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const read = await send('GET', `${second.url}/api/v1/namespaces/default/configmaps/cm1`);
  t.equal(read.status, 200);
  t.same(read.body, created.body, 'same object, same resourceVersion');
});
