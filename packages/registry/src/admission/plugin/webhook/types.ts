/**
 * The parts of `admissionregistration.k8s.io/v1` webhooks the admission plugins read (MutatingWebhook,
 * ValidatingWebhook and their rules), as plain JSON shapes: the configurations arrive as stored objects.
 * @module
 */
import type { LabelSelectorSpec } from '@apiserver/runtime';
import type { WebhookClientConfig } from '../../../webhook/client-config.js';

/** Operations a rule names (`*` for all). */
export type OperationType = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT' | '*';

/** A rule (`RuleWithOperations`): operations × groups × versions × resources, within a scope. */
export interface RuleWithOperations {
  /** Operations, `*` for all. */
  readonly operations?: readonly string[];
  /** API groups, `*` for all. */
  readonly apiGroups?: readonly string[];
  /** API versions, `*` for all. */
  readonly apiVersions?: readonly string[];
  /** Resources: `name` or `name/subresource`, either part `*` for any (`*` alone: every main resource). */
  readonly resources?: readonly string[];
  /** `Cluster`, `Namespaced` or `*` (default). */
  readonly scope?: string;
}

/** A CEL match condition (evaluated through the plugins' injected `MatchConditionCompiler`). */
export interface MatchCondition {
  /** Its name. */
  readonly name: string;
  /** The CEL expression. */
  readonly expression: string;
}

/** What mutating and validating webhooks share. */
export interface WebhookSpec {
  /** The webhook's name (`<name>.<domain>`). */
  readonly name: string;
  /** Where it is reached. */
  readonly clientConfig: WebhookClientConfig;
  /** Which requests it sees. */
  readonly rules?: readonly RuleWithOperations[];
  /** `Fail` (default) or `Ignore`: what a call failure does. */
  readonly failurePolicy?: string;
  /** `Exact` or `Equivalent` (default). */
  readonly matchPolicy?: string;
  /** Selects by the labels of the request's namespace (everything when absent). */
  readonly namespaceSelector?: LabelSelectorSpec;
  /** Selects by the labels of the object or old object (everything when absent). */
  readonly objectSelector?: LabelSelectorSpec;
  /** `None`, `NoneOnDryRun`, `Some` or `Unknown`. */
  readonly sideEffects?: string;
  /** Seconds a call may take (default 10). */
  readonly timeoutSeconds?: number;
  /** AdmissionReview versions it understands, preferred first. */
  readonly admissionReviewVersions?: readonly string[];
  /** CEL conditions that must all hold for the webhook to be called. */
  readonly matchConditions?: readonly MatchCondition[];
}

/** A mutating webhook (`MutatingWebhook`). */
export interface MutatingWebhookSpec extends WebhookSpec {
  /** `Never` (default) or `IfNeeded`. */
  readonly reinvocationPolicy?: string;
}

/** A validating webhook (`ValidatingWebhook`). */
export type ValidatingWebhookSpec = WebhookSpec;

/** A Mutating- or ValidatingWebhookConfiguration as stored. */
export interface WebhookConfiguration<W extends WebhookSpec = WebhookSpec> {
  /** Object metadata (the name is the configuration's). */
  readonly metadata: { readonly name?: string };
  /** The webhooks, in order. */
  readonly webhooks?: readonly W[];
}
