import { readFileSync } from 'node:fs';
import { type Server, createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { hasUnsupportedTransferEncoding, MAX_HEADER_BYTES, onClientError, refuseTransferEncoding } from './protocol-errors.js';
import { type CertKeyFiles, maybeSelfSignedCertKey } from './self-signed.js';
import { sequentialRequests } from './sequential-requests.js';

/** Serving options (`--bind-address`, `--port`, `--secure-port`, TLS files). */
export interface ServingOptions {
  /** The address to listen on (default `127.0.0.1`). */
  readonly bindAddress?: string;
  /** Plain HTTP port (0 = any free port); absent → no plain listener. */
  readonly port?: number;
  /** TLS serving; absent → no TLS listener. */
  readonly secure?: SecureServingOptions;
  /**
   * Longest time a client may take to send the request line and headers before the connection is closed (a
   * slow-loris defence); default 32 s, kube-apiserver's `ReadHeaderTimeout` ("just shy of requestTimeoutUpperBound").
   */
  readonly readHeaderTimeoutMillis?: number;
}

/** kube-apiserver's `ReadHeaderTimeout` (staging/src/k8s.io/apiserver/pkg/server/secure_serving.go). */
const DEFAULT_READ_HEADER_TIMEOUT_MILLIS = 32_000;
/** How often node checks connections against the header timeout (its default, 30 s, would let a slow client stay up to 62 s). */
const CONNECTIONS_CHECKING_INTERVAL_MILLIS = 1000;

/**
 * How long an idle keep-alive connection stays open: kube-apiserver's `IdleTimeout` of 90 s (matching Go's
 * `http.DefaultTransport`, so clients close idle connections first). node's default of 5 s closes connections that
 * clients still consider reusable, and a request sent just then fails with "socket hang up".
 */
const KEEP_ALIVE_TIMEOUT_MILLIS = 90_000;

/** node:http server options bounding a request's headers (time and size) and how long idle connections live. */
function timeoutOptions(options: ServingOptions): {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
  keepAliveTimeout: number;
  maxHeaderSize: number;
} {
  const headersTimeout = options.readHeaderTimeoutMillis ?? DEFAULT_READ_HEADER_TIMEOUT_MILLIS;
  if (!(Number.isInteger(headersTimeout) && headersTimeout > 0 && headersTimeout <= 300_000)) {
    throw new ServingError(`readHeaderTimeoutMillis ${headersTimeout} must be an integer in (0, 300000]`);
  }
  return {
    headersTimeout,
    // No bound on receiving the whole request (node's default closes a connection whose request, body included,
    // took 300 s): kube-apiserver sets no ReadTimeout. Handlers' reads are bounded by the request deadline
    // (60 s by default); long-running requests (watch, proxy, exec) by nothing, as upstream.
    requestTimeout: 0,
    connectionsCheckingInterval: Math.min(CONNECTIONS_CHECKING_INTERVAL_MILLIS, headersTimeout),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MILLIS,
    // Go's MaxHeaderBytes as kube-apiserver sets it (node's default is 16 KiB): clients that work against
    // kube-apiserver (large bearer tokens, impersonation headers) work here.
    maxHeaderSize: MAX_HEADER_BYTES,
  };
}

/** `listener` behind the checks Go's server makes before any handler: a transfer coding it does not implement is refused. */
function guarded(listener: (request: IncomingMessage, response: ServerResponse) => void): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    // A request pipelined behind a refused one (parsed from the same bytes) is dropped with its connection.
    if (request.socket.writableEnded) return;
    if (request.headers['transfer-encoding'] !== undefined && hasUnsupportedTransferEncoding(request)) {
      refuseTransferEncoding(request);
      return;
    }
    listener(request, response);
  };
}

/** TLS serving options. */
export interface SecureServingOptions {
  /** The TLS port (`--secure-port`; 0 = any free port). */
  readonly port: number;
  /** PEM certificate chain (`--tls-cert-file`); with the key file, or neither and a `certDirectory`. */
  readonly tlsCertFile?: string;
  /** PEM private key (`--tls-private-key-file`). */
  readonly tlsPrivateKeyFile?: string;
  /** Where a self-signed pair (`apiserver.crt`/`apiserver.key`) is kept when no files are given (`--cert-dir`). */
  readonly certDirectory?: string;
  /** PEM CA bundle verifying client certificates (`--client-ca-file`); enables client-certificate authentication. */
  readonly clientCAFile?: string;
  /**
   * More PEM CA bundles client certificates are requested against (e.g. a front proxy's CA); the listener verifies
   * nothing itself then beyond the TLS handshake: authenticators check the certificate against their own CA.
   */
  readonly clientCAs?: readonly string[];
  /** Ask for client certificates even while no CA is known (the CAs come later through `Listener.setClientCAs`). */
  readonly requestClientCertificates?: boolean;
}

