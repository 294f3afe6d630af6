import { type ApiObject, PVC_PROTECTION_FINALIZER, Store } from '@apiserver/registry';
import { isConflict, isNotFound, newInternalError } from '@apiserver/runtime';
import t, { type Test } from 'tap';
import { claimNamesOf, isPodTerminated, podIsShutDown, podUsesClaim } from '../../../src/controllers/volume/pod-volumes.js';
import { PVCProtectionController } from '../../../src/controllers/volume/pvc-protection-controller.js';
import { removeFinalizer } from '../../../src/controllers/volume/protection-util.js';
import { newPersistentVolumeClaimStorage } from '../../../src/registry/core/persistentvolumeclaim/storage.js';
import { newPodStorage } from '../../../src/registry/core/pod/storage.js';
import { ctxIn, memoryGetter, mutated } from '../../registry/core/core-fixtures.js';
import { until } from '../until.js';

const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const claim = (name: string, metadata: Rec = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name, ...metadata },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
});

const pod = (name: string, volumes: Rec[], spec: Rec = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', uid: `uid-${name}` },
  spec: { containers: [{ name: 'c', image: 'nginx' }], volumes, ...spec },
});

const pvcVolume = (claimName: string): Rec => ({ name: 'v', persistentVolumeClaim: { claimName } });
const ephemeralVolume: Rec = { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } };

function stores(t: Test): { claims: Store; pods: Store } {
  const getter = memoryGetter(t);
  const claims = newPersistentVolumeClaimStorage(getter)['persistentvolumeclaims'];
  const pods = newPodStorage(getter)['pods'];
  if (!(claims instanceof Store) || !(pods instanceof Store)) throw new TypeError('unexpected storage');
  return { claims, pods };
}

