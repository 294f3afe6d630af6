/**
 * IP addresses and prefixes as Go's `net/netip` parses them for Kubernetes' CEL ip and cidr
 * libraries: dotted-decimal IPv4 without leading zeros, IPv6 (with an optional dotted IPv4
 * tail), no zones, IPv4-mapped IPv6 refused; addresses print canonically (RFC 5952).
 *
 * @module
 */

/** A parsed address: 4 or 16 bytes. */
export interface IPAddress {
  readonly family: 4 | 6;
  readonly bytes: Uint8Array;
}

/** A parsed prefix (`10.0.0.0/8`). */
export interface IPPrefix {
  readonly addr: IPAddress;
  readonly bits: number;
}

const V4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

function parseV4(s: string): Uint8Array | undefined {
  const m = V4.exec(s);
  if (m === null) return undefined;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? Uint8Array.from(parts) : undefined;
}

function groupsOf(part: string): number[] | undefined {
  if (part === '') return [];
  const out: number[] = [];
  const pieces = part.split(':');
  for (const [i, piece] of pieces.entries()) {
    if (i === pieces.length - 1 && piece.includes('.')) {
      const v4 = parseV4(piece);
      if (v4 === undefined) return undefined;
      out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    } else if (HEX_GROUP.test(piece)) {
      out.push(Number.parseInt(piece, 16));
    } else {
      return undefined;
    }
  }
  return out;
}

function parseV6(s: string): Uint8Array | undefined {
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return Uint8Array.from(groups.flatMap((g) => [g >> 8, g & 0xff]));
}

/** Parses an address; throws with the reason when it is not one Kubernetes accepts. */
export function parseIPAddress(s: string): IPAddress {
  if (s.includes('%')) throw new Error(`IP address ${JSON.stringify(s)} with zone value is not allowed`);
  const v4 = parseV4(s);
  if (v4 !== undefined) return { family: 4, bytes: v4 };
  const v6 = s.includes(':') ? parseV6(s) : undefined;
  if (v6 === undefined) throw new Error(`IP Address ${JSON.stringify(s)} parse error during conversion from string: ParseAddr(${JSON.stringify(s)}): unable to parse IP`);
  if (v6.slice(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff) {
    throw new Error(`IPv4-mapped IPv6 address ${JSON.stringify(s)} is not allowed`);
  }
  return { family: 6, bytes: v6 };
}

/** Parses a prefix (`addr/bits`); throws with the reason when it is not one. */
export function parseIPPrefix(s: string): IPPrefix {
  const slash = s.lastIndexOf('/');
  const bitsText = s.slice(slash + 1);
  const fail = (): never => {
    throw new Error(`network address parse error during conversion from string: netip.ParsePrefix(${JSON.stringify(s)}): invalid prefix`);
  };
  if (slash < 0 || !/^(0|[1-9]\d*)$/.test(bitsText)) return fail();
  let addr: IPAddress;
  try {
    addr = parseIPAddress(s.slice(0, slash));
  } catch {
    return fail();
  }
  const bits = Number(bitsText);
  if (bits > addr.bytes.length * 8) return fail();
  return { addr, bits };
}

/** The canonical text of an address (dotted IPv4; RFC 5952 IPv6). */
export function formatIPAddress(a: IPAddress): string {
  if (a.family === 4) return [...a.bytes].join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((a.bytes[2 * i] ?? 0) << 8) | (a.bytes[2 * i + 1] ?? 0));
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** The address with the bits after `bits` cleared. */
export function maskAddress(a: IPAddress, bits: number): IPAddress {
  const bytes = a.bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return b & ((0xff << (8 - keep)) & 0xff);
  });
  return { family: a.family, bytes };
}

/** Whether `prefix` contains address `a` (same family, same leading bits). */
export function prefixContains(prefix: IPPrefix, a: IPAddress): boolean {
  if (a.family !== prefix.addr.family) return false;
  const x = maskAddress(a, prefix.bits).bytes;
  const y = maskAddress(prefix.addr, prefix.bits).bytes;
  return x.every((b, i) => b === y[i]);
}

const inV4 = (a: IPAddress, first: number, second?: number): boolean =>
  a.family === 4 && a.bytes[0] === first && (second === undefined || a.bytes[1] === second);

/** The classifications of Go's `netip.Addr` (`IsLoopback`, …). */
export const ipClass = {
  unspecified: (a: IPAddress): boolean => a.bytes.every((b) => b === 0),
  loopback: (a: IPAddress): boolean => inV4(a, 127) || (a.family === 6 && a.bytes.slice(0, 15).every((b) => b === 0) && a.bytes[15] === 1),
  linkLocalMulticast: (a: IPAddress): boolean =>
    (inV4(a, 224, 0) && a.bytes[2] === 0) || (a.family === 6 && a.bytes[0] === 0xff && ((a.bytes[1] ?? 0) & 0x0f) === 0x02),
  linkLocalUnicast: (a: IPAddress): boolean => inV4(a, 169, 254) || (a.family === 6 && a.bytes[0] === 0xfe && ((a.bytes[1] ?? 0) & 0xc0) === 0x80),
  multicast: (a: IPAddress): boolean => (a.family === 4 ? ((a.bytes[0] ?? 0) & 0xf0) === 0xe0 : a.bytes[0] === 0xff),
  globalUnicast: (a: IPAddress): boolean => {
    if (a.family === 4 && a.bytes.every((b) => b === 255)) return false;
    return !ipClass.unspecified(a) && !ipClass.loopback(a) && !ipClass.multicast(a) && !ipClass.linkLocalUnicast(a);
  },
};
