/**
 * Kubernetes' CEL IP and CIDR libraries (`k8s.io/apiserver/pkg/cel/library/ip.go`, `cidr.go`):
 * `ip()`, `isIP()`, `family()`, `isUnspecified()`, `isLoopback()`, `isLinkLocalMulticast()`,
 * `isLinkLocalUnicast()`, `isGlobalUnicast()`, `cidr()`, `isCIDR()`, `containsIP()`,
 * `containsCIDR()`, `ip()` of a CIDR, `masked()`, `prefixLength()` and `string()` of both.
 *
 * @module
 */
import { type CelFunc, CelScalar, celFunc, celMethod } from '@bufbuild/cel';
import { formatIPAddress, type IPAddress, type IPPrefix, ipClass, maskAddress, parseIPAddress, parseIPPrefix, prefixContains } from './ip-address.js';
import { CIDR_TYPE, IP_TYPE, opaqueText } from './opaque-types.js';

const { BOOL, INT, STRING } = CelScalar;
const IP = IP_TYPE.celType;
const CIDR = CIDR_TYPE.celType;

const prefixText = (p: IPPrefix): string => `${formatIPAddress(p.addr)}/${p.bits}`;
const addrOf = (v: { readonly message: unknown }): IPAddress => parseIPAddress(opaqueText(v));
const prefixOf = (v: { readonly message: unknown }): IPPrefix => parseIPPrefix(opaqueText(v));

/** Whether prefix `p` covers all of prefix `o`. */
function containsPrefix(p: IPPrefix, o: IPPrefix): boolean {
  return o.bits >= p.bits && prefixContains(p, o.addr);
}

function succeeds(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

const classifiers = [
  ['isUnspecified', ipClass.unspecified],
  ['isLoopback', ipClass.loopback],
  ['isLinkLocalMulticast', ipClass.linkLocalMulticast],
  ['isLinkLocalUnicast', ipClass.linkLocalUnicast],
  ['isGlobalUnicast', ipClass.globalUnicast],
] as const;

/** The ip and cidr functions. */
export const ipLibrary: readonly CelFunc[] = [
  celFunc('ip', [STRING], IP, (s) => IP_TYPE.of(formatIPAddress(parseIPAddress(s)))),
  celFunc('isIP', [STRING], BOOL, (s) => succeeds(() => parseIPAddress(s))),
  // Whether the text is the address as Go's netip prints it (an unparsable one fails as ip() does).
  celFunc('ip.isCanonical', [STRING], BOOL, (s) => formatIPAddress(parseIPAddress(s)) === s),
  celFunc('string', [IP], STRING, (v) => opaqueText(v)),
  celMethod('family', IP, [], INT, function () {
    return BigInt(addrOf(this).family);
  }),
  ...classifiers.map(([name, test]) =>
    celMethod(name, IP, [], BOOL, function () {
      return test(addrOf(this));
    }),
  ),
  celFunc('cidr', [STRING], CIDR, (s) => CIDR_TYPE.of(prefixText(parseIPPrefix(s)))),
  celFunc('isCIDR', [STRING], BOOL, (s) => succeeds(() => parseIPPrefix(s))),
  celFunc('string', [CIDR], STRING, (v) => opaqueText(v)),
  celMethod('containsIP', CIDR, [IP], BOOL, function (ip) {
    return prefixContains(prefixOf(this), addrOf(ip));
  }),
  celMethod('containsIP', CIDR, [STRING], BOOL, function (ip) {
    return prefixContains(prefixOf(this), parseIPAddress(ip));
  }),
  celMethod('containsCIDR', CIDR, [CIDR], BOOL, function (other) {
    return containsPrefix(prefixOf(this), prefixOf(other));
  }),
  celMethod('containsCIDR', CIDR, [STRING], BOOL, function (other) {
    return containsPrefix(prefixOf(this), parseIPPrefix(other));
  }),
  celMethod('ip', CIDR, [], IP, function () {
    return IP_TYPE.of(formatIPAddress(prefixOf(this).addr));
  }),
  celMethod('masked', CIDR, [], CIDR, function () {
    const p = prefixOf(this);
    return CIDR_TYPE.of(prefixText({ addr: maskAddress(p.addr, p.bits), bits: p.bits }));
  }),
  celMethod('prefixLength', CIDR, [], INT, function () {
    return BigInt(prefixOf(this).bits);
  }),
];
