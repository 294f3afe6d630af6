/**
 * The root CA publisher (kube-controller-manager's root-ca-cert-publisher): every Active namespace gets
 * `kube-root-ca.crt` with the CA bundle and upstream's description; a deleted or edited copy is written again;
 * terminating namespaces get none. Over HTTP: kube-lite publishes `--root-ca-file`, else its generated serving
 * certificate (the CA its kubeconfig names), else nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiObject } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import t from 'tap';
import {
  DESCRIPTION_ANNOTATION,
  ROOT_CA_CERT_CONFIG_MAP_NAME,
  ROOT_CA_CERT_DESCRIPTION,
  RootCACertPublisher,
} from '../../../src/controllers/certificates/root-ca-cert-publisher.js';
import { mutatedObjectInfo } from '../../../src/controllers/object-updates.js';
import { newConfigMapStore } from '../../../src/registry/core/configmap/storage.js';
import { newNamespaceREST } from '../../../src/registry/core/namespace/storage.js';
import { startKubeLite } from '../../../src/testing/index.js';
import { ctxIn, memoryGetter } from '../../registry/core/core-fixtures.js';
import { until } from '../until.js';

const CA = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n';
const PUBLISHED = { data: { 'ca.crt': CA }, annotations: { [DESCRIPTION_ANNOTATION]: ROOT_CA_CERT_DESCRIPTION } };

t.test('kube-root-ca.crt in every active namespace, written again after a delete or an edit', async (t) => {
  const getter = memoryGetter(t);
  const { namespaces } = newNamespaceREST(getter);
  const configMaps = newConfigMapStore(getter);
  const published = async (ns: string): Promise<ApiObject | undefined> =>
    configMaps.get(ctxIn(ns), ROOT_CA_CERT_CONFIG_MAP_NAME).catch((err: unknown) => {
      if (isNotFound(err)) return undefined;
      throw err;
    });
  const isPublished = async (ns: string): Promise<boolean> => {
    const cm = await published(ns);
    return cm !== undefined && JSON.stringify({ data: cm.data, annotations: cm.metadata.annotations }) === JSON.stringify(PUBLISHED);
  };
  await namespaces.create({}, { metadata: { name: 'early' } });
  await namespaces.create({}, { metadata: { name: 'going' } });
  await namespaces.delete({}, 'going');
  const errors: unknown[] = [];
  const publisher = new RootCACertPublisher({ namespaces, configMaps, rootCA: CA, onError: (e) => errors.push(e), retry: { initialDelayMs: 5 } });
  publisher.start();
  t.teardown(() => publisher.stop());

  await until(t, 'published in the listed namespace', () => isPublished('early'));
  await namespaces.create({}, { metadata: { name: 'late' } });
  await until(t, 'published in the watched namespace', () => isPublished('late'));
  await configMaps.delete(ctxIn('late'), ROOT_CA_CERT_CONFIG_MAP_NAME);
  await until(t, 'written again after a delete', () => isPublished('late'));
  await configMaps.update(
    ctxIn('early'),
    ROOT_CA_CERT_CONFIG_MAP_NAME,
    mutatedObjectInfo((cm) => {
      cm.data = { 'ca.crt': 'tampered', extra: 'x' };
      cm.metadata.annotations = { mine: 'kept' };
      cm.metadata.labels = { mine: 'kept' };
    }),
    undefined,
    undefined,
    false,
  );
  await until(t, 'data and description written again after an edit', async () => ((await published('early'))?.data as Record<string, string> | undefined)?.['ca.crt'] === CA);
  const edited = await published('early');
  t.same(edited?.data, { 'ca.crt': CA }, 'data replaced whole');
  t.same(edited?.metadata.annotations, { mine: 'kept', [DESCRIPTION_ANNOTATION]: ROOT_CA_CERT_DESCRIPTION }, 'other annotations kept');
  t.same(edited?.metadata.labels, { mine: 'kept' });
  t.equal(await published('going'), undefined, 'a terminating namespace gets none');
  await publisher.syncNamespace('missing');
  t.same(errors, []);
});

t.test('kube-lite publishes --root-ca-file, else its generated serving certificate, else nothing', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'root-ca-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const caFile = join(dir, 'ca.crt');
  writeFileSync(caFile, CA);
  const withFile = await startKubeLite({ rootCAFile: caFile });
  t.teardown(() => withFile.stop());
  const cmURL = (url: string, ns: string) => `${url}/api/v1/namespaces/${ns}/configmaps/${ROOT_CA_CERT_CONFIG_MAP_NAME}`;
  let cm: { data?: unknown; metadata?: { annotations?: unknown } } = {};
  await until(t, 'published in kube-system', async () => {
    const res = await fetch(cmURL(withFile.url, 'kube-system'));
    cm = (await res.json()) as typeof cm;
    return res.status === 200;
  });
  t.same({ data: cm.data, annotations: cm.metadata?.annotations }, PUBLISHED);

  const plain = await startKubeLite();
  t.teardown(() => plain.stop());
  const ns = await fetch(`${plain.url}/api/v1/namespaces`, { method: 'POST', body: JSON.stringify({ metadata: { name: 'n' } }), headers: { 'content-type': 'application/json' } });
  t.equal(ns.status, 201);
  await new Promise((r) => setTimeout(r, 200));
  t.equal((await fetch(cmURL(plain.url, 'n'))).status, 404, 'plain HTTP without --root-ca-file: nothing to publish');

  const certDir = join(dir, 'certs');
  const secure = await startKubeLite({ port: -1, securePort: 0, certDir });
  t.teardown(() => secure.stop());
  const serving = readFileSync(join(certDir, 'apiserver.crt'), 'utf8');
  const getJSON = (url: string) =>
    new Promise<{ status: number; body: { data?: Record<string, string> } }>((resolve, reject) => {
      get(url, { ca: serving, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      }).on('error', reject);
    });
  let data: Record<string, string> | undefined;
  await until(t, 'published over HTTPS', async () => {
    const res = await getJSON(cmURL(secure.url, 'default'));
    data = res.body.data;
    return res.status === 200;
  });
  t.same(data, { 'ca.crt': serving }, 'the CA the kubeconfig names, which verifies this very connection');
});
