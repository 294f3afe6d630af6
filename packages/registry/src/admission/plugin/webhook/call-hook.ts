/**
 * One admission webhook call, up to the verified answer (what upstream's mutating `callAttrMutatingHook` and
 * validating `callHook` share): the dry-run check against `sideEffects`, the AdmissionReview, the POST, the
 * response checks, the webhook's audit annotations, warnings to the client, and a denial as the webhook's Status.
 * @module
 */
import type { RequestContext, UserInfo } from '../../../rest/types.js';
import type { ServiceResolver } from '../../../webhook/client-config.js';
import { createAdmissionReview, reviewVersionFor } from './admission-review.js';
import { type AdmissionResult, verifyAdmissionResponse } from './admission-response.js';
import { addWebhookAnnotations } from './audit-annotations.js';
import { callWebhook, webhookCallFailureCode } from './call.js';
import { ErrCallingWebhook, ErrWebhookRejection, newDryRunUnsupportedErr, toStatusErr } from './errors.js';
import type { WebhookInvocation } from './should-call-hook.js';
import type { VersionedAttributes } from './versioned-attributes.js';

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A dry run only reaches webhooks without side effects (`None`, `NoneOnDryRun`). */
function checkSideEffects(name: string, sideEffects: string | undefined, dryRun: boolean): void {
  if (!dryRun) return;
  if (sideEffects === undefined) throw new ErrCallingWebhook(name, 'Webhook SideEffects is nil', 400);
  if (sideEffects !== 'None' && sideEffects !== 'NoneOnDryRun') throw newDryRunUnsupportedErr(name);
}

/**
 * Calls the webhook of `invocation` with the objects of `v` as `caller.user` (Service references resolved by
 * `caller.resolver`); resolves the allowing answer, rejects with an
 * {@link ErrCallingWebhook} (failurePolicy applies), an {@link ErrWebhookRejection} (a denial) or the StatusError of a
 * dry run the webhook cannot take.
 */
export async function callAdmissionWebhook(
  caller: { readonly resolver: ServiceResolver | undefined; readonly user: UserInfo | undefined },
  ctx: RequestContext,
  invocation: WebhookInvocation,
  v: VersionedAttributes,
  mutating: boolean,
): Promise<AdmissionResult> {
  const hook = invocation.webhook.spec;
  const a = v.attributes;
  checkSideEffects(hook.name, hook.sideEffects, a.dryRun);
  const version = reviewVersionFor(hook.admissionReviewVersions);
  if (version === undefined) throw new ErrCallingWebhook(hook.name, 'could not create admission objects: webhook does not accept known AdmissionReview versions', 400);
  const request = createAdmissionReview(version, v, invocation, caller.user);
  let body: Record<string, unknown>;
  try {
    body = await callWebhook(hook, request.review, { resolver: caller.resolver, signal: ctx.signal });
  } catch (err) {
    throw new ErrCallingWebhook(hook.name, messageOf(err), webhookCallFailureCode(err));
  }
  let result: AdmissionResult;
  try {
    result = verifyAdmissionResponse(request.uid, version, mutating, body);
  } catch (err) {
    throw new ErrCallingWebhook(hook.name, `received invalid webhook response: ${messageOf(err)}`, 503);
  }
  addWebhookAnnotations(ctx, hook.name, result.auditAnnotations);
  for (const w of result.warnings) ctx.addWarning?.(w);
  if (!result.allowed) throw new ErrWebhookRejection(toStatusErr(hook.name, result.result));
  return result;
}
