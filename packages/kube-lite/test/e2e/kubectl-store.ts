/**
 * storage.k8s.io/v1 through kubectl 1.32 in few calls (issue #18's CPU budget): one `apply -f -` of every kind,
 * one `get -o wide` of the cluster-scoped kinds with their printer columns, the namespaced capacities, an
 * immutable-field error, and (memory backend only: it reads no storage) `explain`.
 */
import type { Test } from 'tap';
import type { Backend, Kubectl } from './harness.js';
import { parseTables, rowOf } from './table.js';

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
  ];
}

/** Storage kinds (namespace `ns` holds the capacity); `explain` only on the memory backend. */
export async function storeKinds(t: Test, kubectl: Kubectl, ns: string, backend: Backend): Promise<void> {
  const applied = await kubectl.ok(t, ['apply', '-f', '-'], { input: storageObjects(ns).map((o) => JSON.stringify(o)).join('\n') });
  t.equal(
    applied,
    `namespace/${ns} created\nstorageclass.storage.k8s.io/e2e-fast created\ncsidriver.storage.k8s.io/${DRIVER} created\ncsinode.storage.k8s.io/e2e-node created\nvolumeattachment.storage.k8s.io/e2e-va created\ncsistoragecapacity.storage.k8s.io/e2e-cap created\n`,
  );
  const [sc, drivers, nodes, attachments] = parseTables(await kubectl.ok(t, ['get', 'sc,csidrivers,csinodes,volumeattachments', '-o', 'wide']));
  t.same(sc?.headers, ['NAME', 'PROVISIONER', 'RECLAIMPOLICY', 'VOLUMEBINDINGMODE', 'ALLOWVOLUMEEXPANSION', 'AGE']);
  t.match(rowOf(sc ?? { headers: [], rows: [] }, 'storageclass.storage.k8s.io/e2e-fast (default)'), {
    PROVISIONER: DRIVER,
    RECLAIMPOLICY: 'Delete',
    VOLUMEBINDINGMODE: 'Immediate',
    ALLOWVOLUMEEXPANSION: 'true',
    AGE,
  });
  t.same(drivers?.headers, ['NAME', 'ATTACHREQUIRED', 'PODINFOONMOUNT', 'STORAGECAPACITY', 'TOKENREQUESTS', 'REQUIRESREPUBLISH', 'MODES', 'AGE']);
  t.match(rowOf(drivers ?? { headers: [], rows: [] }, `csidriver.storage.k8s.io/${DRIVER}`), {
    ATTACHREQUIRED: 'true',
    PODINFOONMOUNT: 'false',
    STORAGECAPACITY: 'false',
    TOKENREQUESTS: 'vault',
    REQUIRESREPUBLISH: 'false',
    MODES: 'Persistent',
  });
  t.same(nodes?.headers, ['NAME', 'DRIVERS', 'AGE']);
  t.match(rowOf(nodes ?? { headers: [], rows: [] }, 'csinode.storage.k8s.io/e2e-node'), { DRIVERS: '1', AGE });
  t.same(attachments?.headers, ['NAME', 'ATTACHER', 'PV', 'NODE', 'ATTACHED', 'AGE']);
  t.match(rowOf(attachments ?? { headers: [], rows: [] }, 'volumeattachment.storage.k8s.io/e2e-va'), { ATTACHER: DRIVER, PV: 'pv-1', NODE: 'e2e-node', ATTACHED: 'false' });
  const [capacities] = parseTables(await kubectl.ok(t, ['get', 'csistoragecapacities', '-n', ns]));
  t.same(capacities, { headers: ['NAME', 'STORAGECLASSNAME', 'CAPACITY'], rows: [{ NAME: 'e2e-cap', STORAGECLASSNAME: 'e2e-fast', CAPACITY: '10Gi' }] });
  await kubectl.fails(
    t,
    ['patch', 'sc', 'e2e-fast', '-p', '{"provisioner":"other.example.com","reclaimPolicy":"Retain"}'],
    /The StorageClass "e2e-fast" is invalid: \n\* provisioner: Forbidden: updates to provisioner are forbidden\.\n\* reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden\.\n/,
  );
  if (backend === 'memory') {
    const explained = await kubectl.ok(t, ['explain', 'sc.provisioner', '--api-version=storage.k8s.io/v1']);
    t.match(explained, /^GROUP:\s+storage\.k8s\.io\nKIND:\s+StorageClass\nVERSION:\s+v1\n\nFIELD: provisioner <string>\n/);
  }
  t.equal(
    await kubectl.ok(t, ['delete', 'sc/e2e-fast', `csidriver/${DRIVER}`, 'csinode/e2e-node', 'volumeattachment/e2e-va']),
    `storageclass.storage.k8s.io "e2e-fast" deleted\ncsidriver.storage.k8s.io "${DRIVER}" deleted\ncsinode.storage.k8s.io "e2e-node" deleted\nvolumeattachment.storage.k8s.io "e2e-va" deleted\n`,
  );
}
