/**
 * storage.k8s.io/v1, certificates.k8s.io/v1 and autoscaling/v2+v1 through kubectl 1.32 in few calls (issue #18's
 * CPU budget): one `apply -f -` of every kind, `certificate approve` and `deny` (the `/approval` subresource),
 * `autoscale deployment` (kubectl 1.32 posts an autoscaling/v1 HPA: served from the v2 storage), one `get -o wide`
 * of the cluster-scoped kinds with their printer columns, one of the namespaced kinds, an immutable-field error,
 * and (memory backend only: it reads no storage) `explain`.
 */
import type { Test } from 'tap';
import type { Backend, Kubectl } from './harness.js';
import { b64, EC_CSR, RSA_CSR } from '../registry/certificates/pem-fixtures.js';
import { type PrintedTable, parseTables, rowOf } from './table.js';

const AGE = /^\d+s$/;
const DRIVER = 'ebs.csi.example.com';

function storageObjects(ns: string): object[] {
  const defaultClass = { 'storageclass.kubernetes.io/is-default-class': 'true' };
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } },
    { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'e2e-fast', annotations: defaultClass }, provisioner: DRIVER, allowVolumeExpansion: true },
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: DRIVER }, spec: { tokenRequests: [{ audience: 'vault' }] } },
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'e2e-node' }, spec: { drivers: [{ name: DRIVER, nodeID: 'i-0abc' }] } },
    {
      apiVersion: 'storage.k8s.io/v1',
      kind: 'VolumeAttachment',
      metadata: { name: 'e2e-va' },
      spec: { attacher: DRIVER, nodeName: 'e2e-node', source: { persistentVolumeName: 'pv-1' } },
    },
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name: 'e2e-cap', namespace: ns }, storageClassName: 'e2e-fast', capacity: '10Gi' },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: ns },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } },
    },
    csr('e2e-node-csr', EC_CSR, 'kubernetes.io/kubelet-serving', ['digital signature', 'server auth']),
    csr('e2e-user-csr', RSA_CSR, 'kubernetes.io/kube-apiserver-client', ['client auth']),
  ];
}

function csr(name: string, pem: string, signerName: string, usages: string[]): object {
  const spec = { request: b64(pem), signerName, usages, expirationSeconds: 86400 };
  return { apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name }, spec };
}

const EMPTY: PrintedTable = { headers: [], rows: [] };

async function approveAndDeny(t: Test, kubectl: Kubectl): Promise<void> {
  t.equal(await kubectl.ok(t, ['certificate', 'approve', 'e2e-node-csr']), 'certificatesigningrequest.certificates.k8s.io/e2e-node-csr approved\n');
  t.equal(await kubectl.ok(t, ['certificate', 'deny', 'e2e-user-csr']), 'certificatesigningrequest.certificates.k8s.io/e2e-user-csr denied\n');
}

function checkCSRs(t: Test, csrs: PrintedTable | undefined): void {
  t.same(csrs?.headers, ['NAME', 'AGE', 'SIGNERNAME', 'REQUESTOR', 'REQUESTEDDURATION', 'CONDITION']);
  const row = { AGE, REQUESTOR: /^\S+$/, REQUESTEDDURATION: '24h' };
  t.match(rowOf(csrs ?? EMPTY, 'certificatesigningrequest.certificates.k8s.io/e2e-node-csr'), { ...row, SIGNERNAME: 'kubernetes.io/kubelet-serving', CONDITION: 'Approved' });
  t.match(rowOf(csrs ?? EMPTY, 'certificatesigningrequest.certificates.k8s.io/e2e-user-csr'), { ...row, SIGNERNAME: 'kubernetes.io/kube-apiserver-client', CONDITION: 'Denied' });
}

