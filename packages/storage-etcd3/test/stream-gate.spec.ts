import { WatchQueue } from '@apiserver/storage';
import t from 'tap';
import { isPausable, StreamGate, watchBufferHighWater, watchBufferLowWater } from '../src/stream-gate.js';

t.test('pauses at the high-water mark and resumes at the low one', async (t) => {
  const calls: string[] = [];
  const stream = { pause: () => calls.push('pause'), resume: () => calls.push('resume') };
  const queue = new WatchQueue();
  const gate = new StreamGate(queue);
  gate.attach(stream);
  const watch = gate.wrap(queue);
  const it = watch[Symbol.asyncIterator]();
  const push = (i: number): void => {
    queue.push({ type: 'ADDED', object: { metadata: { name: `p${i}` } } });
    gate.afterPush();
  };
  for (let i = 0; i < watchBufferHighWater - 1; i++) push(i);
  t.same(calls, [], 'below the mark nothing happens');
  push(watchBufferHighWater);
  push(watchBufferHighWater + 1);
  t.same(calls, ['pause'], 'paused once');
  t.ok(gate.paused);
  while (queue.length > watchBufferLowWater + 1) await it.next();
  t.same(calls, ['pause'], 'still paused above the low mark');
  await it.next();
  t.same(calls, ['pause', 'resume'], 'resumed at the low mark');
  t.notOk(gate.paused);
  await it.return?.();
  t.ok(queue.closed, 'leaving the loop stops the watch');
  watch.stop();
});

t.test('streams that cannot pause are ignored', async (t) => {
  t.notOk(isPausable({ pause: () => undefined }));
  t.notOk(isPausable(null));
  t.ok(isPausable({ pause: () => undefined, resume: () => undefined }));
  const queue = new WatchQueue();
  const gate = new StreamGate(queue);
  gate.attach({});
  for (let i = 0; i <= watchBufferHighWater; i++) {
    queue.push({ type: 'ADDED', object: { metadata: {} } });
    gate.afterPush();
  }
  t.notOk(gate.paused);
});
