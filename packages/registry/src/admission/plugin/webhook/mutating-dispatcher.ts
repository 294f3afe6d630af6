/**
 * Calling mutating webhooks (upstream mutating `Dispatch` and `callAttrMutatingHook`): one after another in
 * order, each seeing the previous ones' patches; a call failure fails the request (500) unless the failurePolicy
 * is Ignore; a denial answers with the webhook's Status; `IfNeeded` webhooks are recorded for reinvocation.
 * @module
 */
import { isDeepStrictEqual } from 'node:util';
import { goQuote, isStatusError, newInternalError, newTimeoutError, StatusError } from '@apiserver/runtime';
import type { ApiObject, RequestContext, UserInfo } from '../../../rest/types.js';
import type { Attributes } from '../../interfaces.js';
import type { MutatingWebhookAccessor } from './accessors.js';
import { addMutationAnnotation, addPatchAnnotation, callKey, MUTATION_ANNOTATION_PREFIX, MUTATION_FAILED_OPEN_PREFIX, PATCH_ANNOTATION_PREFIX } from './audit-annotations.js';
import { callAdmissionWebhook } from './call-hook.js';
import { ErrCallingWebhook, ErrWebhookRejection } from './errors.js';
import type { WebhookReinvokeContext } from './reinvocation-context.js';
import { shouldCallHook, type WebhookInvocation } from './should-call-hook.js';
import type { MutatingWebhookSpec } from './types.js';
import { newVersionedAttributes, sameKind, type VersionedAttributes, writeBack } from './versioned-attributes.js';
import type { Webhook } from './webhook.js';
import { observeWebhookCall } from './webhook-metrics.js';

/** Decodes and applies RFC 6902 JSON Patches (the server's own implementation is passed in). */
export interface JSONPatcher {
  /** Parses a patch document; throws when it is not one. */
  decode(text: string): readonly unknown[];
  /** Applies decoded operations to `doc`, returning the result; throws when an operation fails. */
  apply(doc: unknown, operations: readonly unknown[]): unknown;
}

/** What one dispatch needs. */
export interface MutatingDispatch {
  /** The shared plugin part. */
  readonly webhook: Webhook<MutatingWebhookSpec>;
  /** The JSON Patch implementation. */
  readonly jsonPatch: JSONPatcher;
  /** The request's reinvocation bookkeeping. */
  readonly reinvoke: WebhookReinvokeContext;
  /** Defaults a patched object in place (upstream's `GetObjectDefaulter().Default`); none: patched objects stay as patched. */
  readonly defaulter?: ((obj: ApiObject) => void) | undefined;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Applies a verified patch to the versioned object, then defaults it as upstream decodes it (whether it changed is
 * judged before the defaults); true when the object changed. `onApplied` gets the operations.
 */
function applyPatch(hook: MutatingWebhookSpec, v: VersionedAttributes, patch: string, d: MutatingDispatch, onApplied: (ops: readonly unknown[]) => void): boolean {
  const { jsonPatch } = d;
  let operations: readonly unknown[];
  try {
    operations = jsonPatch.decode(patch);
  } catch (err) {
    throw new ErrCallingWebhook(hook.name, `received undecodable patch in webhook response: ${messageOf(err)}`, 503);
  }
  if (operations.length === 0) return false;
  const current = v.object;
  if (current === undefined) {
    throw newInternalError(`admission webhook ${goQuote(hook.name)} attempted to modify the object, which is not supported for this operation`);
  }
  let patched: unknown;
  try {
    patched = jsonPatch.apply(structuredClone(current), operations);
  } catch (err) {
    throw newInternalError(messageOf(err));
  }
  if (typeof patched !== 'object' || patched === null || Array.isArray(patched)) throw newInternalError('the patched object is not a JSON object');
  const changed = !isDeepStrictEqual(current, patched);
  onApplied(operations);
  v.object = patched as ApiObject;
  d.defaulter?.(v.object);
  v.dirty = true;
  return changed;
}

/**
 * Calls one webhook; resolves whether it changed the object, rejects with an ErrCallingWebhook, an ErrWebhookRejection
 * or a StatusError.
 * Every call is annotated (mutated or not), and an applied patch too.
 */
async function callMutatingHook(d: MutatingDispatch, ctx: RequestContext, invocation: WebhookInvocation<MutatingWebhookSpec>, v: VersionedAttributes, index: number): Promise<boolean> {
  const { spec, configurationName } = invocation.webhook;
  const round = d.reinvoke.isReinvoke ? 1 : 0;
  let changed = false;
  try {
    const result = await callAdmissionWebhook(d.webhook.caller(ctx, v.attributes), ctx, invocation, v, true);
    if (result.patch === '') return false;
    changed = applyPatch(spec, v, result.patch, d, (ops) => addPatchAnnotation(ctx, callKey(PATCH_ANNOTATION_PREFIX, round, index), configurationName, spec.name, ops));
    return changed;
  } finally {
    addMutationAnnotation(ctx, callKey(MUTATION_ANNOTATION_PREFIX, round, index), configurationName, spec.name, changed);
  }
}

/** Keeps the request's objects in the kind of the webhook being called (converting back any changes first). */
class VersionedAttributeAccessor {
  readonly #a: Attributes;
  readonly #webhook: Webhook<MutatingWebhookSpec>;
  current: VersionedAttributes | undefined;

