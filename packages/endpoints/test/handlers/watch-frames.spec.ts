import t from 'tap';
import { SharedWatchFrames } from '../../src/handlers/watch-frames.js';

function counter(): { encode: () => Uint8Array; count: () => number } {
  let n = 0;
  return {
    encode: () => {
      n++;
      return new TextEncoder().encode(`frame ${n}\n`);
    },
    count: () => n,
  };
}

t.test('a frozen event object is encoded once per handler scope, media type and event type', async (t) => {
  const frames = new SharedWatchFrames();
  const scope = {};
  const object = Object.freeze({ metadata: Object.freeze({ name: 'a' }) });
  const { encode, count } = counter();
  const first = frames.forStream(scope, 'application/json').frame('MODIFIED', object, encode);
  for (let i = 0; i < 99; i++) t.equal(frames.forStream(scope, 'application/json').frame('MODIFIED', object, encode), first);
  t.equal(count(), 1, '100 watchers, one encoding');
  t.not(frames.forStream(scope, 'application/vnd.kubernetes.protobuf').frame('MODIFIED', object, encode), first, 'another media type');
  t.not(frames.forStream(scope, 'application/json').frame('DELETED', object, encode), first, 'another event type');
  t.not(frames.forStream({}, 'application/json').frame('MODIFIED', object, encode), first, 'another handler scope (kind, version)');
  t.equal(count(), 4);
});

t.test('objects that are not frozen (a decorated or converted copy) are encoded for every watcher', async (t) => {
  const frames = new SharedWatchFrames();
  const scope = {};
  const object = { metadata: { name: 'a' } };
  const { encode, count } = counter();
  const stream = frames.forStream(scope, 'application/json');
  const a = stream.frame('ADDED', object, encode);
  object.metadata.name = 'changed';
  const b = stream.frame('ADDED', object, encode);
  t.equal(count(), 2);
  t.not(Buffer.from(a).toString(), Buffer.from(b).toString());
});
