/**
 * The audit event (`audit.k8s.io/v1` `Event`) and the request facts it starts from (apiserver
 * `pkg/audit/request.go` `NewEventFromRequest`, `utilnet.SourceIPs`).
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { formatMicroTime } from '@apiserver/runtime';
import type { UserInfo } from '../authentication/user.js';
import type { Attributes } from '../authorization/authorizer.js';
import type { AuditLevel, AuditStage } from './policy.js';

/** `authentication/v1` UserInfo as events write it. */
export interface AuditUser {
  /** Name (absent for a request whose authentication failed). */
  readonly username?: string;
  /** UID, when set. */
  readonly uid?: string;
  /** Groups, when any. */
  readonly groups?: readonly string[];
  /** Extra attributes, when any. */
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** The object a resource request is about. */
export interface AuditObjectReference {
  resource?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiGroup?: string;
  apiVersion?: string;
  resourceVersion?: string;
  subresource?: string;
}

/** The bounded fields of the answer's Status (or just its code). */
export interface AuditResponseStatus {
  metadata: Record<string, never>;
  status?: string;
  message?: string;
  reason?: string;
  details?: unknown;
  code?: number;
}

/** One event, in `audit.k8s.io/v1` field order; `requestObject` / `responseObject` are JSON values. */
export interface AuditEvent {
  kind: 'Event';
  apiVersion: 'audit.k8s.io/v1';
  level: AuditLevel;
  auditID: string;
  stage: AuditStage;
  requestURI: string;
  verb: string;
  user: AuditUser;
  impersonatedUser?: AuditUser;
  sourceIPs?: string[];
  userAgent?: string;
  objectRef?: AuditObjectReference;
  responseStatus?: AuditResponseStatus;
  requestObject?: unknown;
  responseObject?: unknown;
  requestReceivedTimestamp: string;
  stageTimestamp: string;
  annotations?: Record<string, string>;
}

/** The current time as a MicroTime with real microseconds (event timestamps order the stages of one request). */
export function nowAuditTime(): string {
  const micros = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  return formatMicroTime({ seconds: Math.floor(micros / 1_000_000), nanos: (micros % 1_000_000) * 1000 });
}

const EVENT_FIELDS = [
  'kind', 'apiVersion', 'level', 'auditID', 'stage', 'requestURI', 'verb', 'user', 'impersonatedUser', 'sourceIPs', 'userAgent',
  'objectRef', 'responseStatus', 'requestObject', 'responseObject', 'requestReceivedTimestamp', 'stageTimestamp', 'annotations',
] as const satisfies readonly (keyof AuditEvent)[];

const OBJECT_REF_FIELDS = ['resource', 'namespace', 'name', 'uid', 'apiGroup', 'apiVersion', 'resourceVersion', 'subresource'] as const satisfies readonly (keyof AuditObjectReference)[];

const STATUS_FIELDS = ['metadata', 'status', 'message', 'reason', 'details', 'code'] as const satisfies readonly (keyof AuditResponseStatus)[];

function ordered<T extends object>(value: T, fields: readonly (keyof T)[]): T {
  const out: Partial<T> = {};
  for (const f of fields) if (value[f] !== undefined) out[f] = value[f];
  return out as T;
}

/** The event with its fields (and those of objectRef and responseStatus) in `audit.k8s.io/v1` order, as Go writes it. */
export function orderedAuditEvent(event: AuditEvent): AuditEvent {
  const out = ordered(event, EVENT_FIELDS);
  if (event.objectRef !== undefined) out.objectRef = ordered(event.objectRef, OBJECT_REF_FIELDS);
  if (event.responseStatus !== undefined) out.responseStatus = ordered(event.responseStatus, STATUS_FIELDS);
  return out;
}

/** A user as events write it (empty fields left out). */
export function auditUser(user: UserInfo | undefined): AuditUser {
  if (user === undefined) return {};
  const extra = user.extra !== undefined && Object.keys(user.extra).length > 0 ? user.extra : undefined;
  return {
    username: user.name,
    ...(user.uid !== '' && { uid: user.uid }),
    ...(user.groups.length > 0 && { groups: user.groups }),
    ...(extra !== undefined && { extra }),
  };
}

/** An address as Go prints it: an IPv4-mapped IPv6 address as plain IPv4. */
function goIP(text: string): string | undefined {
  const trimmed = text.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  if (mapped?.[1] !== undefined) return mapped[1];
  return isIP(trimmed) === 0 ? undefined : trimmed;
}

/** The client's addresses (`utilnet.SourceIPs`): `X-Forwarded-For`, then `X-Real-Ip` unless already there, then the peer. */
export function sourceIPs(request: IncomingMessage): string[] {
  const ips: string[] = [];
  const forwarded = request.headers['x-forwarded-for'];
  for (const part of (typeof forwarded === 'string' ? forwarded : '').split(',')) {
    const ip = goIP(part);
    if (ip !== undefined) ips.push(ip);
  }
  const realIP = request.headers['x-real-ip'];
  const real = typeof realIP === 'string' ? goIP(realIP) : undefined;
  if (real !== undefined && !ips.includes(real)) ips.push(real);
  const remote = goIP(request.socket.remoteAddress ?? '');
  if (remote !== undefined && ips.at(-1) !== remote) ips.push(remote);
  return ips;
}

/** The objectRef of a resource request (empty fields left out). */
export function objectRefOf(a: Attributes): AuditObjectReference | undefined {
  if (!a.isResourceRequest) return undefined;
  const ref: AuditObjectReference = {};
  if (a.resource !== '') ref.resource = a.resource;
  if (a.namespace !== '') ref.namespace = a.namespace;
  if (a.name !== '') ref.name = a.name;
  if (a.apiGroup !== '') ref.apiGroup = a.apiGroup;
  if (a.apiVersion !== '') ref.apiVersion = a.apiVersion;
  if (a.subresource !== '') ref.subresource = a.subresource;
  return ref;
}
