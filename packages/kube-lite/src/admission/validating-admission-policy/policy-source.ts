/**
 * The policies and bindings the plugin enforces (upstream generic `policySource`): each policy with its bindings
 * (those naming it), compiled once per spec; policies by name, bindings by name. kube-lite's source
 * list-watches both storages, so an applied policy or binding takes effect on the next request; requests wait for
 * the first lists.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import type { ListWatchSource } from '../../controllers/list-watch.js';
import { InformerCache } from '../../controllers/informer-cache.js';
import { type CompiledPolicy, compilePolicy, type ValidatingAdmissionPolicy } from './compiled-policy.js';
import type { MatchResources } from './match-resources.js';
import type { ParamRef } from './params.js';

/** A ValidatingAdmissionPolicyBinding as stored. */
export type ValidatingAdmissionPolicyBinding = ApiObject & {
  readonly spec?: {
    readonly policyName?: string;
    readonly paramRef?: ParamRef;
    readonly matchResources?: MatchResources;
    readonly validationActions?: readonly string[];
  };
};

/** A policy, compiled, with its bindings. */
export interface PolicyHook {
  readonly policy: ValidatingAdmissionPolicy;
  readonly compiled: CompiledPolicy;
  readonly bindings: readonly ValidatingAdmissionPolicyBinding[];
}

/** The current policy hooks. */
export interface PolicySource {
  /** The hooks now, policies by name. */
  hooks(): readonly PolicyHook[];
  /** True once policies and bindings have been listed. */
  hasSynced(): boolean;
  /** Resolves true once synced, false after `timeoutMillis`. */
  waitForSync(timeoutMillis: number): Promise<boolean>;
}

const byName = (a: ApiObject, b: ApiObject): number => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : (a.metadata.name ?? '') > (b.metadata.name ?? '') ? 1 : 0);

/** Compiles policies, reusing the compilation of a policy whose spec is unchanged. */
class PolicyCompiler {
  #cache = new Map<string, { readonly version: string; readonly compiled: CompiledPolicy }>();

  compile(policy: ValidatingAdmissionPolicy): CompiledPolicy {
    const key = policy.metadata.uid ?? policy.metadata.name ?? '';
    const version = JSON.stringify(policy.spec ?? {});
    const cached = this.#cache.get(key);
    if (cached !== undefined && cached.version === version) return cached.compiled;
    const compiled = compilePolicy(policy.spec ?? {});
    this.#cache.set(key, { version, compiled });
    return compiled;
  }

  /** Forgets the policies not in `keep`. */
  retain(keep: readonly ValidatingAdmissionPolicy[]): void {
    const keys = new Set(keep.map((p) => p.metadata.uid ?? p.metadata.name ?? ''));
    for (const key of this.#cache.keys()) if (!keys.has(key)) this.#cache.delete(key);
  }
}

/** The hooks of `policies` and `bindings` (bindings naming no stored policy are left out). */
export function policyHooks(policies: readonly ApiObject[], bindings: readonly ApiObject[], compile: (p: ValidatingAdmissionPolicy) => CompiledPolicy = (p) => compilePolicy(p.spec ?? {})): PolicyHook[] {
  const sortedBindings = [...bindings].sort(byName) as ValidatingAdmissionPolicyBinding[];
  return [...policies].sort(byName).map((p) => {
    const policy = p as ValidatingAdmissionPolicy;
    return { policy, compiled: compile(policy), bindings: sortedBindings.filter((b) => b.spec?.policyName === policy.metadata.name) };
  });
}

/** Fixed policies and bindings, always synced (tests). */
export function staticPolicySource(policies: readonly ApiObject[], bindings: readonly ApiObject[]): PolicySource {
  const hooks = policyHooks(policies, bindings);
  return { hooks: () => hooks, hasSynced: () => true, waitForSync: async () => true };
}

/** Policies and bindings kept from list-watches of their storages. */
export class WatchedPolicySource implements PolicySource {
  readonly #policies: InformerCache;
  readonly #bindings: InformerCache;
  readonly #compiler = new PolicyCompiler();
  #hooks: readonly PolicyHook[] = [];
  #generations = '';

  /** Watches the two storages; `onError` hears list and watch failures. */
  constructor(policies: ListWatchSource, bindings: ListWatchSource, onError: (err: unknown) => void) {
    this.#policies = new InformerCache(policies, onError);
    this.#bindings = new InformerCache(bindings, onError);
  }

  /** The hooks now (rebuilt after any change). */
  hooks(): readonly PolicyHook[] {
    const generations = `${this.#policies.generation}/${this.#bindings.generation}`;
    if (generations !== this.#generations) {
      const policies = this.#policies.objects() as ValidatingAdmissionPolicy[];
      this.#compiler.retain(policies);
      this.#hooks = policyHooks(policies, this.#bindings.objects(), (p) => this.#compiler.compile(p));
      this.#generations = generations;
    }
    return this.#hooks;
  }

  /** True once both lists arrived. */
  hasSynced(): boolean {
    return this.#policies.hasSynced() && this.#bindings.hasSynced();
  }

  /** Resolves true once both are synced, false after `timeoutMillis`. */
  async waitForSync(timeoutMillis: number): Promise<boolean> {
    const [p, b] = await Promise.all([this.#policies.waitForSync(timeoutMillis), this.#bindings.waitForSync(timeoutMillis)]);
    return p && b;
  }

  /** Starts both list-watches. */
  start(): void {
    this.#policies.start();
    this.#bindings.start();
  }

  /** Stops both. */
  async stop(): Promise<void> {
    await Promise.all([this.#policies.stop(), this.#bindings.stop()]);
  }
}
