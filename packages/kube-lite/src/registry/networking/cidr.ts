/**
 * CIDR parsing as kube-apiserver 1.32 does it for NetworkPolicy ipBlocks (k8s.io/utils/net `ParseCIDRSloppy`, the
 * Go 1.16 parser: IPv4 octets may carry leading zeros) and the subnet containment `ValidateIPBlock` checks.
 * @module
 */
import { isIP } from 'node:net';

/** A parsed CIDR: the masked network address as a number, its family width in bits and its prefix length. */
export interface ParsedCIDR {
  /** The network address with the host bits cleared. */
  readonly network: bigint;
  /** 32 for IPv4, 128 for IPv6. */
  readonly bits: 32 | 128;
  /** The prefix length. */
  readonly prefix: number;
}

function parseIPv4Sloppy(ip: string): bigint | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined;
    n = (n << 8n) | BigInt(Number(p));
  }
  return n;
}

function parseIPv6(ip: string): bigint | undefined {
  if (isIP(ip) !== 6) return undefined;
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1] !== undefined) {
    const n = parseIPv4Sloppy(v4[1]) ?? 0n;
    text = `${text.slice(0, -v4[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g, 16)), 0n);
}

/** Parses `a.b.c.d/n` or an IPv6 CIDR; undefined when Go's sloppy parser rejects it. */
export function parseCIDRSloppy(cidr: string): ParsedCIDR | undefined {
  const slash = cidr.indexOf('/');
  if (slash < 0) return undefined;
  const addr = cidr.slice(0, slash);
  const mask = cidr.slice(slash + 1);
  const v4 = parseIPv4Sloppy(addr);
  const ip = v4 ?? parseIPv6(addr);
  const bits = v4 === undefined ? 128 : 32;
  if (ip === undefined || !/^\d+$/.test(mask) || Number(mask) > bits) return undefined;
  const prefix = Number(mask);
  const hostBits = BigInt(bits - prefix);
  return { network: (ip >> hostBits) << hostBits, bits, prefix };
}

/** Whether `inner` is a strict subset of `outer`: same family, inside it, with a longer prefix. */
export function isStrictSubnet(inner: ParsedCIDR, outer: ParsedCIDR): boolean {
  if (inner.bits !== outer.bits || outer.prefix >= inner.prefix) return false;
  const hostBits = BigInt(outer.bits - outer.prefix);
  return inner.network >> hostBits === outer.network >> hostBits;
}
