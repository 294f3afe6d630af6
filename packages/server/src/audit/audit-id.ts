/**
 * New audit IDs: random (version 4) UUIDs, as upstream's `uuid.New().String()`, written as flat strings.
 *
 * `crypto.randomUUID()` builds its text by concatenation, and node's header validation (`setHeader` runs a regular
 * expression over the value) must first copy such a string into one piece: for the `Audit-Id` of every request that
 * cost more than making the UUID. Here the hex digits are written into a byte template and read back as one latin1
 * string, from random bytes drawn in batches from the same source (`crypto.randomFillSync`).
 * @module
 */
import { randomFillSync } from 'node:crypto';

const UUID_LENGTH = 36;
/** Random bytes for this many UUIDs are drawn at once. */
const BATCH = 256;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
/** Where the two hex digits of each of the 16 bytes go in `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. */
const DIGIT_OFFSETS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

const random = Buffer.alloc(16 * BATCH);
let next = random.length;
const text = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1');

/** A new random UUID (RFC 9562 version 4, variant `10`) in lower-case hex, e.g. `0b1c…-…`. */
export function newAuditID(): string {
  if (next === random.length) {
    randomFillSync(random);
    next = 0;
  }
  const at = next;
  next += 16;
  // Version 4 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
  random[at + 6] = ((random[at + 6] as number) & 0x0f) | 0x40;
  random[at + 8] = ((random[at + 8] as number) & 0x3f) | 0x80;
  for (let i = 0; i < 16; i++) {
    const byte = random[at + i] as number;
    const digit = DIGIT_OFFSETS[i] as number;
    text[digit] = HEX_DIGITS[byte >> 4] as number;
    text[digit + 1] = HEX_DIGITS[byte & 0x0f] as number;
  }
  return text.toString('latin1', 0, UUID_LENGTH);
}
