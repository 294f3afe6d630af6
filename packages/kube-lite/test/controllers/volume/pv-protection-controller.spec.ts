import { type ApiObject, PV_PROTECTION_FINALIZER, StatusREST, Store } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import t from 'tap';
import { isVolumeBound, PVProtectionController } from '../../../src/controllers/volume/pv-protection-controller.js';
import { newPersistentVolumeStorage } from '../../../src/registry/core/persistentvolume/storage.js';
import { memoryGetter, mutated } from '../../registry/core/core-fixtures.js';
import { until } from '../until.js';

const volume = (name: string, finalizers?: string[]): ApiObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name, ...(finalizers !== undefined && { finalizers }) },
  spec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '5Gi' }, hostPath: { path: '/data' } },
});

t.test('pv-protection: added when missing, kept while Bound, removed otherwise', async (t) => {
  const map = newPersistentVolumeStorage(memoryGetter(t));
  const volumes = map['persistentvolumes'];
  const status = map['persistentvolumes/status'];
  if (!(volumes instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  const finalizersOf = async (name: string): Promise<string[] | undefined> =>
    volumes.get({}, name).then(
      (v) => v.metadata.finalizers ?? [],
      (err: unknown) => (isNotFound(err) ? undefined : Promise.reject(err)),
    );
  t.ok(isVolumeBound({ metadata: {}, status: { phase: 'Bound' } }));
  t.notOk(isVolumeBound({ metadata: {}, status: { phase: 'Released' } }));
  t.notOk(isVolumeBound({ metadata: {} }));
  const errors: unknown[] = [];
  const controller = new PVProtectionController({ volumes, retry: { initialDelayMs: 5 }, onError: (e) => errors.push(e) });
  await volumes.create({}, volume('legacy'));
  controller.start();
  t.teardown(() => controller.stop());
  await until(t, 'the finalizer added to a volume made without it', async () => (await finalizersOf('legacy'))?.includes(PV_PROTECTION_FINALIZER) === true);
  await volumes.create({}, volume('bound', [PV_PROTECTION_FINALIZER]));
  await status.update({}, 'bound', mutated((v) => (v['status'] = { phase: 'Bound' })), undefined, undefined, false);
  await volumes.delete({}, 'bound');
  await volumes.delete({}, 'legacy');
  await until(t, 'the unbound volume gone', async () => (await finalizersOf('legacy')) === undefined);
  await controller.syncVolume('bound');
  t.same(await finalizersOf('bound'), [PV_PROTECTION_FINALIZER], 'a Bound volume keeps it');
  await status.update({}, 'bound', mutated((v) => (v['status'] = { phase: 'Released' })), undefined, undefined, false);
  await until(t, 'the released volume gone', async () => (await finalizersOf('bound')) === undefined);
  await controller.syncVolume('missing');
  t.same(errors, []);
});
