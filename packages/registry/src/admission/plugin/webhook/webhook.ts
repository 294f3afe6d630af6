/**
 * What the mutating and validating webhook plugins share (upstream generic `Webhook`): the source of the
 * current webhooks, readiness (requests wait for the first list, as upstream's `WaitForReady`), the exemption of
 * the admission configuration kinds, and what matching and calling need.
 * @module
 */
import { newForbidden, type StatusError } from '@apiserver/runtime';
import type { MetricsRegistry } from '@apiserver/storage';
import type { ServiceResolver } from '../../../webhook/client-config.js';
import type { RequestContext, UserInfo } from '../../../rest/types.js';
import type { Attributes, Operation } from '../../interfaces.js';
import type { WebhookAccessor } from './accessors.js';
import type { CompiledMatchConditions, MatchConditionCompiler } from './match-conditions.js';
import type { NamespaceGetter } from './namespace-matcher.js';
import { isExemptAdmissionConfigurationResource } from './rules.js';
import type { MatchContext } from './should-call-hook.js';
import type { WebhookSource } from './source.js';
import type { WebhookSpec } from './types.js';
import type { EquivalentResources } from './versioned-attributes.js';
import { WebhookMetrics } from './webhook-metrics.js';

/** How long a request waits for the first list of configurations (upstream's 10 s). */
export const DEFAULT_READY_TIMEOUT_MILLIS = 10_000;

/** Options of both webhook plugins. */
export interface WebhookPluginOptions<W extends WebhookSpec> {
  /** The current webhook configurations. */
  readonly source: WebhookSource<W>;
  /** Reads namespaces (namespaceSelector). */
  readonly getNamespace: NamespaceGetter;
  /** Equivalent resources and their conversions (matchPolicy Equivalent); without it Equivalent acts as Exact. */
  readonly equivalents?: EquivalentResources;
  /** Resolves `clientConfig.service` (cluster DNS names when absent, as upstream's default). */
  readonly serviceResolver?: ServiceResolver;
  /** How long a request waits for the source's first list (default 10 s). */
  readonly readyTimeoutMillis?: number;
  /** The requesting user when neither the attributes nor the context carry it (the review's `userInfo`). */
  readonly userOf?: (ctx: RequestContext) => UserInfo | undefined;
  /** Compiles `matchConditions` (CEL); without it a webhook with conditions fails per its failurePolicy. */
  readonly matchConditionCompiler?: MatchConditionCompiler;
  /** Where each call is counted and timed (`apiserver_admission_webhook_*`); absent = not recorded. */
  readonly metrics?: MetricsRegistry;
}

/** The shared part of the two plugins. */
export class Webhook<W extends WebhookSpec> {
  readonly #options: WebhookPluginOptions<W>;
  /** What matching reads. */
  readonly match: MatchContext;
  /** The per-webhook metrics, when the options give a registry. */
  readonly metrics: WebhookMetrics | undefined;

  /** Creates the shared part. */
  constructor(options: WebhookPluginOptions<W>) {
    this.#options = options;
    this.metrics = options.metrics === undefined ? undefined : new WebhookMetrics(options.metrics);
    const compiler = options.matchConditionCompiler;
    // Compiled once per accessor: a changed configuration gives new accessors, compiled on first use.
    const compiled = new WeakMap<WebhookAccessor, CompiledMatchConditions>();
    const matchConditions = (hook: WebhookAccessor): CompiledMatchConditions => {
      let c = compiled.get(hook);
      if (c === undefined && compiler !== undefined) {
        c = compiler.compile(hook.spec.matchConditions ?? []);
        compiled.set(hook, c);
      }
      return c ?? (() => []);
    };
    this.match = { getNamespace: options.getNamespace, equivalents: options.equivalents, ...(compiler !== undefined && { matchConditions }) };
  }

  /** Webhooks see CREATE, UPDATE, DELETE and CONNECT. */
  handles(_operation: Operation): boolean {
    return true;
  }

  /** Who calls the webhooks for `a`: the Service resolver, and the requesting user the review names. */
  caller(ctx: RequestContext, a: Attributes): { readonly resolver: ServiceResolver | undefined; readonly user: UserInfo | undefined } {
    return { resolver: this.#options.serviceResolver, user: a.user ?? ctx.user ?? this.#options.userOf?.(ctx) };
  }

  /** The equivalent resources, if any. */
  get equivalents(): EquivalentResources | undefined {
    return this.#options.equivalents;
  }

  /**
   * The webhooks to consider for `a`: none for the exempt configuration kinds; a 403 `not yet ready to handle
   * request` when the first list has not arrived within the ready timeout.
   */
  async hooksFor(a: Attributes): Promise<readonly WebhookAccessor<W>[] | StatusError> {
    if (isExemptAdmissionConfigurationResource(a)) return [];
    const source = this.#options.source;
    if (!source.hasSynced() && !(await source.waitForSync(this.#options.readyTimeoutMillis ?? DEFAULT_READY_TIMEOUT_MILLIS))) {
      return newForbidden({ group: a.resource.group, resource: a.resource.resource }, a.name || 'Unknown', 'not yet ready to handle request');
    }
    return source.webhooks();
  }
}
