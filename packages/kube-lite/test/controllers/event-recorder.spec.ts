/**
 * The in-process controllers' event recorder (client-go's record.EventRecorder): a core/v1 Event named
 * `<name>.<nanoseconds in hex>` in the object's namespace (`default` for cluster-scoped objects), and a repeat counted
 * on the first event (count, lastTimestamp) until that event is gone.
 */
import { type ApiObject, isCreater, isGetter, isUpdater } from '@apiserver/registry';
import t from 'tap';
import { EventRecorder } from '../../src/controllers/event-recorder.js';
import { newEventStorage } from '../../src/registry/core/event/storage.js';
import { memoryGetter } from '../registry/core/core-fixtures.js';

t.test('events are created, counted on repeats, and created anew once the first is gone', async (t) => {
  const events = newEventStorage(memoryGetter(t)).events;
  if (events === undefined || !isCreater(events) || !isGetter(events) || !isUpdater(events) || !('list' in events)) throw new TypeError('events storage');
  let now = Date.parse('2026-12-01T10:00:00Z');
  const recorder = new EventRecorder({ events, component: 'test-controller', now: () => now });
  const pod = { apiVersion: 'v1', kind: 'Pod', namespace: 'ns1', name: 'p', uid: 'u-1' };
  await recorder.event(pod, 'Warning', 'Broken', 'it broke');
  now += 5000;
  await recorder.event(pod, 'Warning', 'Broken', 'it broke');
  const list = async (namespace: string) => ((await (events as unknown as { list(ctx: object, o: object): Promise<{ items: ApiObject[] }> }).list({ namespace }, {})).items);
  const [first, ...rest] = await list('ns1');
  t.same(rest, [], 'one event for the repeat');
  t.match(first, {
    metadata: { name: `p.${(BigInt(Date.parse('2026-12-01T10:00:00Z')) * 1_000_000n).toString(16)}`, namespace: 'ns1' },
    involvedObject: { kind: 'Pod', apiVersion: 'v1', namespace: 'ns1', name: 'p', uid: 'u-1' },
    reason: 'Broken',
    message: 'it broke',
    type: 'Warning',
    source: { component: 'test-controller' },
    reportingComponent: 'test-controller',
    firstTimestamp: '2026-12-01T10:00:00Z',
    lastTimestamp: '2026-12-01T10:00:05Z',
    count: 2,
  });

  await recorder.event({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name: 'r', uid: 'u-2' }, 'Normal', 'Seen', 'cluster-scoped');
  t.match(await list('default'), [{ involvedObject: { kind: 'ClusterRole', name: 'r', namespace: '' }, type: 'Normal' }], 'a cluster-scoped object’s event is in default');

  await (events as unknown as { delete(ctx: object, name: string): Promise<unknown> }).delete({ namespace: 'ns1' }, String(first?.metadata.name));
  now += 1000;
  await recorder.event(pod, 'Warning', 'Broken', 'it broke');
  t.match(await list('ns1'), [{ count: 1, firstTimestamp: '2026-12-01T10:00:06Z' }], 'a repeat after the first event is gone starts a new one');
});
