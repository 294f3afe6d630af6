/**
 * The services' in-use sets kept in storage (`RangeAllocation`s at /ranges/serviceips and /ranges/servicenodeports,
 * upstream's etcd-backed allocators): stores sharing a backend, as kube-lites sharing an etcd do, never hand out an
 * address or port twice; the stored bitmap has upstream's layout; each store adds what stored services hold on first
 * use, and rebuilds the set when it is missing or was made for another range.
 */
import type { ApiObject } from '@apiserver/registry';
import type { RESTOptionsGetter } from '../../../../src/registry/rest-options.js';
import t from 'tap';
import { ensureRecord } from '../../../../src/object-fields.js';
import { bitmapBytes, bitmapOffsets } from '../../../../src/registry/core/service/allocation-bitmap.js';
import { SERVICE_IP_ALLOCATIONS_KEY, SERVICE_NODE_PORT_ALLOCATIONS_KEY } from '../../../../src/registry/core/service/allocators.js';
import { newServiceStorage, ServiceREST } from '../../../../src/registry/core/service/storage.js';
import { ctxIn, memoryGetter, statusErrorOf } from '../core-fixtures.js';

const ctx = ctxIn('default');
const svc = (name: string, spec: Record<string, unknown> = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name },
  spec: { ports: [{ port: 80 }], selector: { app: name }, ...spec },
});
const specOf = (o: ApiObject): Record<string, unknown> => ensureRecord(o, 'spec');
const nodePortOf = (o: ApiObject): unknown => (specOf(o).ports as Array<Record<string, unknown>>)[0]?.nodePort;

function serviceStore(getter: RESTOptionsGetter, options = {}): ServiceREST {
  const store = newServiceStorage(getter, options).services;
  if (!(store instanceof ServiceREST)) throw new TypeError('services is not a ServiceREST');
  return store;
}

function rawStorage(getter: RESTOptionsGetter) {
  return getter.getRESTOptions({ group: '', resource: 'serviceipallocations' }).storage;
}

t.test('bitmap bytes are big.Int.Bytes() of the allocated offsets', async (t) => {
  t.same([...bitmapBytes([])], [], 'nothing allocated: no bytes');
  t.same([...bitmapBytes([0])], [0x01]);
  t.same([...bitmapBytes([8])], [0x01, 0x00], 'big-endian: offset 8 is the low bit of the leading byte');
  t.same([...bitmapBytes([0, 9, 15])], [0x82, 0x01]);
  t.same(bitmapOffsets(Uint8Array.of(0x82, 0x01)), [0, 9, 15]);
  t.same(bitmapOffsets(Uint8Array.of(0x00, 0x00, 0x05)), [0, 2], 'leading zero bytes are harmless');
});

t.test('two stores on one backend never hand out an address or a port twice', async (t) => {
  const getter = memoryGetter(t);
  const stores = [serviceStore(getter), serviceStore(getter)];
  const created = await Promise.all(
    Array.from({ length: 24 }, (_, i) => (stores[i % 2] as ServiceREST).create(ctx, svc(`s${i}`, { type: 'NodePort' }))),
  );
  const ips = created.map((o) => specOf(o).clusterIP);
  const ports = created.map(nodePortOf);
  t.equal(new Set(ips).size, 24, `24 distinct cluster IPs (${ips.join(' ')})`);
  t.equal(new Set(ports).size, 24, '24 distinct node ports');
  const stored = await rawStorage(getter).get(SERVICE_IP_ALLOCATIONS_KEY);
  t.match(stored, { apiVersion: 'v1', kind: 'RangeAllocation', range: '10.0.0.0/24' });
  const offsets = bitmapOffsets(Buffer.from(String(stored?.data), 'base64'));
  t.same(offsets, Array.from({ length: 24 }, (_, i) => i + 1), 'offsets 1..24 (10.0.0.2 to 10.0.0.25; offset 0, 10.0.0.1, stays reserved)');
  const portSet = await rawStorage(getter).get(SERVICE_NODE_PORT_ALLOCATIONS_KEY);
  t.match(portSet, { kind: 'RangeAllocation', range: '30000-32767' });

  const [a, b] = stores as [ServiceREST, ServiceREST];
  await a.delete(ctx, 's0');
  const again = await b.create(ctx, svc('again', { type: 'NodePort' }));
  t.equal(specOf(again).clusterIP, specOf(created[0] as ApiObject).clusterIP, "one store's delete frees the address for the other");
  t.equal(nodePortOf(again), nodePortOf(created[0] as ApiObject), 'and the node port');
  const taken = await statusErrorOf(t, a.create(ctx, svc('taken', { clusterIP: String(specOf(again).clusterIP) })));
  t.match(taken.status.message, /failed to allocate IP 10\.0\.0\.\d+: provided IP is already allocated/, 'a requested address the other store gave out is refused');
});