/** A serving configuration that cannot be used (missing file, nothing to serve). */
export class ServingError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'ServingError';
  }
}

/** One listening server. */
export interface Listener {
  /** The node server. */
  readonly server: Server;
  /** `http://host:port` or `https://host:port`. */
  readonly url: string;
  /**
   * TLS listeners: replaces the CA bundles client certificates are requested against (besides `clientCAFile`) for
   * new connections, as upstream's dynamic serving controller does when a client CA changes.
   */
  readonly setClientCAs?: (clientCAs: readonly string[]) => void;
}


function readPem(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new ServingError(`cannot read ${what} ${JSON.stringify(path)}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The certificate and key files to serve with, generating a self-signed pair when none are given. */
function servingFiles(secure: SecureServingOptions, host: string): CertKeyFiles {
  const { tlsCertFile, tlsPrivateKeyFile, certDirectory } = secure;
  if (tlsCertFile !== undefined && tlsPrivateKeyFile !== undefined) return { certFile: tlsCertFile, keyFile: tlsPrivateKeyFile };
  if (tlsCertFile !== undefined || tlsPrivateKeyFile !== undefined) {
    throw new ServingError('tlsCertFile and tlsPrivateKeyFile must be given together');
  }
  if (certDirectory === undefined) throw new ServingError('secure serving needs tlsCertFile and tlsPrivateKeyFile, or a certDirectory');
  const hosts = ['localhost', '127.0.0.1', ...(host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? [] : [host])];
  return maybeSelfSignedCertKey(certDirectory, { hosts });
}

function listenOn(server: Server, port: number, host: string, scheme: string): Promise<Listener> {
  server.on('clientError', onClientError);
  // Go counts no header fields, it bounds their bytes (maxHeaderSize above). node keeps only the first 1,000
  // fields by default and drops the rest unseen: a Transfer-Encoding, Authorization or Impersonate-* header sent
  // after them would escape every check.
  server.maxHeadersCount = 0;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address: AddressInfo | string | null = server.address();
      if (address === null || typeof address === 'string') {
        reject(new ServingError('listener has no TCP address'));
        return;
      }
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ server, url: `${scheme}://${shownHost}:${address.port}` });
    });
  });
}

/** The TLS options asking clients for a certificate against every client CA (none: no certificate is asked for). */
function clientCertificateRequest(secure: SecureServingOptions): { ca?: Buffer[]; requestCert?: boolean; rejectUnauthorized?: boolean } {
  const cas = [...fileClientCAs(secure), ...(secure.clientCAs ?? []).map((pem) => Buffer.from(pem))];
  return cas.length === 0 && secure.requestClientCertificates !== true ? {} : { ca: cas, requestCert: true, rejectUnauthorized: false };
}

function fileClientCAs(secure: SecureServingOptions): Buffer[] {
  return secure.clientCAFile === undefined ? [] : [readPem(secure.clientCAFile, 'client CA file')];
}

/** Creates and starts the plain and/or TLS listeners for `listener`. */
export async function startListeners(options: ServingOptions, listener: (request: IncomingMessage, response: ServerResponse) => void): Promise<Listener[]> {
  const host = options.bindAddress ?? '127.0.0.1';
  const started: Listener[] = [];
  if (options.port === undefined && options.secure === undefined) throw new ServingError('nothing to serve: give a port, a secure port or both');
  const timeouts = timeoutOptions(options);
  const serve = sequentialRequests(guarded(listener));
  try {
    if (options.port !== undefined) started.push(await listenOn(createHttpServer(timeouts, serve), options.port, host, 'http'));
    const secure = options.secure;
    if (secure !== undefined) {
      const { certFile, keyFile } = servingFiles(secure, host);
      const tls = {
        ...timeouts,
        // kube-apiserver's default --tls-min-version is VersionTLS12.
        minVersion: 'TLSv1.2' as const,
        cert: readPem(certFile, 'TLS certificate file'),
        key: readPem(keyFile, 'TLS private key file'),
        ...clientCertificateRequest(secure),
      };
      const server = createHttpsServer(tls, serve);
      const fileCAs = fileClientCAs(secure);
      const setClientCAs = (clientCAs: readonly string[]): void => {
        server.setSecureContext({ minVersion: tls.minVersion, cert: tls.cert, key: tls.key, ca: [...fileCAs, ...clientCAs.map((pem) => Buffer.from(pem))] });
      };
      started.push({ ...(await listenOn(server, secure.port, host, 'https')), setClientCAs });
    }
  } catch (err) {
    for (const l of started) l.server.close();
    throw err;
  }
  return started;
}

/** Ends a long-running response whose handler did not stop: a started stream ends cleanly, others are cut. */
export function endStream(response: ServerResponse): void {
  if (response.writableEnded) return;
  response.on('error', () => undefined);
  if (response.headersSent) response.end();
  else response.destroy();
}
