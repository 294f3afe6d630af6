/**
 * kube-lite's dynamic admission: the MutatingAdmissionWebhook and ValidatingAdmissionWebhook plugins over the
 * stored webhook configurations (watched, so changes apply without a restart), Service references resolved
 * through the served Services and Endpoints unless a resolver is configured, JSON patches applied by the
 * endpoints' RFC 6902 implementation, match conditions evaluated on the apiextensions CEL, and the requesting user
 * taken from the request.
 * @module
 */
import { servedServiceResolver } from '../server/webhook-service-resolver.js';
import { applyJSONPatch, decodeJSONPatch, type JSONPatchOperation } from '@apiserver/endpoints';
import {
  type AdmissionInterface,
  type ApiObject,
  type EquivalentResources,
  isMutationInterface,
  isValidationInterface,
  type MutationInterface,
  type ValidationInterface,
  isLister,
  isWatcher,
  type JSONPatcher,
  MutatingAdmissionWebhook,
  type MutatingWebhookSpec,
  type NamespaceGetter,
  type ServiceResolver,
  ValidatingAdmissionWebhook,
  type ValidatingWebhookSpec,
} from '@apiserver/registry';
import type { APIGroupInfo, Authorizer } from '@apiserver/server';
import type { MetricsRegistry } from '@apiserver/storage';
import { requestUserOf } from '../registry/authorization/request-user.js';
import { storageOf } from '../server/group-storage.js';
import { celMatchConditionCompiler } from './cel-match-conditions.js';
import { WebhookConfigurationSource } from './webhook-configuration-source.js';

/** The admissionregistration group. */
const GROUP = 'admissionregistration.k8s.io';

/** The endpoints' JSON Patch, as the mutating plugin applies patches. */
export const endpointsJSONPatcher: JSONPatcher = {
  decode: (text) => decodeJSONPatch(text),
  apply: (doc, operations) => applyJSONPatch(doc, operations as readonly JSONPatchOperation[]),
};

/** Services resolved to an address of their Endpoints (kube-apiserver with `--enable-aggregator-routing`). */
function sourceOf<W extends MutatingWebhookSpec | ValidatingWebhookSpec>(groups: readonly APIGroupInfo[], resource: string, log: (m: string) => void): WebhookConfigurationSource<W> | undefined {
  const storage = storageOf(groups, GROUP, resource);
  if (storage === undefined || !isLister(storage) || !isWatcher(storage)) return undefined;
  return new WebhookConfigurationSource<W>(storage, (err) => log(`${resource} informer: ${err instanceof Error ? err.message : String(err)}`));
}

/** Options of {@link WebhookAdmission}. */
export interface WebhookAdmissionOptions {
  /** Resolves `clientConfig.service` references (default: the served Services and Endpoints). */
  readonly serviceResolver?: ServiceResolver | undefined;
  /** Server log. */
  readonly log: (message: string) => void;
  /** The server's authorizer, which `authorizer` in match conditions asks (none: `authorizer` is unbound). */
  readonly authorizer?: () => Authorizer | undefined;
  /** Defaults an object a mutating webhook patched (upstream defaults it as it decodes it), e.g. the scheme's defaults. */
  readonly defaulter?: (obj: ApiObject) => void;
  /** Where the plugins count and time each webhook call (`apiserver_admission_webhook_*`). */
  readonly metrics?: MetricsRegistry;
}

/** The names of the webhook configurations a server admits requests through by now, mutating and validating. */
export interface WebhookConfigurationsInEffect {
  readonly mutating: ReadonlySet<string>;
  readonly validating: ReadonlySet<string>;
}

/** The webhook configuration sources of one server and the plugins built on them. */
export class WebhookAdmission {
  readonly #mutating: WebhookConfigurationSource<MutatingWebhookSpec> | undefined;
  readonly #validating: WebhookConfigurationSource<ValidatingWebhookSpec> | undefined;
  readonly #serviceResolver: ServiceResolver | undefined;
  readonly #authorizer: () => Authorizer | undefined;
  readonly #defaulter: ((obj: ApiObject) => void) | undefined;
  readonly #metrics: MetricsRegistry | undefined;