  constructor(a: Attributes, webhook: Webhook<MutatingWebhookSpec>) {
    this.#a = a;
    this.#webhook = webhook;
  }

  forKind(kind: VersionedAttributes['kind']): VersionedAttributes {
    if (this.current !== undefined && sameKind(this.current.kind, kind)) return this.current;
    if (this.current !== undefined) writeBack(this.current, this.#webhook.equivalents);
    this.current = newVersionedAttributes(this.#a, kind, this.#webhook.equivalents);
    return this.current;
  }
}

async function invocationFor(
  d: MutatingDispatch,
  hook: MutatingWebhookAccessor,
  a: Attributes,
  user: UserInfo | undefined,
): Promise<WebhookInvocation<MutatingWebhookSpec> | undefined> {
  const invocation = await shouldCallHook(hook, a, d.webhook.match, user);
  if (invocation === undefined) return undefined;
  if (isStatusError(invocation)) throw invocation;
  // A webhook not called in the first round is never called for the first time in the second.
  if (d.reinvoke.isReinvoke && !d.reinvoke.shouldReinvokeWebhook(hook.uid)) return undefined;
  return invocation;
}

/** Runs one round of the mutating webhooks over `a`; rejects with the StatusError that fails the request. */
export async function dispatchMutating(d: MutatingDispatch, ctx: RequestContext, a: Attributes, hooks: readonly MutatingWebhookAccessor[]): Promise<void> {
  const versioned = new VersionedAttributeAccessor(a, d.webhook);
  const { user } = d.webhook.caller(ctx, a);
  for (const [index, hook] of hooks.entries()) {
    // Selectors see the object as the earlier webhooks left it.
    const current = versioned.current;
    const invocation = await invocationFor(d, hook, current?.dirty === true ? { ...a, object: current.object } : a, user);
    if (invocation === undefined) continue;
    const spec = hook.spec;
    let v: VersionedAttributes;
    try {
      v = versioned.forKind(invocation.kind);
    } catch (err) {
      throw newInternalError(messageOf(err));
    }
    let changed = false;
    let failure: unknown;
    const started = performance.now();
    try {
      changed = await callMutatingHook(d, ctx, invocation, v, index);
    } catch (err) {
      failure = err;
    }
    observeWebhookCall(d.webhook.metrics, spec, 'admit', v.attributes.operation, failure, (performance.now() - started) / 1000);
    if (changed) d.reinvoke.objectChanged();
    if (spec.reinvocationPolicy === 'IfNeeded') d.reinvoke.addReinvocableWebhookToPreviouslyInvoked(hook.uid);
    if (failure === undefined) continue;
    if (failure instanceof ErrCallingWebhook) {
      if (spec.failurePolicy !== 'Ignore') throw newInternalError(failure.message);
      ctx.addAuditAnnotation?.(callKey(MUTATION_FAILED_OPEN_PREFIX, d.reinvoke.isReinvoke ? 1 : 0, index), spec.name);
      if (ctx.signal?.aborted === true) throw newTimeoutError('request did not complete within requested timeout', 0);
      continue;
    }
    if (failure instanceof ErrWebhookRejection) throw failure.status;
    throw failure instanceof StatusError || isStatusError(failure) ? failure : newInternalError(messageOf(failure));
  }
  if (versioned.current !== undefined) writeBack(versioned.current, d.webhook.equivalents);
}
