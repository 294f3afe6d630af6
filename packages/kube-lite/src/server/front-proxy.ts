/**
 * kube-lite as the front proxy of aggregated API servers: the client certificate its aggregator presents to them
 * (`--proxy-client-cert-file`/`--proxy-client-key-file`) and the requestheader settings it publishes in
 * `kube-system/extension-apiserver-authentication` and accepts itself (`--requestheader-*`). With neither a proxy
 * certificate nor a requestheader CA given, kube-lite makes a front-proxy CA and a `front-proxy-client` certificate
 * in the cert dir (what kubeadm does for kube-apiserver) and allows only that name.
 * @module
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CertKeyPair, generateCACertKey, generateClientCertKey, type RequestHeaderConfig } from '@apiserver/server';
import { certDirectoryOf, type KubeLiteOptions } from './options.js';

/** The CN of the generated proxy client certificate (kubeadm's). */
export const FRONT_PROXY_CLIENT_NAME = 'front-proxy-client';

/** What the front-proxy flags resolve to. */
export interface FrontProxyConfig {
  /** The certificate the aggregator presents to backends. */
  readonly proxyClientCertificate?: CertKeyPair;
  /** The requestheader settings (absent without a CA or without user headers). */
  readonly requestHeader?: RequestHeaderConfig;
}

/** A front-proxy file that cannot be read. */
export class FrontProxyError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'FrontProxyError';
  }
}

function readPEM(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new FrontProxyError(`--${flag} ${JSON.stringify(path)}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function readOrWrite(dir: string, base: string, make: () => CertKeyPair): CertKeyPair {
  const certFile = join(dir, `${base}.crt`);
  const keyFile = join(dir, `${base}.key`);
  if (existsSync(certFile) && existsSync(keyFile)) return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pair = make();
  writeFileSync(keyFile, pair.key, { mode: 0o600 });
  writeFileSync(certFile, pair.cert);
  return pair;
}

/**
 * The front-proxy CA and client certificate in `dir` (`front-proxy-ca.crt`/`.key`, `front-proxy-client.crt`/`.key`),
 * made when missing and kept for the next start.
 */
export function maybeFrontProxyCertificates(dir: string): { ca: CertKeyPair; client: CertKeyPair } {
  const ca = readOrWrite(dir, 'front-proxy-ca', () => generateCACertKey('front-proxy-ca'));
  const client = readOrWrite(dir, 'front-proxy-client', () => generateClientCertKey(ca, { commonName: FRONT_PROXY_CLIENT_NAME }));
  return { ca, client };
}

function requestHeaderOf(o: KubeLiteOptions, clientCA: string, allowedNames: readonly string[]): RequestHeaderConfig | undefined {
  // Upstream turns requestheader authentication off without a user header to read.
  if (o.requestheaderUsernameHeaders.length === 0) return undefined;
  return {
    clientCA,
    allowedNames,
    usernameHeaders: o.requestheaderUsernameHeaders,
    ...(o.requestheaderUIDHeaders.length > 0 && { uidHeaders: o.requestheaderUIDHeaders }),
    groupHeaders: o.requestheaderGroupHeaders,
    extraHeaderPrefixes: o.requestheaderExtraHeadersPrefix,
  };
}

/** Resolves the front-proxy flags, generating the pair when neither a proxy certificate nor a requestheader CA is given. */
export function frontProxyOf(o: KubeLiteOptions): FrontProxyConfig {
  if (o.proxyClientCertFile === undefined && o.requestheaderClientCAFile === undefined) {
    const { ca, client } = maybeFrontProxyCertificates(certDirectoryOf(o));
    const allowed = o.requestheaderAllowedNames.length > 0 ? o.requestheaderAllowedNames : [FRONT_PROXY_CLIENT_NAME];
    const requestHeader = requestHeaderOf(o, ca.cert, allowed);
    return { proxyClientCertificate: client, ...(requestHeader !== undefined && { requestHeader }) };
  }
  const proxy =
    o.proxyClientCertFile === undefined || o.proxyClientKeyFile === undefined
      ? undefined
      : { cert: readPEM(o.proxyClientCertFile, 'proxy-client-cert-file'), key: readPEM(o.proxyClientKeyFile, 'proxy-client-key-file') };
  const requestHeader =
    o.requestheaderClientCAFile === undefined ? undefined : requestHeaderOf(o, readPEM(o.requestheaderClientCAFile, 'requestheader-client-ca-file'), o.requestheaderAllowedNames);
  return { ...(proxy !== undefined && { proxyClientCertificate: proxy }), ...(requestHeader !== undefined && { requestHeader }) };
}
