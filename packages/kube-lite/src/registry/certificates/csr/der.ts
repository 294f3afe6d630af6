/**
 * A minimal DER reader (ITU-T X.690): tag-length-value elements, definite lengths only, as X.509 and PKCS#10
 * use them; enough to take a certificate request apart.
 * @module
 */

/** One DER element of `buf`: its tag byte and where its header and contents lie. */
export interface DerElement {
  /** The identifier octet (single-byte tags only). */
  readonly tag: number;
  /** Offset of the identifier octet. */
  readonly start: number;
  /** Offset of the first content octet. */
  readonly contentStart: number;
  /** Offset just past the contents. */
  readonly end: number;
}

/** DER universal and context tags used by PKCS#10. */
export const DER_TAG = { INTEGER: 0x02, BIT_STRING: 0x03, NULL: 0x05, OID: 0x06, SEQUENCE: 0x30, SET: 0x31, CONTEXT_0: 0xa0 } as const;

/** A malformed DER input, with Go's `asn1: syntax error` wording. */
export class DerSyntaxError extends Error {
  constructor(msg: string) {
    super(`asn1: syntax error: ${msg}`);
  }
}

/** Reads the element at `offset`, bounded by `limit`. */
export function readElement(buf: Uint8Array, offset: number, limit = buf.length): DerElement {
  if (offset + 2 > limit) throw new DerSyntaxError('data truncated');
  const tag = buf[offset] ?? 0;
  if ((tag & 0x1f) === 0x1f) throw new DerSyntaxError('multi-byte tags are not supported');
  const first = buf[offset + 1] ?? 0;
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n === 0) throw new DerSyntaxError('indefinite length found (not DER)');
    if (n > 4 || offset + 2 + n > limit) throw new DerSyntaxError('data truncated');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + (buf[offset + 2 + i] ?? 0);
    header += n;
  }
  const end = offset + header + length;
  if (end > limit) throw new DerSyntaxError('data truncated');
  return { tag, start: offset, contentStart: offset + header, end };
}

/** Reads the element at `offset` and checks its tag. */
export function expectElement(buf: Uint8Array, offset: number, tag: number, limit = buf.length): DerElement {
  const el = readElement(buf, offset, limit);
  if (el.tag !== tag) throw new DerSyntaxError(`tags don't match (expected ${tag.toString(16)}, found ${el.tag.toString(16)})`);
  return el;
}

/** The dotted form of an OBJECT IDENTIFIER element. */
export function oidOf(buf: Uint8Array, el: DerElement): string {
  const parts: number[] = [];
  let value = 0;
  for (let i = el.contentStart; i < el.end; i++) {
    const b = buf[i] ?? 0;
    value = value * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) {
      if (parts.length === 0) parts.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}
