/**
 * Calling validating webhooks (upstream validating `Dispatch` and `callHook`): every matching webhook at once;
 * the first failure to arrive fails the request: a call failure as a 500 unless the failurePolicy is Ignore, a
 * denial with the webhook's Status.
 * @module
 */
import { isStatusError, newInternalError, newTimeoutError, type StatusError } from '@apiserver/runtime';
import type { RequestContext } from '../../../rest/types.js';
import type { Attributes } from '../../interfaces.js';
import type { ValidatingWebhookAccessor } from './accessors.js';
import { callKey, VALIDATING_FAILED_OPEN_PREFIX } from './audit-annotations.js';
import { callAdmissionWebhook } from './call-hook.js';
import { ErrCallingWebhook, ErrWebhookRejection } from './errors.js';
import { shouldCallHook, type WebhookInvocation } from './should-call-hook.js';
import type { ValidatingWebhookSpec } from './types.js';
import { newVersionedAttributes, type VersionedAttributes } from './versioned-attributes.js';
import type { Webhook } from './webhook.js';
import { observeWebhookCall } from './webhook-metrics.js';

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The failure to report for one webhook's error, or undefined when it is ignored. */
function failureOf(hook: ValidatingWebhookSpec, err: unknown): StatusError | undefined {
  if (err instanceof ErrCallingWebhook) return hook.failurePolicy === 'Ignore' ? undefined : newInternalError(err.message);
  if (err instanceof ErrWebhookRejection) return err.status;
  return isStatusError(err) ? err : newInternalError(messageOf(err));
}

async function invocationsFor(webhook: Webhook<ValidatingWebhookSpec>, ctx: RequestContext, a: Attributes, hooks: readonly ValidatingWebhookAccessor[]): Promise<WebhookInvocation<ValidatingWebhookSpec>[]> {
  const out: WebhookInvocation<ValidatingWebhookSpec>[] = [];
  const { user } = webhook.caller(ctx, a);
  for (const hook of hooks) {
    const invocation = await shouldCallHook(hook, a, webhook.match, user);
    if (invocation === undefined) continue;
    if (isStatusError(invocation)) throw invocation;
    out.push(invocation);
  }
  return out;
}

/** Runs the validating webhooks over `a`; rejects with the StatusError that fails the request. */
export async function dispatchValidating(webhook: Webhook<ValidatingWebhookSpec>, ctx: RequestContext, a: Attributes, hooks: readonly ValidatingWebhookAccessor[]): Promise<void> {
  const invocations = await invocationsFor(webhook, ctx, a, hooks);
  if (invocations.length === 0) return;
  const versioned = new Map<string, VersionedAttributes>();
  for (const inv of invocations) {
    const key = `${inv.kind.group}/${inv.kind.version}/${inv.kind.kind}`;
    if (versioned.has(key)) continue;
    try {
      versioned.set(key, newVersionedAttributes(a, inv.kind, webhook.equivalents));
    } catch (err) {
      throw newInternalError(messageOf(err));
    }
  }
  if (ctx.signal?.aborted === true) throw newTimeoutError('request did not complete within requested timeout', 0);
  const failures: StatusError[] = [];
  await Promise.all(
    invocations.map(async (inv, index) => {
      const v = versioned.get(`${inv.kind.group}/${inv.kind.version}/${inv.kind.kind}`) as VersionedAttributes;
      const started = performance.now();
      try {
        await callAdmissionWebhook(webhook.caller(ctx, a), ctx, inv, v, false);
        observeWebhookCall(webhook.metrics, inv.webhook.spec, 'validating', a.operation, undefined, (performance.now() - started) / 1000);
      } catch (err) {
        observeWebhookCall(webhook.metrics, inv.webhook.spec, 'validating', a.operation, err, (performance.now() - started) / 1000);
        const failure = failureOf(inv.webhook.spec, err);
        if (failure !== undefined) failures.push(failure);
        else ctx.addAuditAnnotation?.(callKey(VALIDATING_FAILED_OPEN_PREFIX, 0, index), inv.webhook.spec.name);
      }
    }),
  );
  if (failures[0] !== undefined) throw failures[0];
}
