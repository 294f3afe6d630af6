/**
 * How the aggregator connects to an APIService's backend (kube-aggregator's proxy transport): the APIService's CA
 * bundle, `insecureSkipTLSVerify` and `<service>.<namespace>.svc` server name, and the aggregator's own client
 * certificate (`--proxy-client-cert-file`/`--proxy-client-key-file`), which is what lets the backend believe the
 * X-Remote-* headers.
 * @module
 */
import type { RequestOptions } from 'node:https';
import type { APIService } from '../apis/apiregistration/v1/types.js';

/** The aggregator's client certificate and key (PEM). */
export interface ProxyClientCertificate {
  /** The certificate chain. */
  readonly cert: string;
  /** Its private key. */
  readonly key: string;
}

/** TLS settings of a connection to a backend. */
export interface UpstreamTLS {
  /** PEM CA bundle to trust (absent = the system roots). */
  readonly ca?: string;
  /** Skip certificate verification (`insecureSkipTLSVerify`). */
  readonly insecureSkipTLSVerify?: boolean;
  /** The name the certificate is checked against (`<service>.<namespace>.svc`). */
  readonly serverName?: string;
  /** The client certificate presented (absent: none). */
  readonly clientCertificate?: ProxyClientCertificate;
}

/** The TLS settings of `apiService`'s backend, presenting `clientCertificate` when given. */
export function backendTLSOf(apiService: APIService, clientCertificate?: ProxyClientCertificate): UpstreamTLS {
  const spec = apiService.spec;
  const service = spec?.service;
  const caBundle = spec?.caBundle ?? '';
  return {
    ...(caBundle !== '' && { ca: Buffer.from(caBundle, 'base64').toString('utf8') }),
    ...(spec?.insecureSkipTLSVerify === true && { insecureSkipTLSVerify: true }),
    ...(service !== undefined && service !== null && { serverName: `${service.name ?? ''}.${service.namespace ?? ''}.svc` }),
    ...(clientCertificate !== undefined && { clientCertificate }),
  };
}

/** The `node:https` request options of `tls` for `target` (none for plain HTTP). */
export function tlsRequestOptions(target: URL, tls: UpstreamTLS): Pick<RequestOptions, 'ca' | 'cert' | 'key' | 'rejectUnauthorized' | 'servername'> {
  if (target.protocol !== 'https:') return {};
  return {
    ...(tls.ca !== undefined && { ca: tls.ca }),
    rejectUnauthorized: tls.insecureSkipTLSVerify !== true,
    ...(tls.serverName !== undefined && { servername: tls.serverName }),
    ...(tls.clientCertificate !== undefined && { cert: tls.clientCertificate.cert, key: tls.clientCertificate.key }),
  };
}
