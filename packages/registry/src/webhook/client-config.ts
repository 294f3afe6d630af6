/**
 * Where a webhook lives (k8s.io/apiserver/pkg/util/webhook `ClientConfig`): a URL, or a Service reference that a
 * {@link ServiceResolver} turns into an address; the TLS name a Service is checked against is
 * `<name>.<namespace>.svc`, wherever it resolves.
 * @module
 */

/** A Service that serves a webhook (`admissionregistration/v1.ServiceReference`). */
export interface ServiceReference {
  /** The Service's namespace. */
  readonly namespace: string;
  /** The Service's name. */
  readonly name: string;
  /** URL path sent to the Service ("/" when absent). */
  readonly path?: string;
  /** The Service port (443 when absent). */
  readonly port?: number;
}

/** How to reach a webhook: exactly one of `url` and `service`, and the CA bundle that signs its serving certificate. */
export interface WebhookClientConfig {
  /** `https://host[:port]/path` of a webhook outside the cluster. */
  readonly url?: string;
  /** A Service in the cluster. */
  readonly service?: ServiceReference;
  /** Base64 of the PEM CA bundle; the system's roots when empty. */
  readonly caBundle?: string;
}

/** Where a Service's port is really served (upstream `ServiceResolver.ResolveEndpoint`). */
export type ServiceResolver = (namespace: string, name: string, port: number) => URL | Promise<URL>;

/** The cluster-DNS answer: `https://<name>.<namespace>.svc:<port>` (upstream `NewDefaultServiceResolver`). */
export const defaultServiceResolver: ServiceResolver = (namespace, name, port) => new URL(`https://${name}.${namespace}.svc:${port}`);

/** A resolved webhook endpoint: the URL to send to and the name its certificate must carry. */
export interface WebhookEndpoint {
  /** The request URL (path included, no query yet). */
  readonly url: URL;
  /** TLS server name (SNI and certificate check); undefined → the URL's host. */
  readonly serverName: string | undefined;
}

/** Resolves `config` to an endpoint; throws when it names neither a URL nor a Service. */
export async function resolveWebhookEndpoint(config: WebhookClientConfig, resolver: ServiceResolver = defaultServiceResolver): Promise<WebhookEndpoint> {
  if (config.url !== undefined && config.url !== '') return { url: new URL(config.url), serverName: undefined };
  const service = config.service;
  if (service === undefined) throw new Error('webhook client config has neither a url nor a service');
  const base = await resolver(service.namespace, service.name, service.port ?? 443);
  const url = new URL(base.href);
  const path = service.path ?? '';
  url.pathname = path === '' ? '/' : path;
  return { url, serverName: `${service.name}.${service.namespace}.svc` };
}
