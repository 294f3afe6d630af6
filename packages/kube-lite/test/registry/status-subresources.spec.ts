/**
 * What a write through a built-in kind's `/status` keeps of the stored object, per kind as Kubernetes 1.32's status
 * strategies do: most keep only the spec, so labels, annotations and finalizers sent through `/status` are stored
 * (controllers update both in one status write); deployments also keep their labels, pods their owners, and the
 * kinds whose strategy calls `ResetObjectMetaForStatus` (volume attachments) or resets all metadata (flow control) keep
 * metadata too. Server-side apply through `/status` owns what the strategy lets through (its reset fields).
 */
import t from 'tap';
import { callJSON } from '../http-json.js';
import { startKubeLite } from '../../src/testing/index.js';
import { b64, RSA_CSR } from './certificates/pem-fixtures.js';

type Json = Record<string, unknown>;

/** The parts of an answer (an object or a Status) the tests read. */
interface Answer {
  message?: string;
  metadata: {
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    finalizers?: string[];
    ownerReferences?: Json[];
    managedFields?: { manager: string; subresource?: string; fieldsV1: Json }[];
  };
  spec: Json;
  status: Json;
}

const call = (url: string, method: string, body?: unknown, contentType?: string) => callJSON<Answer>(url, method, body, contentType);

/** GETs `url`, lets `change` edit the object, PUTs it to `url/status`; returns the answer. */
async function putStatus(url: string, change: (obj: Answer) => void): Promise<{ status: number; json: Answer }> {
  const { json } = await call(url, 'GET');
  change(json);
  return call(`${url}/status`, 'PUT', json);
}

