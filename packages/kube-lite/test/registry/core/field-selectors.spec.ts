/**
 * core/v1's field label conversion funcs (pkg/apis/core/v1 `conversion.go`, 1.32) on a started kube-lite: Services
 * select on `spec.clusterIP` and `spec.type` (1.31+); Node's and Namespace's own funcs do not accept
 * `metadata.namespace`; a kind without its own func (PersistentVolume) accepts both metadata labels. CSRs select on
 * `spec.signerName` (certificates/v1's func).
 */
import t from 'tap';
import { callJSON } from '../../http-json.js';
import { b64, EC_CSR } from '../certificates/pem-fixtures.js';
import { startKubeLite } from '../../../src/testing/index.js';

interface ListOrStatus {
  code?: number;
  message?: string;
  items?: { metadata: { name: string } }[];
}

const kl = await startKubeLite();
t.teardown(() => kl.stop());
const get = async (path: string) => (await callJSON<ListOrStatus>(`${kl.url}${path}`, 'GET')).json;
const names = (list: ListOrStatus) => (list.items ?? []).map((i) => i.metadata.name).sort();
const SERVICES = '/api/v1/namespaces/default/services';

t.test('services select on spec.type and spec.clusterIP', async (t) => {
  for (const [name, spec] of [
    ['plain', { ports: [{ port: 80 }] }],
    ['headless', { clusterIP: 'None', ports: [{ port: 80 }] }],
    ['external', { type: 'ExternalName', externalName: 'example.com' }],
    ['nodes', { type: 'NodePort', ports: [{ port: 80 }] }],
  ] as const) {
    const answer = await callJSON<ListOrStatus>(`${kl.url}${SERVICES}`, 'POST', { metadata: { name }, spec });
    t.equal(answer.status, 201, `${name}: ${answer.json.message ?? ''}`);
  }
  t.same(names(await get(`${SERVICES}?fieldSelector=spec.type%3DExternalName`)), ['external']);
  t.same(names(await get(`${SERVICES}?fieldSelector=spec.type%3DClusterIP`)), ['headless', 'kubernetes', 'plain'], 'the default kubernetes service too');
  t.same(names(await get(`${SERVICES}?fieldSelector=spec.clusterIP%3DNone`)), ['headless']);
  t.same(names(await get(`${SERVICES}?fieldSelector=spec.type!%3DClusterIP,spec.clusterIP%3D`)), ['external'], 'an ExternalName service has no cluster IP');
  t.same(names(await get(`/api/v1/services?fieldSelector=metadata.namespace%3Ddefault,spec.type%3DNodePort`)), ['nodes']);
  const unknown = await get(`${SERVICES}?fieldSelector=spec.ports%3D80`);
  t.same([unknown.code, unknown.message], [400, 'field label not supported: spec.ports'], "the Service func's answer");
});

t.test("Node's and Namespace's own funcs refuse metadata.namespace; PersistentVolume's default func takes it", async (t) => {
  for (const path of ['/api/v1/nodes', '/api/v1/namespaces']) {
    const answer = await get(`${path}?fieldSelector=metadata.namespace%3Dx`);
    t.same([answer.code, answer.message], [400, 'field label not supported: metadata.namespace'], path);
  }
  t.ok(names(await get('/api/v1/namespaces?fieldSelector=metadata.name%3Ddefault')).includes('default'));
  const pvs = await get('/api/v1/persistentvolumes?fieldSelector=metadata.namespace%3Dx');
  t.same([pvs.code, names(pvs)], [undefined, []], 'accepted, and nothing matches');
});

t.test('certificate signing requests select on spec.signerName; their own func refuses metadata.namespace', async (t) => {
  const CSRS = '/apis/certificates.k8s.io/v1/certificatesigningrequests';
  const request = b64(EC_CSR);
  for (const [name, signerName] of [['other', 'example.com/other'], ['custom', 'example.com/signer']] as const) {
    const answer = await callJSON<ListOrStatus>(`${kl.url}${CSRS}`, 'POST', { metadata: { name }, spec: { request, signerName, usages: ['client auth', 'digital signature'] } });
    t.equal(answer.status, 201, `${name}: ${answer.json.message ?? ''}`);
  }
  t.same(names(await get(`${CSRS}?fieldSelector=spec.signerName%3Dexample.com%2Fsigner`)), ['custom']);
  t.same(names(await get(`${CSRS}?fieldSelector=spec.signerName!%3Dexample.com%2Fsigner`)), ['other']);
  const refused = await get(`${CSRS}?fieldSelector=metadata.namespace%3Dx`);
  t.same([refused.code, refused.message], [400, 'field label not supported: metadata.namespace']);
});

t.test("pods: the legacy spec.host stands for spec.nodeName; status.podIPs is accepted; other labels are refused", async (t) => {
  const PODS = '/api/v1/namespaces/default/pods';
  for (const [name, nodeName] of [['on-a', 'node-a'], ['on-b', 'node-b']] as const) {
    const answer = await callJSON<ListOrStatus>(`${kl.url}${PODS}`, 'POST', { metadata: { name }, spec: { nodeName, containers: [{ name: 'c', image: 'nginx' }] } });
    t.equal(answer.status, 201, `${name}: ${answer.json.message ?? ''}`);
  }
  t.same(names(await get(`${PODS}?fieldSelector=spec.host%3Dnode-a`)), ['on-a']);
  t.same(names(await get(`${PODS}?fieldSelector=spec.nodeName%3Dnode-b`)), ['on-b']);
  t.same(names(await get(`${PODS}?fieldSelector=status.podIPs%3D`)), ['on-a', 'on-b'], 'no pod has the field: an empty value matches all');
  t.same(names(await get(`${PODS}?fieldSelector=status.podIPs%3D10.0.0.1`)), []);
  const refused = await get(`${PODS}?fieldSelector=spec.containers%3Dx`);
  t.same([refused.code, refused.message], [400, 'field label not supported: spec.containers']);
});