  /** Sources over the configurations `groups` store (none when admissionregistration.k8s.io/v1 is off). */
  constructor(groups: readonly APIGroupInfo[], options: WebhookAdmissionOptions) {
    this.#mutating = sourceOf(groups, 'mutatingwebhookconfigurations', options.log);
    this.#validating = sourceOf(groups, 'validatingwebhookconfigurations', options.log);
    this.#serviceResolver = options.serviceResolver ?? servedServiceResolver(groups);
    this.#authorizer = options.authorizer ?? (() => undefined);
    this.#defaulter = options.defaulter;
    this.#metrics = options.metrics;
  }

  /**
   * The mutating and validating plugins (absent ones left out), reading namespaces through `getNamespace`, with
   * `policies` (ValidatingAdmissionPolicy) between them as upstream orders the plugins.
   */
  plugins(getNamespace: NamespaceGetter, equivalents?: EquivalentResources, policies?: ValidationInterface): AdmissionInterface[] {
    const common = {
      getNamespace,
      userOf: requestUserOf,
      matchConditionCompiler: celMatchConditionCompiler(this.#authorizer),
      ...(equivalents !== undefined && { equivalents }),
      ...(this.#serviceResolver !== undefined && { serviceResolver: this.#serviceResolver }),
      ...(this.#metrics !== undefined && { metrics: this.#metrics }),
    };
    return [
      ...(this.#mutating === undefined ? [] : [new MutatingAdmissionWebhook({ ...common, source: this.#mutating, jsonPatch: endpointsJSONPatcher, ...(this.#defaulter !== undefined && { defaulter: this.#defaulter }) })]),
      ...(policies === undefined ? [] : [policies]),
      ...(this.#validating === undefined ? [] : [new ValidatingAdmissionWebhook({ ...common, source: this.#validating })]),
    ];
  }

  /**
   * The names of the configurations whose webhooks requests are admitted by now (a configuration without
   * webhooks never shows), mutating and validating: what a test waits for after creating some.
   */
  configurationsInEffect(): WebhookConfigurationsInEffect {
    const names = (source: WebhookConfigurationSource<MutatingWebhookSpec | ValidatingWebhookSpec> | undefined) =>
      new Set((source?.webhooks() ?? []).map((w) => w.configurationName));
    return { mutating: names(this.#mutating), validating: names(this.#validating) };
  }

  /** Starts watching the configurations. */
  start(): void {
    this.#mutating?.start();
    this.#validating?.start();
  }

  /** Stops watching. */
  async stop(): Promise<void> {
    await Promise.all([this.#mutating?.stop(), this.#validating?.stop()]);
  }
}

/**
 * Admission that runs the plugins `current()` returns once they exist (the apiextensions server is built before
 * the kube API server whose webhook plugins it shares); until then nothing is admitted by them.
 */
export function deferredAdmission(current: () => readonly AdmissionInterface[] | undefined): [MutationInterface, ValidationInterface] {
  const mutating: MutationInterface = {
    handles: (operation) => (current() ?? []).some((p) => isMutationInterface(p) && p.handles(operation)),
    async admit(ctx, attributes) {
      for (const p of current() ?? []) if (isMutationInterface(p) && p.handles(attributes.operation)) await p.admit(ctx, attributes);
    },
  };
  const validating: ValidationInterface = {
    handles: (operation) => (current() ?? []).some((p) => isValidationInterface(p) && p.handles(operation)),
    async validate(ctx, attributes) {
      for (const p of current() ?? []) if (isValidationInterface(p) && p.handles(attributes.operation)) await p.validate(ctx, attributes);
    },
  };
  return [mutating, validating];
}
