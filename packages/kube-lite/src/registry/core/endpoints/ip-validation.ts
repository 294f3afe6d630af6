/**
 * The endpoint address check shared by Endpoints and EndpointSlices (pkg/apis/core/validation `ValidateEndpointIP`,
 * formerly `ValidateNonSpecialIP`); the plain address checks are in ../../ip-address.ts.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid } from '@apiserver/runtime';
import { isIPv4Bytes, parseIPSloppy } from '../../ip-address.js';

/** What may be waived by {@link validateEndpointIP}. */
export interface EndpointIPOptions {
  /** Accept a loopback address (kube-lite's own `default/kubernetes` endpoints when it serves on loopback). */
  readonly allowLoopback?: boolean;
}

/** Whether the address is unspecified, loopback, link-local unicast or link-local multicast (Go's `net.IP` tests). */
function specialRanges(bytes: readonly number[]): { unspecified: boolean; loopback: boolean; linkLocal: boolean; linkLocalMulticast: boolean } {
  if (isIPv4Bytes(bytes)) {
    const [a = 0, b = 0, c = 0, d = 0] = bytes.slice(12);
    return { unspecified: a === 0 && b === 0 && c === 0 && d === 0, loopback: a === 127, linkLocal: a === 169 && b === 254, linkLocalMulticast: a === 224 && b === 0 && c === 0 };
  }
  const [first = 0, second = 0] = bytes;
  const allZeroBut = (last: number) => bytes.slice(0, 15).every((x) => x === 0) && bytes[15] === last;
  return { unspecified: allZeroBut(0), loopback: allZeroBut(1), linkLocal: first === 0xfe && (second & 0xc0) === 0x80, linkLocalMulticast: first === 0xff && (second & 0x0f) === 0x02 };
}

/**
 * `ValidateEndpointIP`: endpoints may not be unspecified, loopback, link-local or link-local multicast
 * addresses (they are nonsensical or node-centric, such as a metadata service).
 */
export function validateEndpointIP(path: FieldPath, ip: string, options: EndpointIPOptions = {}): FieldError[] {
  const bytes = parseIPSloppy(ip);
  if (bytes === undefined) return [fieldInvalid(path, ip, 'must be a valid IP address')];
  const { unspecified, loopback, linkLocal, linkLocalMulticast } = specialRanges(bytes);
  const errs: FieldError[] = [];
  if (unspecified) errs.push(fieldInvalid(path, ip, `may not be unspecified (${ip})`));
  if (loopback && options.allowLoopback !== true) errs.push(fieldInvalid(path, ip, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  if (linkLocal) errs.push(fieldInvalid(path, ip, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  if (linkLocalMulticast) errs.push(fieldInvalid(path, ip, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  return errs;
}

/** The objects kube-lite's bootstrap controller owns (`default/kubernetes`), whose addresses may be loopback. */
export function isKubernetesServiceObject(namespace: string | undefined, name: string | undefined): boolean {
  return namespace === 'default' && name === 'kubernetes';
}
