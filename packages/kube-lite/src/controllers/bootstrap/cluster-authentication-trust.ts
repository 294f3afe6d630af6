/**
 * kube-apiserver's cluster authentication trust controller (pkg/controlplane/controller/clusterauthenticationtrust):
 * keeps `kube-system/extension-apiserver-authentication` holding this server's client CA and requestheader settings,
 * so aggregated API servers can verify the front proxy and client certificates (post-start hook
 * `start-cluster-authentication-info-controller`), re-written every minute when changed or deleted. Its settings are
 * merged into what the ConfigMap already holds (see {@link combinedClusterAuthenticationInfo}), not written over it.
 * @module
 */
import { type ApiObject, type Creater, defaultUpdatedObjectInfo, type Getter, type RequestContext, type Updater } from '@apiserver/registry';
import { isAlreadyExists, isNotFound } from '@apiserver/runtime';
import {
  EXTENSION_APISERVER_AUTHENTICATION_NAME,
  EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE,
  type ExtensionAPIServerAuthentication,
  extensionAPIServerAuthenticationData,
} from '@apiserver/server';
import { combinedClusterAuthenticationInfo } from './cluster-authentication-info.js';
import { PeriodicLoop } from './periodic-loop.js';

/** Upstream's resync period (1 min). */
export const CLUSTER_AUTHENTICATION_TRUST_INTERVAL_MS = 60_000;

/** What the controller needs. */
export interface ClusterAuthenticationTrustOptions {
  /** The configmaps storage. */
  readonly configMaps: Getter & Creater & Updater;
  /** Makes sure `kube-system` exists before the ConfigMap is written. */
  readonly ensureNamespace: () => Promise<void>;
  /** The settings to publish. */
  readonly info: ExtensionAPIServerAuthentication;
  /** Resync interval in ms (default 1 min). */
  readonly intervalMs?: number;
  /** Sync failures. */
  readonly onError?: (err: unknown) => void;
}

const ctx: RequestContext = { namespace: EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE };

function sameData(current: unknown, wanted: Readonly<Record<string, string>>): boolean {
  const have = (current ?? {}) as Record<string, unknown>;
  const keys = Object.keys(wanted);
  return Object.keys(have).length === keys.length && keys.every((k) => have[k] === wanted[k]);
}

/** Keeps the ConfigMap; `start()` resolves after the first successful write. */
export class ClusterAuthenticationTrustController {
  readonly #o: ClusterAuthenticationTrustOptions;
  readonly #loop: PeriodicLoop;

  /** Creates a stopped controller. */
  constructor(options: ClusterAuthenticationTrustOptions) {
    this.#o = options;
    this.#loop = new PeriodicLoop(() => this.sync(), options.intervalMs ?? CLUSTER_AUTHENTICATION_TRUST_INTERVAL_MS, (err) => options.onError?.(err));
  }

  /** Syncs until a first sync succeeds, then every interval until `signal` aborts or `stop()`. */
  start(signal?: AbortSignal): Promise<void> {
    return this.#loop.start(signal);
  }

  /** Stops syncing. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Creates the ConfigMap, or merges this server's settings into its data when they are not all there. */
  async sync(): Promise<void> {
    await this.#o.ensureNamespace();
    let current: ApiObject | undefined;
    try {
      current = await this.#o.configMaps.get(ctx, EXTENSION_APISERVER_AUTHENTICATION_NAME, {});
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const existing = (current?.data ?? {}) as Record<string, string>;
    const data = extensionAPIServerAuthenticationData(combinedClusterAuthenticationInfo(existing, this.#o.info));
    if (current === undefined) {
      const created = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: EXTENSION_APISERVER_AUTHENTICATION_NAME, namespace: EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE }, data };
      try {
        await this.#o.configMaps.create(ctx, created, undefined, {});
      } catch (err) {
        if (!isAlreadyExists(err)) throw err;
      }
      return;
    }
    if (sameData(current.data, data)) return;
    const updated = { ...current, data };
    await this.#o.configMaps.update(ctx, EXTENSION_APISERVER_AUTHENTICATION_NAME, defaultUpdatedObjectInfo(updated), undefined, undefined, false, {});
  }
}
