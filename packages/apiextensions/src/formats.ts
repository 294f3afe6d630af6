/**
 * The string formats a CRD schema can check (a subset of kube-openapi's `strfmt.Default`
 * registry, restricted to the formats apiextensions keeps, see its `formats.go`).
 *
 * @module
 */
import { isIPv4, isIPv6 } from 'node:net';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}:\d{2})$/;
const MAC_COLON = /^[0-9a-f]{2}(?:([:-])[0-9a-f]{2})(?:\1[0-9a-f]{2})*$/i;
const MAC_DOT = /^[0-9a-f]{4}(?:\.[0-9a-f]{4})+$/i;

/** A full-date (`2006-01-02`) naming a real calendar day, as Go's `time.Parse` checks it. */
function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** An RFC 3339 date-time (`strfmt.IsDateTime`): a date, `T`, a time and a zone. */
function isDateTime(s: string): boolean {
  const parts = s.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0]!)) return false;
  const m = TIME.exec(parts[1]!);
  return m !== null && Number(m[1]) <= 23 && Number(m[2]) <= 59 && Number(m[3]) <= 59;
}

function isCIDR(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const ip = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return false;
  const max = isIPv4(ip) ? 32 : isIPv6(ip) ? 128 : -1;
  return max >= 0 && Number(bits) <= max;
}

/** A MAC address as `net.ParseMAC` accepts it: 6, 8 or 20 octets. */
function isMAC(s: string): boolean {
  let octets = 0;
  if (MAC_COLON.test(s)) octets = (s.length + 1) / 3;
  else if (MAC_DOT.test(s)) octets = ((s.length + 1) / 5) * 2;
  return octets === 6 || octets === 8 || octets === 20;
}

const CHECKS: ReadonlyMap<string, (s: string) => boolean> = new Map([
  ['date', isDate],
  ['datetime', isDateTime],
  ['byte', (s: string) => BASE64.test(s)],
  ['uuid', (s: string) => UUID.test(s)],
  ['uuid3', (s: string) => UUID3.test(s)],
  ['uuid4', (s: string) => UUID4.test(s)],
  ['uuid5', (s: string) => UUID5.test(s)],
  ['ipv4', isIPv4],
  ['ipv6', isIPv6],
  ['cidr', isCIDR],
  ['mac', isMAC],
]);

/** Format names are matched without dashes, case-insensitively, as strfmt's registry does. */
function normalize(format: string): string {
  return format.replaceAll('-', '').toLowerCase();
}

/** The formats {@link checkFormat} knows. */
export const KNOWN_FORMATS: readonly string[] = ['date', 'date-time', 'byte', 'uuid', 'uuid3', 'uuid4', 'uuid5', 'ipv4', 'ipv6', 'cidr', 'mac'];

/**
 * Checks `value` against a named format: `true` or `false` for a known format, `undefined`
 * for a format this package does not check (the value is then accepted).
 */
export function checkFormat(format: string, value: string): boolean | undefined {
  const check = CHECKS.get(normalize(format));
  return check === undefined ? undefined : check(value);
}
