/**
 * A minimal JSON client of a remote Kubernetes API server (what client-go's REST client does for the delegating
 * authenticator and authorizer): GET and POST of JSON over `node:https`/`node:http`, with a bearer token or a client
 * certificate, a CA bundle and a timeout.
 * @module
 */
import { type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, request as httpRequest } from 'node:http';
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
  /** The response headers. */
  readonly headers?: IncomingHttpHeaders;
}

/** One event of a watch stream. */
export interface RemoteWatchEvent {
  /** `ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK` or `ERROR`. */
  readonly type: string;
  /** The object (a Status for `ERROR`). */
  readonly object: Record<string, unknown>;
}

/** A watch the server refused (its status and message). */
export class RemoteWatchError extends Error {
  /** Creates the error. */
  constructor(
    message: string,
    /** The HTTP status. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'RemoteWatchError';
  }
}

/** Upstream's default timeout of delegated TokenReview and SubjectAccessReview calls. */
export const DEFAULT_REMOTE_TIMEOUT_MILLIS = 10_000;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

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

  /**
   * Watches `path` (which carries `watch=1` and its selectors): yields each event of the stream until it ends or
   * `signal` aborts; throws {@link RemoteWatchError} when the server refuses the watch.
   */
  async *watch(path: string, signal: AbortSignal): AsyncGenerator<RemoteWatchEvent> {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = this.#request('GET', path, { signal });
      req.once('error', reject);
      req.once('response', resolve);
      req.end();
    });
    if (res.statusCode !== 200) {
      let text = '';
      for await (const chunk of res) text += String(chunk);
      const message = (parsed(text) as { message?: string } | undefined)?.message ?? `status ${res.statusCode ?? 0}`;
      throw new RemoteWatchError(`watch ${path}: ${message}`, res.statusCode ?? 0);
    }
    let buffered = '';
    try {
      for await (const chunk of res.setEncoding('utf8')) {
        buffered += chunk as string;
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          const line = buffered.slice(0, newline).trim();
          buffered = buffered.slice(newline + 1);
          if (line !== '') yield JSON.parse(line) as RemoteWatchEvent;
          newline = buffered.indexOf('\n');
        }
      }
    } catch (err) {
      if (!signal.aborted) throw err;
    } finally {
      res.destroy();
    }
  }

  #request(method: string, path: string, extra: { timeout?: number; signal?: AbortSignal; json?: boolean }): ClientRequest {
    const o = this.#o;
    const url = new URL(path, o.server);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return send(url, {
      method,
      ...(extra.timeout !== undefined && { timeout: extra.timeout }),
      ...(extra.signal !== undefined && { signal: extra.signal }),
      headers: {
        accept: 'application/json',
        ...(extra.json === true && { 'content-type': 'application/json' }),
        ...(o.token !== undefined && { authorization: `Bearer ${o.token}` }),
      },
      ...(url.protocol === 'https:' && {
        ...(o.certificateAuthority !== undefined && { ca: o.certificateAuthority }),
        ...(o.clientCert !== undefined && { cert: o.clientCert }),
        ...(o.clientKey !== undefined && { key: o.clientKey }),
        rejectUnauthorized: o.insecureSkipTLSVerify !== true,
      }),
    });
  }

  #send(method: string, path: string, payload: string | undefined): Promise<RemoteResponse> {
    const timeout = this.#o.timeoutMillis ?? DEFAULT_REMOTE_TIMEOUT_MILLIS;
    const url = new URL(path, this.#o.server);
    return new Promise((resolve, reject) => {
      const req = this.#request(method, path, { timeout, json: payload !== undefined });
      req.once('timeout', () => req.destroy(new Error(`${method} ${url.href}: timed out after ${timeout} ms`)));
      req.once('error', reject);
      req.once('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.once('error', reject);
        res.once('end', () => resolve({ status: res.statusCode ?? 0, body: parsed(Buffer.concat(chunks).toString('utf8')), headers: res.headers }));
      });
      req.end(payload);
    });
  }
}