t.test('first use adds the stored services; a missing set is rebuilt from them', async (t) => {
  const getter = memoryGetter(t);
  const services = getter.getRESTOptions({ group: '', resource: 'services' });
  const written = { ...svc('old', { type: 'NodePort', clusterIP: '10.0.0.2', clusterIPs: ['10.0.0.2'], ports: [{ port: 80, nodePort: 30000 }] }), metadata: { name: 'old', namespace: 'default' } };
  await services.storage.create(`${services.resourcePrefix}/default/old`, written);
  const first = await serviceStore(getter).create(ctx, svc('first', { type: 'NodePort' }));
  t.match(specOf(first), { clusterIP: '10.0.0.3' }, 'no stored set: built from the stored services');
  t.equal(nodePortOf(first), 30001);

  // A service the stored set does not know (written by a server of the same etcd that kept its set in memory).
  await services.storage.create(`${services.resourcePrefix}/default/unknown`, { ...svc('unknown', { clusterIP: '10.0.0.4', clusterIPs: ['10.0.0.4'] }), metadata: { name: 'unknown', namespace: 'default' } });
  const second = await serviceStore(getter).create(ctx, svc('second'));
  t.equal(specOf(second).clusterIP, '10.0.0.5', "a new store's first use adds what the services hold to the stored set");

  await rawStorage(getter).delete(SERVICE_IP_ALLOCATIONS_KEY);
  const third = await serviceStore(getter).create(ctx, svc('third'));
  t.equal(specOf(third).clusterIP, '10.0.0.6', 'a deleted set is rebuilt, not started empty');
});

t.test('a set made for another range is rebuilt by a store of the new range; the old range is then refused', async (t) => {
  const getter = memoryGetter(t);
  const before = serviceStore(getter);
  t.equal(specOf(await before.create(ctx, svc('a'))).clusterIP, '10.0.0.2');
  const after = serviceStore(getter, { serviceClusterIPRange: '10.1.0.0/16' });
  t.equal(specOf(await after.create(ctx, svc('b'))).clusterIP, '10.1.0.2');
  t.match(await rawStorage(getter).get(SERVICE_IP_ALLOCATIONS_KEY), { range: '10.1.0.0/16' });
  const refused = await statusErrorOf(t, before.create(ctx, svc('c')));
  t.equal(refused.status.code, 500);
  t.match(refused.status.message, 'failed to allocate a serviceIP: the provided network does not match the current range');
});

t.test('repair rounds: an address no service holds is freed at the third round in a row', async (t) => {
  const getter = memoryGetter(t);
  const store = serviceStore(getter);
  const services = getter.getRESTOptions({ group: '', resource: 'services' });
  await store.create(ctx, svc('kept'));
  const leaked = await store.create(ctx, svc('leaked', { type: 'NodePort' }));
  // Deleted behind the allocator's back (as when a server dies between a write and its release): a leak.
  await services.storage.delete(`${services.resourcePrefix}/default/leaked`);
  const held = async () => bitmapOffsets(Buffer.from(String((await rawStorage(getter).get(SERVICE_IP_ALLOCATIONS_KEY))?.data), 'base64'));
  const heldPorts = async () => bitmapOffsets(Buffer.from(String((await rawStorage(getter).get(SERVICE_NODE_PORT_ALLOCATIONS_KEY))?.data), 'base64'));
  t.same(await held(), [1, 2]);
  await store.repairAllocations();
  await store.repairAllocations();
  t.same(await held(), [1, 2], 'kept for two rounds (it may belong to a service being created)');
  t.same(await heldPorts(), [0]);
  await store.repairAllocations();
  t.same(await held(), [1], 'freed at the third');
  t.same(await heldPorts(), [], 'and its node port');
  const next = await store.create(ctx, svc('next'));
  t.equal(specOf(next).clusterIP, specOf(leaked).clusterIP, 'the freed address is handed out again');

  // An address a service holds that the set lost (written by hand) is put back by the next round.
  await rawStorage(getter).guaranteedUpdate(SERVICE_IP_ALLOCATIONS_KEY, (current) => ({ object: { ...(current as ApiObject), data: '' } }));
  await store.repairAllocations();
  t.same(await held(), [1, 2], 'the services’ addresses are back in the set');
});

t.test('a repair round that races an allocation keeps the allocation', async (t) => {
  const getter = memoryGetter(t);
  const other = serviceStore(getter);
  await other.create(ctx, svc('first'));
  const raw = rawStorage(getter);
  let raced = false;
  const racing: RESTOptionsGetter = {
    getRESTOptions: (gr) => {
      const options = getter.getRESTOptions(gr);
      if (gr.resource !== 'serviceipallocations') return options;
      const guaranteedUpdate = async (...args: Parameters<typeof raw.guaranteedUpdate>) => {
        // The first write of the repair: another server allocates between its read and its write.
        if (!raced && args[0] === SERVICE_IP_ALLOCATIONS_KEY) {
          raced = true;
          await other.create(ctx, svc('racer'));
        }
        return options.storage.guaranteedUpdate(...args);
      };
      const storage = new Proxy(options.storage, {
        get: (target, prop) => {
          if (prop === 'guaranteedUpdate') return guaranteedUpdate;
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      return { ...options, storage };
    },
  };
  const repairing = serviceStore(racing);
  await repairing.repairAllocations();
  t.ok(raced, 'an allocation ran between the round’s read and its write');
  t.same(bitmapOffsets(Buffer.from(String((await raw.get(SERVICE_IP_ALLOCATIONS_KEY))?.data), 'base64')), [1, 2], 'both addresses stay allocated');
  t.equal(specOf(await repairing.create(ctx, svc('third'))).clusterIP, '10.0.0.4');
});
