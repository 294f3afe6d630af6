import t from 'tap';
import { utf8Bytes } from '../src/utf8-bytes.js';

const encoder = new TextEncoder();

/** A random string of `n` code units drawn from ASCII, Latin-1, BMP, surrogate pairs and lone surrogates. */
function randomText(n: number, seed: number): string {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x;
  };
  const pools = [() => 0x20 + (next() % 0x5f), () => next() % 0x80, () => 0x80 + (next() % 0x780), () => 0x800 + (next() % 0xd000), () => 0xd800 + (next() % 0x800)];
  let out = '';
  for (let i = 0; i < n; i++) out += String.fromCharCode((pools[next() % (next() % 7 === 0 ? pools.length : 1)] as () => number)());
  return out;
}

t.test('utf8Bytes gives TextEncoder.encode bytes, in a Uint8Array of its own', async (t) => {
  const texts = ['', 'a', '{"a":"b"}', 'é', '€', '😀', '\ud800', 'x\udc00y', `${'v'.repeat(3000)}\n`, 'ascii then é', '\u007f\u0080'];
  for (let i = 0; i < 200; i++) texts.push(randomText(i * 7, i + 1));
  for (const [i, text] of texts.entries()) {
    const bytes = utf8Bytes(text);
    const expected = encoder.encode(text);
    t.equal(Object.getPrototypeOf(bytes), Uint8Array.prototype, `text ${i}: a plain Uint8Array`);
    t.equal(bytes.byteOffset, 0);
    t.equal(bytes.buffer.byteLength, bytes.length, `text ${i}: its own buffer`);
    t.ok(Buffer.from(bytes).equals(Buffer.from(expected)), `text ${i}: the encoder's bytes`);
  }
});