t.test('status writes keep what the kind keeps', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const core = `${kl.url}/api/v1/namespaces/default`;

  t.test('pods/status: labels, annotations and finalizers change; spec and owners stay; an empty qosClass is kept', async (t) => {
    const created = await call(`${core}/pods`, 'POST', { metadata: { name: 'p', labels: { a: '1' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    t.equal(created.status, 201);
    t.equal(created.json.status.qosClass, 'BestEffort');
    const put = await putStatus(`${core}/pods/p`, (pod) => {
      pod.metadata.labels = { a: '2', b: 'x' };
      pod.metadata.annotations = { note: 'seen' };
      pod.metadata.finalizers = ['example.com/hold'];
      pod.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: 'u-1' }];
      pod.spec.activeDeadlineSeconds = 30;
      pod.status = { phase: 'Running', qosClass: '' };
    });
    t.equal(put.status, 200);
    t.same(put.json.metadata.labels, { a: '2', b: 'x' });
    t.same(put.json.metadata.annotations, { note: 'seen' });
    t.same(put.json.metadata.finalizers, ['example.com/hold']);
    t.notOk('ownerReferences' in put.json.metadata, 'owner references stay the stored ones');
    t.notOk('activeDeadlineSeconds' in put.json.spec, 'the spec stays the stored one');
    t.equal(put.json.status.phase, 'Running');
    t.equal(put.json.status.qosClass, 'BestEffort', 'the stored QoS class fills an empty one');

    const mirror = await putStatus(`${core}/pods/p`, (pod) => {
      pod.metadata.annotations = { 'kubernetes.io/config.mirror': 'x' };
    });
    t.equal(mirror.status, 422);
    t.match(mirror.json.message, /metadata\.annotations\[kubernetes\.io\/config\.mirror\]: Forbidden: may not add mirror pod annotation/);
    const badLabel = await putStatus(`${core}/pods/p`, (pod) => {
      pod.metadata.labels = { 'bad label': 'x' };
    });
    t.equal(badLabel.status, 422, 'the labels a status write stores are validated');
    t.match(badLabel.json.message, /metadata\.labels: Invalid value: "bad label"/);
    await call(`${core}/pods/p`, 'PATCH', [{ op: 'remove', path: '/metadata/finalizers' }], 'application/json-patch+json');
  });

  t.test('deployments/status: annotations change; spec and labels stay', async (t) => {
    const url = `${kl.url}/apis/apps/v1/namespaces/default/deployments`;
    const labels = { app: 'd' };
    const template = { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    t.equal((await call(url, 'POST', { metadata: { name: 'd', labels }, spec: { selector: { matchLabels: labels }, template } })).status, 201);
    const put = await putStatus(`${url}/d`, (d) => {
      d.metadata.labels = { app: 'd', extra: 'no' };
      d.metadata.annotations = { note: 'yes' };
      d.spec.replicas = 5;
      d.status = { observedGeneration: 1, replicas: 0 };
    });
    t.equal(put.status, 200);
    t.same(put.json.metadata.labels, labels);
    t.same(put.json.metadata.annotations, { note: 'yes' });
    t.equal(put.json.spec.replicas, 1);
    t.equal(put.json.status.observedGeneration, 1);
  });

  t.test('namespaces/status and replicasets/status: labels change', async (t) => {
    const ns = await putStatus(`${kl.url}/api/v1/namespaces/default`, (n) => {
      n.metadata.labels = { ...n.metadata.labels, team: 'a' };
    });
    t.equal(ns.status, 200);
    t.same(ns.json.metadata.labels, { 'kubernetes.io/metadata.name': 'default', team: 'a' });
    const url = `${kl.url}/apis/apps/v1/namespaces/default/replicasets`;
    const labels = { app: 'r' };
    const template = { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    t.equal((await call(url, 'POST', { metadata: { name: 'r' }, spec: { selector: { matchLabels: labels }, template } })).status, 201);
    const rs = await putStatus(`${url}/r`, (r) => {
      r.metadata.labels = { seen: 'yes' };
      r.status = { replicas: 0 };
    });
    t.equal(rs.status, 200);
    t.same(rs.json.metadata.labels, { seen: 'yes' });
  });

  t.test('volumeattachments/status and flowschemas/status keep their metadata', async (t) => {
    const va = `${kl.url}/apis/storage.k8s.io/v1/volumeattachments`;
    const spec = { attacher: 'csi.example.com', nodeName: 'n1', source: { persistentVolumeName: 'pv1' } };
    t.equal((await call(va, 'POST', { metadata: { name: 'va', labels: { a: '1' } }, spec })).status, 201);
    const put = await putStatus(`${va}/va`, (v) => {
      v.metadata.labels = { a: '2' };
      v.metadata.annotations = { b: '1' };
      v.status = { attached: true };
    });
    t.equal(put.status, 200);
    t.same(put.json.metadata.labels, { a: '1' });
    t.notOk('annotations' in put.json.metadata);
    t.equal(put.json.status.attached, true);

    const fs = `${kl.url}/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas`;
    const flow = await putStatus(`${fs}/exempt`, (f) => {
      f.metadata.labels = { changed: 'no' };
      f.status = { conditions: [] };
    });
    t.equal(flow.status, 200);
    t.notOk(flow.json.metadata.labels?.changed, 'flow control status writes keep all metadata');
  });

  t.test('server-side apply through /status owns what the strategy lets through', async (t) => {
    const apply = (url: string, body: Json) => call(`${url}/status?fieldManager=status-ctl&force=true`, 'PATCH', body, 'application/apply-patch+yaml');
    const pod = await apply(`${core}/pods/p`, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { applied: 'yes' } }, status: { message: 'hi' } });
    t.equal(pod.status, 200);
    t.equal(pod.json.metadata.labels?.applied, 'yes');
    const podEntry = pod.json.metadata.managedFields?.find((e) => e.manager === 'status-ctl');
    t.same(podEntry?.fieldsV1, { 'f:metadata': { 'f:labels': { 'f:applied': {} } }, 'f:status': { 'f:message': {} } });
    t.equal(podEntry?.subresource, 'status');

    const deployments = `${kl.url}/apis/apps/v1/namespaces/default/deployments`;
    const d = await apply(`${deployments}/d`, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', labels: { applied: 'no' } }, status: { replicas: 0 } });
    t.equal(d.status, 200);
    t.notOk(d.json.metadata.labels?.applied, 'deployments keep their labels');
    const dEntry = d.json.metadata.managedFields?.find((e) => e.manager === 'status-ctl');
    t.same(dEntry?.fieldsV1, { 'f:status': { 'f:replicas': {} } }, 'labels are reset fields of deployments/status');

    // The main CSR resource keeps spec and status: an apply there owns only metadata (upstream's reset fields).
    const csrs = `${kl.url}/apis/certificates.k8s.io/v1/certificatesigningrequests`;
    const spec = { request: b64(RSA_CSR), signerName: 'example.com/signer', usages: ['client auth'] };
    t.equal((await call(csrs, 'POST', { metadata: { name: 'c' }, spec })).status, 201);
    const csr = await call(`${csrs}/c?fieldManager=csr-ctl&force=true`, 'PATCH', {
      apiVersion: 'certificates.k8s.io/v1',
      kind: 'CertificateSigningRequest',
      metadata: { name: 'c', labels: { a: 'b' } },
      spec: { ...spec, expirationSeconds: 3600 },
    }, 'application/apply-patch+yaml');
    t.equal(csr.status, 200);
    t.notOk('expirationSeconds' in csr.json.spec, 'the spec stays');
    const csrEntry = csr.json.metadata.managedFields?.find((e) => e.manager === 'csr-ctl');
    t.same(csrEntry?.fieldsV1, { 'f:metadata': { 'f:labels': { 'f:a': {} } } });
    t.same(
      csr.json.metadata.managedFields?.map((e) => e.manager),
      ['csr-ctl'],
      'the creator owned only spec fields, which are reset fields: its entry is empty, so absent',
    );
  });
});
