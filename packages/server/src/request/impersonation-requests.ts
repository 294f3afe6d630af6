/**
 * What a request asks to act as (`buildImpersonationRequests` in k8s.io/apiserver's impersonation filter): one
 * entry per `Impersonate-User`, `Impersonate-Group` value, `Impersonate-Extra-<key>` value and `Impersonate-Uid`,
 * each checked with its own `impersonate` authorization before the request's user is replaced.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { splitServiceAccountUsername } from '../authentication/serviceaccount/claims.js';
import { unescapeExtraKey } from './extra-key.js';

/** `Impersonate-User`: the user to act as. */
export const IMPERSONATE_USER_HEADER = 'impersonate-user';
/** `Impersonate-Group` (repeatable): the groups to act as. */
export const IMPERSONATE_GROUP_HEADER = 'impersonate-group';
/** `Impersonate-Uid`: the UID to act as. */
export const IMPERSONATE_UID_HEADER = 'impersonate-uid';
/** `Impersonate-Extra-<key>` (repeatable per key): extra attributes to act with. */
export const IMPERSONATE_EXTRA_HEADER_PREFIX = 'impersonate-extra-';

const AUTHENTICATION_V1 = 'authentication.k8s.io/v1';

/** One thing to act as, shaped like the `v1.ObjectReference` upstream builds (its Go `%v` text is an error message). */
export interface ImpersonationRequest {
  readonly kind: 'User' | 'ServiceAccount' | 'Group' | 'UserExtra' | 'UID';
  readonly namespace: string;
  readonly name: string;
  /** `authentication.k8s.io/v1` for UserExtra and UID, else empty (the core group). */
  readonly apiVersion: string;
  /** The extra key of a UserExtra request (upstream keeps it in `FieldPath`). */
  readonly fieldPath: string;
}

/** Thrown when groups, extras or a UID are requested without a user (answered as a 500, as upstream). */
export class ImpersonationHeaderError extends Error {}

function actAs(kind: ImpersonationRequest['kind'], name: string, extra: Partial<ImpersonationRequest> = {}): ImpersonationRequest {
  return { kind, namespace: '', name, apiVersion: '', fieldPath: '', ...extra };
}

/** Go's `%v` of a `v1.ObjectReference` (its seven string fields, space separated, in braces). */
function goText(r: ImpersonationRequest): string {
  return `{${[r.kind, r.namespace, r.name, '', r.apiVersion, '', r.fieldPath].join(' ')}}`;
}

/** The extra keys and values asked for, in header order (the key lower-cased, then percent-decoded). */
function extraRequests(req: IncomingMessage): ImpersonationRequest[] {
  const out: ImpersonationRequest[] = [];
  for (const [header, values] of Object.entries(req.headersDistinct)) {
    if (!header.startsWith(IMPERSONATE_EXTRA_HEADER_PREFIX) || values === undefined) continue;
    const key = unescapeExtraKey(header.slice(IMPERSONATE_EXTRA_HEADER_PREFIX.length));
    for (const value of values) out.push(actAs('UserExtra', value, { apiVersion: AUTHENTICATION_V1, fieldPath: key }));
  }
  return out;
}

/** The prefix every impersonation header name shares. */
const IMPERSONATE_PREFIX = 'impersonate-';

/**
 * Whether any header name starts with `Impersonate-` (in any case). It reads node's raw header list: the
 * `headersDistinct` object the requests are read from is built on first access, from every header of the request,
 * and almost no request needs it.
 */
export function hasImpersonationHeaders(req: Pick<IncomingMessage, 'rawHeaders'>): boolean {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length >= IMPERSONATE_PREFIX.length && (name.charCodeAt(0) | 0x20) === 0x69 && name.slice(0, IMPERSONATE_PREFIX.length).toLowerCase() === IMPERSONATE_PREFIX) {
      return true;
    }
  }
  return false;
}

/** Every impersonation the request's headers ask for, in upstream's order; empty when none. */
export function impersonationRequestsOf(req: IncomingMessage): ImpersonationRequest[] {
  if (!hasImpersonationHeaders(req)) return [];
  const headers = req.headersDistinct;
  const out: ImpersonationRequest[] = [];
  const user = headers[IMPERSONATE_USER_HEADER]?.[0] ?? '';
  if (user !== '') {
    const sa = splitServiceAccountUsername(user);
    out.push(sa === undefined ? actAs('User', user) : actAs('ServiceAccount', sa.name, { namespace: sa.namespace }));
  }
  const groups = headers[IMPERSONATE_GROUP_HEADER] ?? [];
  for (const group of groups) out.push(actAs('Group', group));
  const extras = extraRequests(req);
  out.push(...extras);
  const uid = headers[IMPERSONATE_UID_HEADER]?.[0] ?? '';
  if (uid !== '') out.push(actAs('UID', uid, { apiVersion: AUTHENTICATION_V1 }));
  if (user === '' && (groups.length > 0 || extras.length > 0 || uid !== '')) {
    throw new ImpersonationHeaderError(`requested [${out.map(goText).join(' ')}] without impersonating a user`);
  }
  return out;
}

/** Removes every impersonation header, so nothing downstream (e.g. a proxy) passes them on. */
export function deleteImpersonationHeaders(req: IncomingMessage): void {
  for (const header of Object.keys(req.headers)) {
    if (header === IMPERSONATE_USER_HEADER || header === IMPERSONATE_GROUP_HEADER || header === IMPERSONATE_UID_HEADER || header.startsWith(IMPERSONATE_EXTRA_HEADER_PREFIX)) {
      delete req.headers[header];
    }
  }
}