/** Storage kinds (namespace `ns` holds the capacity); `explain` only on the memory backend. */
export async function storeKinds(t: Test, kubectl: Kubectl, ns: string, backend: Backend): Promise<void> {
  const applied = await kubectl.ok(t, ['apply', '-f', '-'], { input: storageObjects(ns).map((o) => JSON.stringify(o)).join('\n') });
  t.equal(
    applied,
    `namespace/${ns} created\nstorageclass.storage.k8s.io/e2e-fast created\ncsidriver.storage.k8s.io/${DRIVER} created\ncsinode.storage.k8s.io/e2e-node created\nvolumeattachment.storage.k8s.io/e2e-va created\ncsistoragecapacity.storage.k8s.io/e2e-cap created\ndeployment.apps/web created\n` +
      'certificatesigningrequest.certificates.k8s.io/e2e-node-csr created\ncertificatesigningrequest.certificates.k8s.io/e2e-user-csr created\n',
  );
  await approveAndDeny(t, kubectl);
  const [sc, drivers, nodes, attachments, csrs] = parseTables(await kubectl.ok(t, ['get', 'sc,csidrivers,csinodes,volumeattachments,csr', '-o', 'wide']));
  checkCSRs(t, csrs);
  t.same(sc?.headers, ['NAME', 'PROVISIONER', 'RECLAIMPOLICY', 'VOLUMEBINDINGMODE', 'ALLOWVOLUMEEXPANSION', 'AGE']);
  t.match(rowOf(sc ?? EMPTY, 'storageclass.storage.k8s.io/e2e-fast (default)'), {
    PROVISIONER: DRIVER,
    RECLAIMPOLICY: 'Delete',
    VOLUMEBINDINGMODE: 'Immediate',
    ALLOWVOLUMEEXPANSION: 'true',
    AGE,
  });
  t.same(drivers?.headers, ['NAME', 'ATTACHREQUIRED', 'PODINFOONMOUNT', 'STORAGECAPACITY', 'TOKENREQUESTS', 'REQUIRESREPUBLISH', 'MODES', 'AGE']);
  t.match(rowOf(drivers ?? EMPTY, `csidriver.storage.k8s.io/${DRIVER}`), {
    ATTACHREQUIRED: 'true',
    PODINFOONMOUNT: 'false',
    STORAGECAPACITY: 'false',
    TOKENREQUESTS: 'vault',
    REQUIRESREPUBLISH: 'false',
    MODES: 'Persistent',
  });
  t.same(nodes?.headers, ['NAME', 'DRIVERS', 'AGE']);
  t.match(rowOf(nodes ?? EMPTY, 'csinode.storage.k8s.io/e2e-node'), { DRIVERS: '1', AGE });
  t.same(attachments?.headers, ['NAME', 'ATTACHER', 'PV', 'NODE', 'ATTACHED', 'AGE']);
  t.match(rowOf(attachments ?? EMPTY, 'volumeattachment.storage.k8s.io/e2e-va'), { ATTACHER: DRIVER, PV: 'pv-1', NODE: 'e2e-node', ATTACHED: 'false' });
  t.equal(await kubectl.ok(t, ['autoscale', 'deployment', 'web', '--min=2', '--max=5', '--cpu-percent=70', '-n', ns]), 'horizontalpodautoscaler.autoscaling/web autoscaled\n');
  const [capacities, hpas] = parseTables(await kubectl.ok(t, ['get', 'csistoragecapacities,hpa', '-n', ns]));
  t.same(capacities, {
    headers: ['NAME', 'STORAGECLASSNAME', 'CAPACITY'],
    rows: [{ NAME: 'csistoragecapacity.storage.k8s.io/e2e-cap', STORAGECLASSNAME: 'e2e-fast', CAPACITY: '10Gi' }],
  });
  t.same(hpas?.headers, ['NAME', 'REFERENCE', 'TARGETS', 'MINPODS', 'MAXPODS', 'REPLICAS', 'AGE']);
  t.match(rowOf(hpas ?? EMPTY, 'horizontalpodautoscaler.autoscaling/web'), { REFERENCE: 'Deployment/web', TARGETS: 'cpu: <unknown>/70%', MINPODS: '2', MAXPODS: '5', REPLICAS: '0', AGE });
  await kubectl.fails(
    t,
    ['patch', 'sc', 'e2e-fast', '-p', '{"provisioner":"other.example.com","reclaimPolicy":"Retain"}'],
    /The StorageClass "e2e-fast" is invalid: \n\* provisioner: Forbidden: updates to provisioner are forbidden\.\n\* reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden\.\n/,
  );
  if (backend === 'memory') {
    const explained = await kubectl.ok(t, ['explain', 'sc.provisioner', '--api-version=storage.k8s.io/v1']);
    t.match(explained, /^GROUP:\s+storage\.k8s\.io\nKIND:\s+StorageClass\nVERSION:\s+v1\n\nFIELD: provisioner <string>\n/);
    const csrExplained = await kubectl.ok(t, ['explain', 'csr.spec.signerName']);
    t.match(csrExplained, /^GROUP:\s+certificates\.k8s\.io\nKIND:\s+CertificateSigningRequest\nVERSION:\s+v1\n\nFIELD: signerName <string>\n/);
    const hpaExplained = await kubectl.ok(t, ['explain', 'hpa.spec.behavior']);
    t.match(hpaExplained, /^GROUP:\s+autoscaling\nKIND:\s+HorizontalPodAutoscaler\nVERSION:\s+v2\n\nFIELD: behavior <HorizontalPodAutoscalerBehavior>\n/);
  }
  t.equal(
    await kubectl.ok(t, ['delete', 'sc/e2e-fast', `csidriver/${DRIVER}`, 'csinode/e2e-node', 'volumeattachment/e2e-va', 'csr/e2e-node-csr', 'csr/e2e-user-csr']),
    `storageclass.storage.k8s.io "e2e-fast" deleted\ncsidriver.storage.k8s.io "${DRIVER}" deleted\ncsinode.storage.k8s.io "e2e-node" deleted\nvolumeattachment.storage.k8s.io "e2e-va" deleted\n` +
      'certificatesigningrequest.certificates.k8s.io "e2e-node-csr" deleted\ncertificatesigningrequest.certificates.k8s.io "e2e-user-csr" deleted\n',
  );
}
