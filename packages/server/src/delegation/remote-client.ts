/**
 * A minimal JSON client of a remote Kubernetes API server (what client-go's REST client does for the delegating
 * authenticator and authorizer): GET and POST of JSON over `node:https`/`node:http`, with a bearer token or a client
 * certificate, a CA bundle and a timeout.
 * @module
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Where the remote server is and how to authenticate to it (the parts of a kubeconfig's cluster and user). */
export interface RemoteAPIServerOptions {
  /** Base URL, e.g. `https://127.0.0.1:6443`. */
  readonly server: string;
  /** Bearer token. */
  readonly token?: string;
  /** PEM client certificate (with `clientKey`). */
  readonly clientCert?: string;
  /** PEM key of `clientCert`. */
  readonly clientKey?: string;
  /** PEM CA bundle the server's certificate is verified against (default: the system roots). */
  readonly certificateAuthority?: string;
  /** Skip verifying the server's certificate. */
  readonly insecureSkipTLSVerify?: boolean;
  /** Per-request timeout in ms (default 10 000, upstream's `ClientTimeout`/`TokenRequestTimeout`). */
  readonly timeoutMillis?: number;
}

/** A JSON answer. */
export interface RemoteResponse {
  /** HTTP status. */
  readonly status: number;
  /** The parsed body (undefined when it is not JSON). */
  readonly body: unknown;
}

/** Upstream's default timeout of delegated TokenReview and SubjectAccessReview calls. */
export const DEFAULT_REMOTE_TIMEOUT_MILLIS = 10_000;

/** Sends JSON requests to one remote API server. */
export class RemoteAPIServerClient {
  readonly #o: RemoteAPIServerOptions;

  /** Creates the client. */
  constructor(options: RemoteAPIServerOptions) {
    this.#o = options;
  }

  /** GETs `path`. */
  get(path: string): Promise<RemoteResponse> {
    return this.#send('GET', path, undefined);
  }

  /** POSTs `body` as JSON to `path`. */
  post(path: string, body: unknown): Promise<RemoteResponse> {
    return this.#send('POST', path, JSON.stringify(body));
  }

  #send(method: string, path: string, payload: string | undefined): Promise<RemoteResponse> {
    const o = this.#o;
    const url = new URL(path, o.server);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const timeout = o.timeoutMillis ?? DEFAULT_REMOTE_TIMEOUT_MILLIS;
    return new Promise((resolve, reject) => {
      const req = send(url, {
        method,
        timeout,
        headers: {
          accept: 'application/json',
          ...(payload !== undefined && { 'content-type': 'application/json' }),
          ...(o.token !== undefined && { authorization: `Bearer ${o.token}` }),
        },
        ...(url.protocol === 'https:' && {
          ...(o.certificateAuthority !== undefined && { ca: o.certificateAuthority }),
          ...(o.clientCert !== undefined && { cert: o.clientCert }),
          ...(o.clientKey !== undefined && { key: o.clientKey }),
          rejectUnauthorized: o.insecureSkipTLSVerify !== true,
        }),
      });
      req.once('timeout', () => req.destroy(new Error(`${method} ${url.href}: timed out after ${timeout} ms`)));
      req.once('error', reject);
      req.once('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.once('error', reject);
        res.once('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.end(payload);
    });
  }
}
