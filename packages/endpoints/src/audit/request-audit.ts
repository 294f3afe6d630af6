/**
 * The handlers' side of auditing (apiserver `pkg/audit/request.go`: `LogRequestObject`, `LogRequestPatch`,
 * `LogResponseObject`): an audit filter outside the handlers attaches a {@link RequestAuditRecorder} to the
 * request; the verb handlers hand it the decoded request object or patch and the object they answer with. A
 * request without a recorder (audit off, or level None) costs one property read per call.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { KubeObject } from '@apiserver/runtime';

/** The object's JSON encoding, made only when the audit level records objects. */
export type AuditJSON = () => Uint8Array | string;

/** What an audit event takes from the verb handlers. */
export interface RequestAuditRecorder {
  /** The object a create, update or delete decoded from the request body (before admission), and its JSON. */
  logRequestObject(obj: KubeObject, json: AuditJSON): void;
  /** The raw body of a patch request. */
  logRequestPatch(patch: Uint8Array): void;
  /** The object written as the response (a `Status` for an error), and its JSON. */
  logResponseObject(obj: KubeObject, json: AuditJSON): void;
  /** An annotation (the first value of a key stays); with `minLevel`, only when audited at that level or above. */
  addAnnotation(key: string, value: string, minLevel?: 'Metadata' | 'Request' | 'RequestResponse'): void;
}

const RECORDER = Symbol('apiserver audit recorder');

interface Carrier {
  [RECORDER]?: RequestAuditRecorder;
}

/** Attaches the recorder of a request's audit event. */
export function withRequestAuditRecorder(request: IncomingMessage, recorder: RequestAuditRecorder): void {
  (request as Carrier)[RECORDER] = recorder;
}

/** The recorder the audit filter attached, if any. */
export function requestAuditRecorderOf(request: IncomingMessage): RequestAuditRecorder | undefined {
  return (request as Carrier)[RECORDER];
}
