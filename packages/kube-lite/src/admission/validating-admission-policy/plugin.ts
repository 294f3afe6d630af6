/**
 * The `ValidatingAdmissionPolicy` admission plugin (upstream validating `Plugin`): enforces the current policies and
 * bindings on every request except those on the admission configuration kinds themselves; a request waits for the
 * first list of policies and bindings and is refused with 403 `not yet ready to handle request` if it does not
 * arrive in time.
 * @module
 */
import {
  type Attributes,
  DEFAULT_READY_TIMEOUT_MILLIS,
  isExemptAdmissionConfigurationResource,
  type Operation,
  type RequestContext,
  type UserInfo,
  type ValidationInterface,
} from '@apiserver/registry';
import { newForbidden } from '@apiserver/runtime';
import type { Authorizer } from '@apiserver/server';
import { dispatchPolicies } from './dispatcher.js';
import type { PolicyMatchContext } from './match-resources.js';
import type { ParamStoreResolver } from './params.js';
import type { PolicySource } from './policy-source.js';

/** The plugin's name. */
export const VALIDATING_ADMISSION_POLICY_PLUGIN_NAME = 'ValidatingAdmissionPolicy';

/** Options of {@link ValidatingAdmissionPolicyPlugin}. */
export interface ValidatingAdmissionPolicyOptions extends PolicyMatchContext {
  /** The current policies and bindings. */
  readonly source: PolicySource;
  /** Where params are read. */
  readonly paramStores: ParamStoreResolver;
  /** The requesting user when neither the attributes nor the context carry it (`request.userInfo`). */
  readonly userOf?: (ctx: RequestContext) => UserInfo | undefined;
  /** The server's authorizer, which `authorizer` in the policies' expressions asks (none: `authorizer` is unbound). */
  readonly authorizer?: () => Authorizer | undefined;
  /** How long a request waits for the first lists (default 10 s). */
  readonly readyTimeoutMillis?: number;
}

/** Enforces ValidatingAdmissionPolicies. */
export class ValidatingAdmissionPolicyPlugin implements ValidationInterface {
  readonly name = VALIDATING_ADMISSION_POLICY_PLUGIN_NAME;
  readonly #o: ValidatingAdmissionPolicyOptions;

  /** Creates the plugin over a policy source. */
  constructor(options: ValidatingAdmissionPolicyOptions) {
    this.#o = options;
  }

  /** Every operation. */
  handles(_operation: Operation): boolean {
    return true;
  }

  /** Runs the policies; throws the StatusError of the first denial. */
  async validate(ctx: RequestContext, a: Attributes): Promise<void> {
    if (isExemptAdmissionConfigurationResource(a)) return;
    const source = this.#o.source;
    if (!source.hasSynced() && !(await source.waitForSync(this.#o.readyTimeoutMillis ?? DEFAULT_READY_TIMEOUT_MILLIS))) {
      throw newForbidden({ group: a.resource.group, resource: a.resource.resource }, a.name || 'Unknown', 'not yet ready to handle request');
    }
    const hooks = source.hooks();
    if (hooks.length === 0) return;
    const user = a.user ?? ctx.user ?? this.#o.userOf?.(ctx);
    const context = { match: { getNamespace: this.#o.getNamespace, equivalents: this.#o.equivalents }, paramStores: this.#o.paramStores };
    await dispatchPolicies(hooks, ctx, a, user, context, this.#o.authorizer?.());
  }
}
