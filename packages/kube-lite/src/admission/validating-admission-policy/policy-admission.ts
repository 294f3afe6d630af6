/**
 * kube-lite's ValidatingAdmissionPolicy admission: the plugin over list-watches of the stored policies and bindings
 * (changes apply without a restart), params read from the served built-in and custom resources, the requesting user
 * taken from the request.
 * @module
 */
import { type EquivalentResources, isLister, isWatcher, type NamespaceGetter } from '@apiserver/registry';
import type { APIGroupInfo, Authorizer } from '@apiserver/server';
import { requestUserOf } from '../../registry/authorization/request-user.js';
import type { CustomResourceSource } from '../../server/controller-hooks.js';
import { storageOf } from '../../server/group-storage.js';
import { servedParamStores } from './param-stores.js';
import { ValidatingAdmissionPolicyPlugin } from './plugin.js';
import { WatchedPolicySource } from './policy-source.js';

const GROUP = 'admissionregistration.k8s.io';

/** The policy source of one server and the plugin built on it. */
export class PolicyAdmission {
  readonly #source: WatchedPolicySource | undefined;
  readonly #groups: readonly APIGroupInfo[];

  /** A source over the policies and bindings `groups` store (none when they are not served). */
  constructor(groups: readonly APIGroupInfo[], log: (message: string) => void) {
    this.#groups = groups;
    const policies = storageOf(groups, GROUP, 'validatingadmissionpolicies');
    const bindings = storageOf(groups, GROUP, 'validatingadmissionpolicybindings');
    if (policies === undefined || bindings === undefined || !isLister(policies) || !isWatcher(policies) || !isLister(bindings) || !isWatcher(bindings)) return;
    this.#source = new WatchedPolicySource(policies, bindings, (err) => log(`validating admission policy informer: ${err instanceof Error ? err.message : String(err)}`));
  }

  /**
   * The plugin (undefined when policies are not served), params looked up in `groups` and `customResources()`,
   * `authorizer` asking `authorizer()`.
   */
  plugin(
    getNamespace: NamespaceGetter,
    equivalents: EquivalentResources,
    customResources: () => CustomResourceSource | undefined,
    authorizer: () => Authorizer | undefined = () => undefined,
  ): ValidatingAdmissionPolicyPlugin | undefined {
    if (this.#source === undefined) return undefined;
    return new ValidatingAdmissionPolicyPlugin({
      source: this.#source,
      getNamespace,
      equivalents,
      paramStores: servedParamStores(this.#groups, customResources),
      userOf: requestUserOf,
      authorizer,
    });
  }

  /** Starts watching. */
  start(): void {
    this.#source?.start();
  }

  /** Stops watching. */
  async stop(): Promise<void> {
    await this.#source?.stop();
  }
}
