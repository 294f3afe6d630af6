/** A create stores the canonical JSON of the object without resourceVersion and selfLink, and leaves the caller's object alone. */
import { createJSONCodec, deepCopy, identityTransformer, jsonCodec, type StorageObject, type ValueTransformer } from '@apiserver/storage';
import t from 'tap';
import { MemoryBackend } from '../src/memory-backend.js';

/** The identity transformer, keeping the plain bytes of every write. */
function recordingTransformer(): { transformer: ValueTransformer; written: Uint8Array[] } {
  const written: Uint8Array[] = [];
  const transformer: ValueTransformer = {
    transformFromStorage: identityTransformer.transformFromStorage,
    transformToStorage: (data) => {
      written.push(data);
      return data;
    },
  };
  return { transformer, written };
}

/** What the create path encoded before: the canonical JSON of a deep copy with the two fields deleted. */
function expectedBytes(obj: StorageObject): string {
  const copy = deepCopy(obj);
  delete copy.metadata.resourceVersion;
  delete copy.metadata.selfLink;
  return new TextDecoder().decode(jsonCodec.encode(copy));
}

const objects = (): StorageObject[] => [
  { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', namespace: 'ns', selfLink: '/x', labels: { b: '1', a: '2' } }, data: { z: 'v', y: 'w' } } as StorageObject,
  { metadata: { resourceVersion: '', name: 'b', uid: 'u', managedFields: [{ manager: 'm', fieldsV1: { 'f:data': {} } }] }, spec: { items: [{ y: 1, x: undefined }] } } as StorageObject,
  JSON.parse('{"metadata":{"name":"c","__proto__":{"x":1}},"data":{"__proto__":"p"}}') as StorageObject,
];

for (const [label, codec] of [['the built-in codec', undefined], ['a codec of its own', createJSONCodec()]] as const) {
  t.test(`create with ${label} stores what encoding a prepared deep copy gives`, async (t) => {
    const backend = new MemoryBackend({ compactionIntervalMs: 0 });
    t.teardown(() => backend.close());
    const { transformer, written } = recordingTransformer();
    const s = backend.storage({ transformer, ...(codec === undefined ? {} : { codec }) });
    for (const [i, obj] of objects().entries()) {
      const before = JSON.stringify(obj);
      const beforeKeys = Object.keys(obj.metadata);
      const want = expectedBytes(obj);
      const created = await s.create(`/things/${i}`, obj);
      t.equal(new TextDecoder().decode(written.at(-1)), want, `object ${i}: stored bytes`);
      t.equal(JSON.stringify(obj), before, `object ${i}: the caller's object is unchanged`);
      t.same(Object.keys(obj.metadata), beforeKeys, `object ${i}: its metadata keeps its fields`);
      t.not(created.metadata, obj.metadata, `object ${i}: the result is another object`);
      const decoded = jsonCodec.decode(written.at(-1) as Uint8Array);
      decoded.metadata.resourceVersion = created.metadata.resourceVersion;
      t.equal(JSON.stringify(created), JSON.stringify(decoded), `object ${i}: the result is what decoding the stored bytes gives`);
      t.same(Object.keys(created.metadata), Object.keys(decoded.metadata), `object ${i}: in the same order`);
    }
  });
}
