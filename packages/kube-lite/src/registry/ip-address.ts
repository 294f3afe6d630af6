/**
 * IP addresses read as Kubernetes 1.32 reads them in every API field: k8s.io/utils `ParseIPSloppy` (Go 1.16's parser,
 * so IPv4 octets may carry leading zeros, no IPv6 zone), the family of `IPFamilyOf` (an IPv4-mapped IPv6 address is
 * IPv4, as Go's `To4`), apimachinery's 1.32 `IsValidIP`, `IsValidIPv4Address` and `IsValidIPv6Address` (1.33
 * tightened them for new values), and k8s.io/utils `IsDualStackIPStrings`.
 * @module
 */
import { isIP } from 'node:net';
import { type FieldError, type FieldPath, fieldInvalid } from '@apiserver/runtime';

/** The family of an address: 4 or 6. */
export type IPFamily = 4 | 6;

function ipv4Octets(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d+$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number);
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail read sloppily too), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  if (text.includes('%')) return undefined;
  let hex = text;
  const tail = /:([^:]*\.[^:]*)$/.exec(text)?.[1];
  if (tail !== undefined) {
    const o = ipv4Octets(tail);
    if (o === undefined) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = o;
    hex = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  if (isIP(hex) !== 6) return undefined;
  const [head = '', rest] = hex.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const groups = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * `ParseIPSloppy`: the 16 bytes of Go's `net.IP` (an IPv4 address as `::ffff:a.b.c.d`), or undefined when `text` is
 * no IP address.
 */
export function parseIPSloppy(text: string): number[] | undefined {
  const octets = ipv4Octets(text);
  if (octets !== undefined) return [...Array<number>(10).fill(0), 0xff, 0xff, ...octets];
  return ipv6Groups(text)?.flatMap((g) => [g >> 8, g & 0xff]);
}

/** Whether 16 address bytes hold an IPv4 address (Go's `To4() != nil`). */
export function isIPv4Bytes(bytes: readonly number[]): boolean {
  return bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
}

/** The family of `value` as `IPFamilyOf(ParseIPSloppy(value))`, or undefined when it is no IP address. */
export function sloppyIPFamily(value: string): IPFamily | undefined {
  const bytes = parseIPSloppy(value);
  if (bytes === undefined) return undefined;
  return isIPv4Bytes(bytes) ? 4 : 6;
}

/** `IsValidIP` as of 1.32 (sloppy parsing). */
export function validateIP(path: FieldPath, value: string): FieldError[] {
  return sloppyIPFamily(value) === undefined ? [fieldInvalid(path, value, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')] : [];
}

/** `IsValidIPv4Address` as of 1.32: any address Go reads as IPv4, an IPv4-mapped IPv6 one included. */
export function validateIPv4(path: FieldPath, value: string): FieldError[] {
  return sloppyIPFamily(value) === 4 ? [] : [fieldInvalid(path, value, 'must be a valid IPv4 address')];
}

/** `IsValidIPv6Address` as of 1.32: an address Go reads as IPv6 (not IPv4-mapped). */
export function validateIPv6(path: FieldPath, value: string): FieldError[] {
  return sloppyIPFamily(value) === 6 ? [] : [fieldInvalid(path, value, 'must be a valid IPv6 address')];
}

/** What `IsDualStackIPStrings` answers: both families present, or the error for the first address it cannot parse. */
export interface DualStackAnswer {
  /** At least one IPv4 and one IPv6 address, every address valid. */
  readonly dualStack: boolean;
  /** `invalid IP[i]: value` for the first invalid address. */
  readonly error?: string;
}

/** `IsDualStackIPStrings`. */
export function isDualStackIPStrings(ips: readonly string[]): DualStackAnswer {
  const families = new Set<IPFamily>();
  for (const [i, ip] of ips.entries()) {
    const family = sloppyIPFamily(ip);
    if (family === undefined) return { dualStack: false, error: `invalid IP[${i}]: ${ip}` };
    families.add(family);
  }
  return { dualStack: families.size === 2 };
}