async function finalizersOf(claims: Store, name: string): Promise<string[] | undefined> {
  try {
    return (await claims.get(ctx, name)).metadata.finalizers ?? [];
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

t.test('pod-volumes: claims named, terminated and shut-down pods, who uses a claim', async (t) => {
  const p = pod('web', [pvcVolume('data'), ephemeralVolume, { name: 'tmp', emptyDir: {} }]);
  t.same(claimNamesOf(p), ['data', 'web-scratch']);
  t.notOk(podUsesClaim(p, claim('data', { namespace: 'default' })), 'an unscheduled pod uses nothing');
  const bound = pod('web', [pvcVolume('data'), ephemeralVolume], { nodeName: 'n1' });
  t.ok(podUsesClaim(bound, claim('data', { namespace: 'default' })), 'a scheduled pod uses its claim');
  t.notOk(podUsesClaim(bound, claim('other', { namespace: 'default' })));
  const owned = claim('web-scratch', { namespace: 'default', ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'web', uid: 'uid-web', controller: true }] });
  t.ok(podUsesClaim(bound, owned), 'the ephemeral claim it controls');
  t.notOk(podUsesClaim(bound, claim('web-scratch', { namespace: 'default' })), 'a same-named claim it does not control');
  t.notOk(podUsesClaim(bound, { ...owned, metadata: { ...owned.metadata, namespace: 'other' } }), 'nor one in another namespace');
  const forced = { ...bound, metadata: { ...bound.metadata, deletionTimestamp: '2026-01-01T00:00:00Z', deletionGracePeriodSeconds: 0 } };
  t.ok(podIsShutDown(forced));
  t.notOk(podUsesClaim(forced, owned), 'a shut-down pod releases its ephemeral claim');
  t.ok(podUsesClaim(forced, claim('data', { namespace: 'default' })), 'but not a claim it names');
  t.notOk(isPodTerminated(bound));
  t.ok(isPodTerminated({ ...bound, status: { phase: 'Succeeded' } }));
  t.ok(isPodTerminated({ ...bound, status: { phase: 'Failed' } }));
  const deleting = { ...bound, metadata: { ...bound.metadata, deletionTimestamp: '2026-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 } };
  t.ok(isPodTerminated(deleting), 'being deleted, no container status');
  t.notOk(podIsShutDown(deleting));
  t.notOk(isPodTerminated({ ...deleting, status: { containerStatuses: [{ name: 'c', state: { running: {} } }] } }), 'a running container');
  t.notOk(isPodTerminated({ ...deleting, status: { initContainerStatuses: [{ name: 'i', state: { running: {} } }] } }), 'a running init container');
  t.ok(isPodTerminated({ ...deleting, status: { containerStatuses: [{ name: 'c', state: { terminated: { exitCode: 0 } } }, { name: 'd', state: { waiting: {} } }] } }));
});

t.test('pvc-protection: finalizer kept while a scheduled pod uses the claim, removed after', async (t) => {
  const { claims, pods } = stores(t);
  const errors: unknown[] = [];
  const controller = new PVCProtectionController({ claims, pods, retry: { initialDelayMs: 5 }, onError: (e) => errors.push(e) });
  await claims.create(ctx, claim('legacy'));
  controller.start();
  t.teardown(() => controller.stop());
  await until(t, 'the finalizer added to a claim made without it', async () => (await finalizersOf(claims, 'legacy'))?.includes(PVC_PROTECTION_FINALIZER) === true);
  t.same(await finalizersOf(claims, 'legacy'), [PVC_PROTECTION_FINALIZER]);

  await claims.create(ctx, claim('used', { finalizers: ['example.com/keep', PVC_PROTECTION_FINALIZER] }));
  await pods.create(ctx, pod('runner', [pvcVolume('used')], { nodeName: 'n1' }));
  await pods.create(ctx, pod('pending', [pvcVolume('legacy')]));
  await claims.delete(ctx, 'used');
  await claims.delete(ctx, 'legacy');
  await until(t, 'the claim only an unscheduled pod names is gone', async () => (await finalizersOf(claims, 'legacy')) === undefined);
  await controller.syncClaim('default/used');
  t.same(await finalizersOf(claims, 'used'), ['example.com/keep', PVC_PROTECTION_FINALIZER], 'kept while the scheduled pod exists');
  await pods.delete(ctx, 'runner', undefined, { gracePeriodSeconds: 0 });
  await until(t, 'the finalizer removed once the pod is gone', async () => (await finalizersOf(claims, 'used'))?.includes(PVC_PROTECTION_FINALIZER) === false);
  t.same(await finalizersOf(claims, 'used'), ['example.com/keep'], 'the other finalizers stay');
  await controller.syncClaim('default/missing');
  await controller.stop();
  t.same(errors, []);
});

t.test('pvc-protection: a pod being deleted still holds the claims it names; its ephemeral claim goes once it is shut down', async (t) => {
  const { claims, pods } = stores(t);
  const controller = new PVCProtectionController({ claims, pods, retry: { initialDelayMs: 5 } });
  const spec = { nodeName: 'n1', terminationGracePeriodSeconds: 30 };
  const runner = await pods.create(ctx, { ...pod('job', [pvcVolume('data'), ephemeralVolume], spec), metadata: { name: 'job', finalizers: ['example.com/hold'] } });
  const owner = { apiVersion: 'v1', kind: 'Pod', name: 'job', uid: runner.metadata.uid ?? '', controller: true };
  await claims.create(ctx, claim('data', { finalizers: [PVC_PROTECTION_FINALIZER] }));
  await claims.create(ctx, claim('job-scratch', { finalizers: [PVC_PROTECTION_FINALIZER], ownerReferences: [owner] }));
  await claims.delete(ctx, 'data');
  await claims.delete(ctx, 'job-scratch');
  await controller.syncClaim('default/job-scratch');
  t.same(await finalizersOf(claims, 'job-scratch'), [PVC_PROTECTION_FINALIZER], 'a running pod keeps its ephemeral claim');
  await pods.delete(ctx, 'job', undefined, {});
  await controller.syncClaim('default/job-scratch');
  t.same(await finalizersOf(claims, 'job-scratch'), [PVC_PROTECTION_FINALIZER], 'a pod in its grace period too');
  controller.start();
  t.teardown(() => controller.stop());
  await pods.delete(ctx, 'job', undefined, { gracePeriodSeconds: 0 });
  t.equal((await pods.get(ctx, 'job')).metadata.deletionGracePeriodSeconds, 0, 'the pod stays, held by its finalizer');
  await until(t, 'the ephemeral claim released', async () => (await finalizersOf(claims, 'job-scratch')) === undefined);
  t.same(await finalizersOf(claims, 'data'), [PVC_PROTECTION_FINALIZER], 'the named claim is still used');
  await pods.update(ctx, 'job', mutated((p) => delete p.metadata.finalizers), undefined, undefined, false, {});
  await until(t, 'the named claim released once the pod is gone', async () => (await finalizersOf(claims, 'data')) === undefined);
});

t.test('pvc-protection: the update carries the resourceVersion read; a failed pod list removes nothing', async (t) => {
  const { claims, pods } = stores(t);
  await claims.create(ctx, claim('data', { finalizers: [PVC_PROTECTION_FINALIZER] }));
  const stale = await claims.get(ctx, 'data');
  await claims.delete(ctx, 'data');
  const err = await removeFinalizer(claims, stale, PVC_PROTECTION_FINALIZER).then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(isConflict(err), 'the update carries the resourceVersion read');
  const failing = { ...pods, list: () => Promise.reject(newInternalError('pods down')) };
  const broken = new PVCProtectionController({ claims, pods: failing as unknown as Store });
  await t.rejects(broken.syncClaim('default/data'), /pods down/);
  t.same(await finalizersOf(claims, 'data'), [PVC_PROTECTION_FINALIZER], 'nothing removed without knowing');
});
