/**
 * The `webhooks` option of `startKubeLite`, as envtest's `WebhookInstallOptions` works: the test serves its admission
 * webhooks on a local address with a certificate the fixture makes, and the Mutating- and
 * ValidatingWebhookConfigurations given (objects, or manifest files and folders) are installed pointing there: every
 * webhook's `caBundle` becomes the certificate, and a `service` reference becomes the URL
 * `https://<host>:<port><service.path>`. CRDs that convert by `Webhook` get `https://<host>:<port>/convert`. The
 * fixture resolves once the server admits requests through the configurations.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { CustomResourceDefinition } from '@apiserver/apiextensions';
import { generateSelfSignedCertKey } from '@apiserver/server';
import type { WebhookConfigurationsInEffect } from '../admission/webhook-admission.js';
import { apiRequest, type FixtureServer, pollUntil, refusal } from './api-request.js';
import { isKind, readManifests } from './manifests.js';

/** A MutatingWebhookConfiguration or ValidatingWebhookConfiguration of admissionregistration.k8s.io/v1. */
export interface WebhookConfigurationManifest {
  readonly apiVersion?: string;
  readonly kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration';
  readonly metadata: { readonly name?: string; readonly [field: string]: unknown };
  readonly webhooks?: readonly { readonly clientConfig?: WebhookClientConfigManifest; readonly [field: string]: unknown }[];
}

/** A webhook's `clientConfig`. */
export interface WebhookClientConfigManifest {
  readonly url?: string;
  readonly service?: { readonly namespace: string; readonly name: string; readonly path?: string; readonly port?: number };
  readonly caBundle?: string;
}

/** What {@link startKubeLite}'s `webhooks` option takes. */
export interface WebhookInstallOptions {
  /** The configurations: objects, or paths of YAML or JSON manifest files or folders (other kinds skipped). */
  readonly configurations?: readonly (string | WebhookConfigurationManifest)[];
  /** Where the test's webhook server listens (default `127.0.0.1`); the certificate names it. */
  readonly host?: string;
  /** Its port (default a free one, picked by the fixture). */
  readonly port?: number;
  /** Longest wait for the configurations to take effect, in ms (default 10 000). */
  readonly timeoutMillis?: number;
}

/** Where and with what the test serves its webhooks: the address, and the certificate the configurations trust. */
export interface WebhookServing {
  /** The host the configurations call. */
  readonly host: string;
  /** The port the configurations call. */
  readonly port: number;
  /** `https://<host>:<port>`. */
  readonly url: string;
  /** The serving certificate (PEM, self-signed, naming `localhost`, `127.0.0.1`, `::1` and the host). */
  readonly cert: string;
  /** Its private key (PEM). */
  readonly key: string;
  /** The folder holding them as `tls.crt` and `tls.key`. */
  readonly certDir: string;
  /** The configurations installed, as the server returned them. */
  readonly configurations: readonly WebhookConfigurationManifest[];
}

const CONFIGURATION_KINDS = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];

const isConfiguration = (value: unknown): value is WebhookConfigurationManifest => isKind(value, CONFIGURATION_KINDS);

/** The configurations the option gives, in order (see manifests.ts). */
export function readWebhookConfigurations(options: WebhookInstallOptions): WebhookConfigurationManifest[] {
  return readManifests('webhooks', options.configurations ?? [], isConfiguration);
}

/** A free TCP port on `host` (listened on and closed again, as envtest picks one). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('webhooks: no free port'))));
    });
  });
}

/** `clientConfig` calling `url` and trusting `caBundle` (base64): a service reference becomes the URL with its path. */
function localClientConfig(config: WebhookClientConfigManifest | undefined, url: string, caBundle: string): WebhookClientConfigManifest {
  const { service, ...rest } = config ?? {};
  if (service === undefined) return { ...rest, caBundle };
  const path = service.path ?? '/';
  return { ...rest, url: `${url}${path.startsWith('/') ? '' : '/'}${path}`, caBundle };
}

/** The collection path of a configuration's kind. */
function collectionOf(kind: WebhookConfigurationManifest['kind']): string {
  return `/apis/admissionregistration.k8s.io/v1/${kind.toLowerCase()}s`;
}

/** The local webhook address and certificate, before anything is installed. */
export type LocalWebhookServing = Omit<WebhookServing, 'configurations'>;

/** The `caBundle` that trusts the local certificate (the PEM in base64). */
function caBundleOf(serving: LocalWebhookServing): string {
  return Buffer.from(serving.cert).toString('base64');
}

/** Picks the address (a free port unless given) and makes the serving certificate in `certDir` (`tls.crt`, `tls.key`). */
export async function prepareWebhookServing(options: WebhookInstallOptions, certDir: string): Promise<LocalWebhookServing> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const { cert, key } = generateSelfSignedCertKey({ hosts: [...new Set(['localhost', '127.0.0.1', '::1', host])] });
  mkdirSync(certDir, { recursive: true });
  writeFileSync(join(certDir, 'tls.crt'), cert);
  writeFileSync(join(certDir, 'tls.key'), key, { mode: 0o600 });
  return { host, port, url, cert, key, certDir };
}

/**
 * `crd` with its conversion webhook served locally when it converts by `Webhook`: its `clientConfig` becomes
 * `https://<host>:<port>/convert` with the local certificate, as envtest points conversion at its webhook server
 * (envtest picks the CRDs of convertible Go types; here a CRD asks by declaring the Webhook strategy).
 */
export function withLocalConversion(crd: CustomResourceDefinition, serving: LocalWebhookServing): CustomResourceDefinition {
  const conversion = crd.spec.conversion;
  if (conversion?.strategy !== 'Webhook' || crd.spec.preserveUnknownFields === true) return crd;
  const clientConfig = { url: `${serving.url}/convert`, caBundle: caBundleOf(serving) };
  return { ...crd, spec: { ...crd.spec, conversion: { ...conversion, webhook: { conversionReviewVersions: ['v1'], ...conversion.webhook, clientConfig } } } };
}

/**
 * Installs the configurations on `server` pointing at the local address, and waits (at most `timeoutMillis`)
 * until `inEffect` lists each one that has webhooks; resolves to them as the server returned them.
 */
export async function installWebhookConfigurations(
  server: FixtureServer,
  configurations: readonly WebhookConfigurationManifest[],
  serving: LocalWebhookServing,
  timeoutMillis: number,
  inEffect: () => WebhookConfigurationsInEffect,
): Promise<WebhookConfigurationManifest[]> {
  const installed: WebhookConfigurationManifest[] = [];
  const caBundle = caBundleOf(serving);
  for (const configuration of configurations) {
    const webhooks = configuration.webhooks?.map((w) => ({ ...w, clientConfig: localClientConfig(w.clientConfig, serving.url, caBundle) }));
    const answer = await apiRequest(server, 'POST', collectionOf(configuration.kind), { ...configuration, webhooks });
    if (answer.status !== 201) throw refusal('webhooks', `creating ${configuration.kind} ${configuration.metadata.name ?? '(no name)'}`, answer);
    installed.push(answer.body as WebhookConfigurationManifest);
  }
  const deadline = Date.now() + timeoutMillis;
  for (const configuration of installed.filter((c) => (c.webhooks ?? []).length > 0)) {
    const name = configuration.metadata.name ?? '';
    const set = configuration.kind === 'MutatingWebhookConfiguration' ? 'mutating' : 'validating';
    await pollUntil(deadline, () => (inEffect()[set].has(name) ? true : undefined), `webhooks: ${configuration.kind} ${name} not in effect within ${timeoutMillis} ms`, 5);
  }
  return installed;
}
