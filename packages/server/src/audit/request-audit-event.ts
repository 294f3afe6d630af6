/**
 * One request's audit event while the request runs (apiserver `pkg/audit` `AuditContext` with `LogRequestObject`,
 * `LogRequestPatch`, `LogResponseObject`, `LogImpersonatedUser`, `AddAuditAnnotation`, `processAuditEvent`): it
 * collects what the filters and handlers report and writes a copy at each stage the policy keeps.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { AuditJSON, RequestAuditRecorder } from '@apiserver/endpoints';
import { type KubeObject, yamlToJSON } from '@apiserver/runtime';
import type { UserInfo } from '../authentication/user.js';
import type { Attributes } from '../authorization/authorizer.js';
import type { AuditBackend } from './audit-backend.js';
import { type AuditEvent, type AuditResponseStatus, auditUser, nowAuditTime, objectRefOf, sourceIPs } from './event.js';
import { type AuditLevel, type AuditStage, levelAtLeast, type RequestAuditConfig } from './policy.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function text(bytes: Uint8Array | string): string {
  return typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/**
 * The object as the event records it: its JSON encoding (fields in the kind's order, as Go encodes the typed
 * object), without managedFields when the policy says so (also in list items).
 */
function recorded(json: AuditJSON, omitManagedFields: boolean): unknown {
  const copy: unknown = JSON.parse(text(json()));
  if (!omitManagedFields || !isRecord(copy)) return copy;
  const strip = (o: unknown): void => {
    if (isRecord(o) && isRecord(o.metadata)) delete o.metadata.managedFields;
  };
  strip(copy);
  if (Array.isArray(copy.items)) copy.items.forEach(strip);
  return copy;
}

/** A patch body as a JSON value: JSON as is, an apply configuration (YAML) converted; undefined when neither parses. */
function patchValue(patch: Uint8Array): unknown {
  const body = text(patch);
  try {
    return JSON.parse(body);
  } catch {
    try {
      return yamlToJSON(body).value;
    } catch {
      return undefined;
    }
  }
}

/** The audit event of one request, from the audit filter to the last stage. */
export class RequestAuditEvent implements RequestAuditRecorder {
  readonly #event: AuditEvent;
  readonly #config: RequestAuditConfig;
  readonly #sink: AuditBackend;

  /** Starts the event of a request whose policy level is not None. */
  constructor(request: IncomingMessage, attributes: Attributes, config: RequestAuditConfig, sink: AuditBackend, auditID: string, receivedAt: string) {
    this.#config = config;
    this.#sink = sink;
    const userAgent = request.headers['user-agent'];
    const objectRef = objectRefOf(attributes);
    this.#event = {
      kind: 'Event',
      apiVersion: 'audit.k8s.io/v1',
      level: config.level,
      auditID,
      stage: 'RequestReceived',
      requestURI: request.url ?? '',
      verb: attributes.verb,
      user: auditUser(attributes.user),
      sourceIPs: sourceIPs(request),
      ...(userAgent !== undefined && userAgent !== '' && { userAgent }),
      ...(objectRef !== undefined && { objectRef }),
      requestReceivedTimestamp: receivedAt,
      stageTimestamp: receivedAt,
    };
  }

  /** The user the request acts as after impersonation. */
  logImpersonatedUser(user: UserInfo): void {
    this.#event.impersonatedUser = auditUser(user);
  }

  /**
   * Adds an annotation; the first value of a key stays (upstream logs and drops a second one). With `minLevel`,
   * only when the event's level is at least that (upstream `AddAnnotationWithLevel`).
   */
  addAnnotation(key: string, value: string, minLevel?: AuditLevel): void {
    if (minLevel !== undefined && !levelAtLeast(this.#config.level, minLevel)) return;
    const annotations = (this.#event.annotations ??= {});
    if (!Object.hasOwn(annotations, key)) annotations[key] = value;
  }

  /** Fills in the object's name, uid and resourceVersion; records the object from level Request on. */
  logRequestObject(obj: KubeObject, json: AuditJSON): void {
    const ref = this.#event.objectRef;
    const meta = isRecord(obj.metadata) ? obj.metadata : {};
    if (ref !== undefined) {
      if (ref.name === undefined && typeof meta.name === 'string' && meta.name !== '') ref.name = meta.name;
      if (ref.uid === undefined && typeof meta.uid === 'string' && meta.uid !== '') ref.uid = meta.uid;
      if (ref.resourceVersion === undefined && typeof meta.resourceVersion === 'string' && meta.resourceVersion !== '') ref.resourceVersion = meta.resourceVersion;
    }
    if (levelAtLeast(this.#config.level, 'Request')) this.#event.requestObject = recorded(json, this.#config.omitManagedFields);
  }

  /** Records a patch body from level Request on. */
  logRequestPatch(patch: Uint8Array): void {
    if (!levelAtLeast(this.#config.level, 'Request')) return;
    const value = patchValue(patch);
    if (value !== undefined) this.#event.requestObject = value;
  }

  /** Takes a Status's bounded fields as the response status; records the object at level RequestResponse. */
  logResponseObject(obj: KubeObject, json: AuditJSON): void {
    if (obj.kind === 'Status') {
      const status: Record<string, unknown> = { metadata: {} };
      for (const key of ['status', 'message', 'reason', 'details', 'code']) if (obj[key] !== undefined && obj[key] !== '') status[key] = obj[key];
      this.#event.responseStatus = status as unknown as AuditResponseStatus;
    }
    if (levelAtLeast(this.#config.level, 'RequestResponse')) this.#event.responseObject = recorded(json, this.#config.omitManagedFields);
  }

  /** Sets the response code (keeping a Status's other fields). */
  setResponseCode(code: number): void {
    this.#event.responseStatus = { ...(this.#event.responseStatus ?? { metadata: {} }), code };
  }

  /** Whether a response status is known yet. */
  get hasResponseStatus(): boolean {
    return this.#event.responseStatus !== undefined;
  }

  /** Sets the response status outright (a panic, a connection closed early). */
  setResponseStatus(status: AuditResponseStatus): void {
    this.#event.responseStatus = status;
  }

  /** Writes the event at `stage` unless the policy omits that stage. */
  process(stage: AuditStage): void {
    this.#event.stage = stage;
    this.#event.stageTimestamp = stage === 'RequestReceived' ? this.#event.requestReceivedTimestamp : nowAuditTime();
    if (this.#config.omitStages.includes(stage)) return;
    this.#sink.processEvents(this.#event);
  }
}
