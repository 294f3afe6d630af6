import t from 'tap';
import { canonicalJSON, jsonCodec } from '../src/index.js';

t.test('a __proto__ data key survives the canonical JSON codec (it was silently lost)', async (t) => {
  const obj = JSON.parse('{"metadata":{"name":"a"},"data":{"__proto__":"x","b":"y"}}');
  t.equal(canonicalJSON(obj), '{"data":{"__proto__":"x","b":"y"},"metadata":{"name":"a"}}');
  const back = jsonCodec.decode(jsonCodec.encode(obj)) as unknown as { data: Record<string, unknown> };
  t.same(Object.keys(back.data), ['__proto__', 'b']);
  t.equal(Object.getOwnPropertyDescriptor(back.data, '__proto__')?.value, 'x');
  t.equal(Object.getPrototypeOf(back.data), Object.prototype, 'the prototype is untouched');
});

t.test('a __proto__ key holding an object stays data, not a prototype', async (t) => {
  const obj = JSON.parse('{"metadata":{},"spec":{"__proto__":{"polluted":true}}}');
  t.equal(canonicalJSON(obj), '{"metadata":{},"spec":{"__proto__":{"polluted":true}}}');
  const back = jsonCodec.decode(jsonCodec.encode(obj)) as unknown as { spec: Record<string, unknown> };
  t.equal(back.spec['polluted'], undefined, 'nothing inherited');
  t.same(Object.keys(back.spec), ['__proto__']);
});
