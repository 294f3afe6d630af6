/**
 * The front-proxy identity headers (client-go `transport.SetAuthProxyHeaders`): whatever the client sent under
 * these names is dropped, then the authenticated user's name, UID (when given), groups and extra are set.
 * @module
 */
import type { OutgoingHttpHeaders } from 'node:http';

/** The user name header. */
export const REMOTE_USER_HEADER = 'x-remote-user';
/** The user UID header (sent only when the user has a UID; kube-apiserver sends it behind `RemoteRequestHeaderUID`). */
export const REMOTE_UID_HEADER = 'x-remote-uid';
/** The group header (one value per group). */
export const REMOTE_GROUP_HEADER = 'x-remote-group';
/** The prefix of extra-value headers. */
export const REMOTE_EXTRA_PREFIX = 'x-remote-extra-';

/** The user forwarded to an aggregated server. */
export interface ProxiedUser {
  /** The user name. */
  readonly name: string;
  /** The user's UID (absent or empty: no `X-Remote-Uid`). */
  readonly uid?: string;
  /** Its groups. */
  readonly groups: readonly string[];
  /** Extra values by key (absent when the authenticator has none). */
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

const TOKEN_CHAR = /^[!#$&'*+\-.^_`|~0-9A-Za-z]$/;

/** Percent-encodes the characters of an extra key that may not appear in a header name (`headerKeyEscape`). */
export function headerKeyEscape(key: string): string {
  let out = '';
  for (const byte of Buffer.from(key, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += byte < 0x80 && TOKEN_CHAR.test(c) && c !== '%' ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Removes any identity headers, then sets the user's. */
export function setAuthProxyHeaders(headers: OutgoingHttpHeaders, user: ProxiedUser): void {
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (lower === REMOTE_USER_HEADER || lower === REMOTE_UID_HEADER || lower === REMOTE_GROUP_HEADER || lower.startsWith(REMOTE_EXTRA_PREFIX)) delete headers[name];
  }
  headers[REMOTE_USER_HEADER] = user.name;
  if (user.uid !== undefined && user.uid !== '') headers[REMOTE_UID_HEADER] = user.uid;
  if (user.groups.length > 0) headers[REMOTE_GROUP_HEADER] = [...user.groups];
  for (const [key, values] of Object.entries(user.extra ?? {})) headers[`${REMOTE_EXTRA_PREFIX}${headerKeyEscape(key)}`] = [...values];
}
