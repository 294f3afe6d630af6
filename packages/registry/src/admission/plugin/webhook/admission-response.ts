/**
 * Checking a webhook's answer (upstream webhook/request `VerifyAdmissionResponse`): the response is present, its
 * uid and AdmissionReview version are the request's (v1), and patches come only from mutating webhooks as
 * `JSONPatch`. Any failure is a calling error (failurePolicy applies).
 * @module
 */
import type { WebhookResultStatus } from './errors.js';

/** A verified AdmissionResponse. */
export interface AdmissionResult {
  /** Whether the request may proceed. */
  readonly allowed: boolean;
  /** The denial Status, if any. */
  readonly result: WebhookResultStatus | undefined;
  /** The JSON Patch text (base64-decoded), "" when none. */
  readonly patch: string;
  /** The patch type ("" when none). */
  readonly patchType: string;
  /** Audit annotations the webhook asked for. */
  readonly auditAnnotations: Readonly<Record<string, string>>;
  /** Warnings for the client. */
  readonly warnings: readonly string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function gvkString(apiVersion: unknown, kind: unknown): string {
  const av = typeof apiVersion === 'string' ? apiVersion : '';
  const slash = av.indexOf('/');
  const [group, version] = slash === -1 ? ['', av] : [av.slice(0, slash), av.slice(slash + 1)];
  return `${group}/${version}, Kind=${typeof kind === 'string' ? kind : ''}`;
}

function stringMap(v: unknown): Record<string, string> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function patchRules(mutating: boolean, version: string, patch: string, patchType: string): string {
  if (!mutating) {
    if (patch !== '') throw new Error('validating webhook may not return response.patch');
    if (patchType !== '') throw new Error('validating webhook may not return response.patchType');
    return '';
  }
  // v1beta1 responses may leave patchType out (JSONPatch is the only type).
  if (version === 'v1beta1') return patch === '' ? patchType : 'JSONPatch';
  if (patch !== '' && patchType === '') throw new Error('webhook returned response.patch but not response.patchType');
  if (patchType !== '' && patchType !== 'JSONPatch') throw new Error(`webhook returned invalid response.patchType of ${JSON.stringify(patchType)}`);
  return patchType;
}

/** Verifies `body` (the decoded AdmissionReview) against the request's uid and version; throws with upstream's reason. */
export function verifyAdmissionResponse(uid: string, version: string, mutating: boolean, body: Record<string, unknown>): AdmissionResult {
  const response = body['response'];
  if (!isRecord(response)) throw new Error('webhook response was absent');
  if (version === 'v1') {
    if (response['uid'] !== uid) throw new Error(`expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(String(response['uid'] ?? ''))}`);
    const got = gvkString(body['apiVersion'], body['kind']);
    if (got !== 'admission.k8s.io/v1, Kind=AdmissionReview') throw new Error(`expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${got}`);
  }
  const rawPatch = typeof response['patch'] === 'string' ? response['patch'] : '';
  const patch = rawPatch === '' ? '' : Buffer.from(rawPatch, 'base64').toString('utf8');
  const patchType = patchRules(mutating, version, patch, typeof response['patchType'] === 'string' ? response['patchType'] : '');
  const status = response['status'];
  return {
    allowed: response['allowed'] === true,
    result: isRecord(status) ? (status as WebhookResultStatus) : undefined,
    patch,
    patchType,
    auditAnnotations: stringMap(response['auditAnnotations']),
    warnings: Array.isArray(response['warnings']) ? response['warnings'].filter((w): w is string => typeof w === 'string') : [],
  };
}
