/**
 * The audit annotations webhook admission adds (upstream mutating/validating dispatchers' annotators): the
 * webhooks' own `auditAnnotations` under `<webhook>/<key>`, and per call whether a mutating webhook changed the
 * object, the patch it sent (at level Request and above), and which webhooks failed open.
 * @module
 */
import type { RequestContext } from '../../../rest/types.js';

/** Prefix of the per-call mutation annotation. */
export const MUTATION_ANNOTATION_PREFIX = 'mutation.webhook.admission.k8s.io/';
/** Prefix of the per-call patch annotation. */
export const PATCH_ANNOTATION_PREFIX = 'patch.webhook.admission.k8s.io/';
/** Prefix of the annotation naming a mutating webhook that failed open. */
export const MUTATION_FAILED_OPEN_PREFIX = 'failed-open.mutation.webhook.admission.k8s.io/';
/** Prefix of the annotation naming a validating webhook that failed open. */
export const VALIDATING_FAILED_OPEN_PREFIX = 'failed-open.validating.webhook.admission.k8s.io/';

/** The `round_<r>_index_<i>` suffix of the per-call annotations. */
export function callKey(prefix: string, round: number, index: number): string {
  return `${prefix}round_${round}_index_${index}`;
}

/** A webhook's own annotations, each under `<webhook name>/<key>`. */
export function addWebhookAnnotations(ctx: RequestContext, webhookName: string, annotations: Readonly<Record<string, string>>): void {
  for (const [key, value] of Object.entries(annotations)) ctx.addAuditAnnotation?.(`${webhookName}/${key}`, value);
}

/** Whether the mutating webhook of a call changed the object. */
export function addMutationAnnotation(ctx: RequestContext, key: string, configuration: string, webhook: string, mutated: boolean): void {
  ctx.addAuditAnnotation?.(key, JSON.stringify({ configuration, webhook, mutated }));
}

/** An operation's fields in sorted order, as Go encodes the map each decoded operation is. */
function sortedOperation(op: unknown): unknown {
  if (typeof op !== 'object' || op === null || Array.isArray(op)) return op;
  const record = op as Record<string, unknown>;
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, record[k]]));
}

/** The patch a mutating webhook applied (recorded from audit level Request on). */
export function addPatchAnnotation(ctx: RequestContext, key: string, configuration: string, webhook: string, patch: readonly unknown[]): void {
  ctx.addAuditAnnotation?.(key, JSON.stringify({ configuration, webhook, patch: patch.map(sortedOperation), patchType: 'JSONPatch' }), 'Request');
}
