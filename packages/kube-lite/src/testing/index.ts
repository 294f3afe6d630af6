/**
 * `@apiserver/kube-lite/testing`: start kube-lite in-process on a free port for tests of controllers and
 * clients, with a kubeconfig ready for kubectl and `@kubernetes/client-node`.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CustomResourceDefinition } from '@apiserver/apiextensions';
import { assembleKubeLite } from '../server/assembly.js';
import type { RESTStorageProvider } from '../registry/rest-options.js';
import { kubeconfigToken } from '../server/kubeconfig.js';
import { KubeLiteServer } from '../server/kube-lite-server.js';
import { defaultKubeLiteOptions, type KubeLiteOptions } from '../server/options.js';
import { apiRequest, type FixtureServer, pollUntil } from './api-request.js';
import { type CRDSource, installCRDs, readCRDs } from './install-crds.js';
import { installWebhookConfigurations, prepareWebhookServing, readWebhookConfigurations, type WebhookInstallOptions, type WebhookServing, withLocalConversion } from './install-webhooks.js';

export type { CRDSource } from './install-crds.js';
export type { WebhookClientConfigManifest, WebhookConfigurationManifest, WebhookInstallOptions, WebhookServing } from './install-webhooks.js';

/**
 * Options of {@link startKubeLite}: any server option (default: memory storage, a free port on 127.0.0.1); the server
 * is assembled as the CLI assembles it (every group, `--authorization-mode`, service account tokens).
 */
export interface StartKubeLiteOptions extends Partial<KubeLiteOptions> {
  /** API groups to serve instead of kube-lite's (then no authorizer or service account authenticator is assembled either). */
  readonly providers?: readonly RESTStorageProvider[];
  /** Server log (default: discarded). */
  readonly log?: (message: string) => void;
  /**
   * Longest wait for `/readyz` in ms (default 30 000: ready takes milliseconds on the memory backend, but on etcd
   * on a loaded CI machine a watch cache's first list took over 10 s at load 17).
   */
  readonly readyTimeoutMillis?: number;
  /**
   * CustomResourceDefinitions to install once the server is ready, as envtest's `CRDInstallOptions` does: CRD
   * objects, or paths of YAML or JSON manifest files (several documents each; those of other kinds are skipped)
   * or of folders of them (their `.yaml`, `.yml` and `.json` files, not their subfolders). Each is created through
   * the API; {@link startKubeLite} resolves once every one is `Established` and its served versions are listed in
   * discovery. A path that does not exist, a manifest that does not parse or a CRD the server refuses fails the start.
   */
  readonly crds?: readonly CRDSource[];
  /** Longest wait for the {@link StartKubeLiteOptions.crds} to be served, in ms (default 10 000, envtest's). */
  readonly crdTimeoutMillis?: number;
  /**
   * Admission webhooks the test serves itself, as envtest's `WebhookInstallOptions`: the fixture makes a serving
   * certificate for a local address (`host`, default 127.0.0.1; `port`, default a free one), installs the
   * configurations (objects or manifest paths, as {@link StartKubeLiteOptions.crds}) with every webhook's `caBundle`
   * set to it and each `service` reference turned into `https://<host>:<port><service.path>`, and resolves once the
   * server admits requests through them. CRDs of {@link StartKubeLiteOptions.crds} that convert by `Webhook` call
   * `https://<host>:<port>/convert` with that certificate, as envtest points them. The test serves its webhooks with
   * {@link KubeLiteFixture.webhooks}' `cert` and `key` on that address (a webhook that is not listening yet fails
   * requests as its `failurePolicy` says).
   */
  readonly webhooks?: WebhookInstallOptions;
}

/** A running kube-lite for a test. */
export interface KubeLiteFixture {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** A kubeconfig whose current context points at {@link KubeLiteFixture.url}. */
  readonly kubeconfigPath: string;
  /** The server itself. */
  readonly server: KubeLiteServer;
  /** The {@link StartKubeLiteOptions.crds} installed, as the server had them once served. */
  readonly crds: readonly CustomResourceDefinition[];
  /** Where and with which certificate to serve the {@link StartKubeLiteOptions.webhooks} (when that option is given). */
  readonly webhooks?: WebhookServing;
  /** Stops the server and removes its temporary files. */
  stop(): Promise<void>;
}

/** Polls `/readyz` (with the token file's first token, as the kubeconfig uses it) until it answers 200. */
async function waitReady(server: FixtureServer, timeoutMillis: number): Promise<void> {
  const ready = async () => ((await apiRequest(server, 'GET', '/readyz')).status === 200 ? true : undefined);
  await pollUntil(Date.now() + timeoutMillis, ready, `kube-lite at ${server.url} not ready within ${timeoutMillis} ms`, 10);
}

/**
 * Starts kube-lite in this process on a free 127.0.0.1 port and resolves once `/readyz` answers 200 and the
 * {@link StartKubeLiteOptions.crds} and {@link StartKubeLiteOptions.webhooks} are installed and in effect.
 * @example
 * ```ts
 * import { startKubeLite } from '@apiserver/kube-lite/testing';
 * const kl = await startKubeLite();
 * // point kubectl or client-node at kl.kubeconfigPath
 * await kl.stop();
 * ```
 */
export async function startKubeLite(options: StartKubeLiteOptions = {}): Promise<KubeLiteFixture> {
  const { providers, log, readyTimeoutMillis, crds: crdSources, crdTimeoutMillis, webhooks: webhookOptions, ...flags } = options;
  // Manifests are read first: a missing file fails the start before a server exists.
  const wanted = readCRDs(crdSources ?? []);
  const configurations = webhookOptions === undefined ? [] : readWebhookConfigurations(webhookOptions);
  const dir = mkdtempSync(join(tmpdir(), 'kube-lite-'));
  const merged: KubeLiteOptions = { ...defaultKubeLiteOptions(), port: 0, certDir: join(dir, 'certs'), ...flags };
  let server: KubeLiteServer;
  try {
    server = await KubeLiteServer.start({
      options: merged,
      ...(providers === undefined ? assembleKubeLite(merged) : { providers }),
      log: log ?? (() => undefined),
      kubeconfigPath: join(dir, 'kubeconfig'),
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  let crds: CustomResourceDefinition[];
  let webhooks: WebhookServing | undefined;
  try {
    const reached = { url: server.url, token: kubeconfigToken(merged.tokenAuthFile) };
    await waitReady(reached, readyTimeoutMillis ?? 30_000);
    const serving = webhookOptions === undefined ? undefined : await prepareWebhookServing(webhookOptions, join(dir, 'webhook-certs'));
    crds = await installCRDs(reached, serving === undefined ? wanted : wanted.map((crd) => withLocalConversion(crd, serving)), crdTimeoutMillis ?? 10_000);
    if (serving !== undefined) {
      const inEffect = () => server.chain.kubeAPIServer.webhookConfigurationsInEffect();
      webhooks = { ...serving, configurations: await installWebhookConfigurations(reached, configurations, serving, webhookOptions?.timeoutMillis ?? 10_000, inEffect) };
    }
  } catch (err) {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: server.url,
    kubeconfigPath: server.kubeconfigPath,
    server,
    crds,
    ...(webhooks !== undefined && { webhooks }),
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
