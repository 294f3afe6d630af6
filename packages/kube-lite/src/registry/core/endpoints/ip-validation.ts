/**
 * Address checks shared by Endpoints and EndpointSlices (apimachinery `IsValidIP`, `IsValidIPv4Address`,
 * `IsValidIPv6Address`; pkg/apis/core/validation `ValidateEndpointIP`, formerly `ValidateNonSpecialIP`).
 * @module
 */
import { isIP } from 'node:net';
import { type FieldError, type FieldPath, fieldInvalid } from '@apiserver/runtime';

/** What may be waived by {@link validateEndpointIP}. */
export interface EndpointIPOptions {
  /** Accept a loopback address (kube-lite's own `default/kubernetes` endpoints when it serves on loopback). */
  readonly allowLoopback?: boolean;
}

/** `IsValidIP`: a message when `value` is not an IP address. */
export function validateIP(path: FieldPath, value: string): FieldError[] {
  return isIP(value) === 0 ? [fieldInvalid(path, value, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')] : [];
}

/** `IsValidIPv4Address`. */
export function validateIPv4(path: FieldPath, value: string): FieldError[] {
  return isIP(value) === 4 ? [] : [fieldInvalid(path, value, 'must be a valid IPv4 address')];
}

/** `IsValidIPv6Address` (an IPv4-mapped address counts as IPv4, as Go's `To4`). */
export function validateIPv6(path: FieldPath, value: string): FieldError[] {
  return isIP(value) === 6 && !/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(value) ? [] : [fieldInvalid(path, value, 'must be a valid IPv6 address')];
}

function v4Octets(ip: string): number[] | undefined {
  const v4 = ip.replace(/^::ffff:/i, '');
  return isIP(v4) === 4 ? v4.split('.').map(Number) : undefined;
}

/** The first 16-bit group of an IPv6 address and whether it is `::` or `::1`. */
function v6Facts(ip: string): { head: number; unspecified: boolean; loopback: boolean } {
  const [left = '', right] = ip.toLowerCase().split('::');
  const head = left === '' ? 0 : Number.parseInt(left.split(':')[0] ?? '0', 16);
  const onlyRight = left === '' && right !== undefined;
  return { head, unspecified: onlyRight && right === '', loopback: onlyRight && /^0*1$/.test(right) };
}

/**
 * `ValidateEndpointIP`: endpoints may not be unspecified, loopback, link-local or link-local multicast
 * addresses (they are nonsensical or node-centric, such as a metadata service).
 */
export function validateEndpointIP(path: FieldPath, ip: string, options: EndpointIPOptions = {}): FieldError[] {
  const family = isIP(ip);
  if (family === 0) return [fieldInvalid(path, ip, 'must be a valid IP address')];
  const o = v4Octets(ip);
  const v6 = o === undefined ? v6Facts(ip) : undefined;
  const unspecified = o !== undefined ? o.every((b) => b === 0) : v6?.unspecified === true;
  const loopback = o !== undefined ? o[0] === 127 : v6?.loopback === true;
  const linkLocal = o !== undefined ? o[0] === 169 && o[1] === 254 : ((v6?.head ?? 0) & 0xffc0) === 0xfe80;
  const linkLocalMulticast = o !== undefined ? o[0] === 224 && o[1] === 0 && o[2] === 0 : ((v6?.head ?? 0) & 0xff0f) === 0xff02;
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
