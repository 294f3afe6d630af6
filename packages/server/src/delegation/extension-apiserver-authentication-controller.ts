/**
 * Keeping a delegating server's client CA and requestheader settings current as the remote server's
 * `kube-system/extension-apiserver-authentication` ConfigMap changes (k8s.io/apiserver 1.32
 * `dynamiccertificates.ConfigMapCAController` for `client-ca-file` and `requestheader-client-ca-file`, and
 * `headerrequest.RequestHeaderAuthRequestController` for the header lists and allowed names, which list and watch
 * the one ConfigMap through a field selector). As upstream, each part keeps the last good value it read: a deleted
 * ConfigMap, an empty CA key or a list that is not JSON leaves it as it was (and is logged).
 * @module
 */
import { type CAContentProvider, ChangeListeners } from '../authentication/ca-content.js';
import { parseCertificateBundle } from '../authentication/client-cert-verify.js';
import type { RequestHeaderConfig, RequestHeaderConfigProvider } from '../authentication/request-header.js';
import type { ControllerRunner } from '../server/config.js';
import {
  EXTENSION_APISERVER_AUTHENTICATION_NAME,
  EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE,
  EXTENSION_AUTH_KEYS,
  readStringList,
} from './extension-apiserver-authentication.js';
import type { RemoteAPIServerClient } from './remote-client.js';

/** The ConfigMaps list of kube-system narrowed to the one ConfigMap (the informers' list and watch path). */
const WATCHED_PATH = `/api/v1/namespaces/${EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE}/configmaps?fieldSelector=${encodeURIComponent(`metadata.name=${EXTENSION_APISERVER_AUTHENTICATION_NAME}`)}`;

/** client-go's reflector: watches end after 5 to 10 minutes (`minWatchTimeout` × [1, 2)). */
const MIN_WATCH_TIMEOUT_SECONDS = 300;
/** client-go's reflector backoff after a failed list or watch: 800 ms doubling up to 30 s. */
const RELIST_BACKOFF = { initialMillis: 800, maxMillis: 30_000 } as const;

/** The header lists and allowed names (upstream `requestHeaderBundle`). */
interface HeaderBundle {
  readonly usernameHeaders: readonly string[];
  readonly uidHeaders: readonly string[];
  readonly groupHeaders: readonly string[];
  readonly extraHeaderPrefixes: readonly string[];
  readonly allowedNames: readonly string[];
}

/** Options of {@link ExtensionAPIServerAuthenticationController}. */
export interface ExtensionAPIServerAuthenticationControllerOptions {
  /** The remote (core) API server. */
  readonly client: RemoteAPIServerClient;
  /** Failures to read or apply the ConfigMap, and changes taken. */
  readonly log?: (message: string) => void;
  /** The watch timeout in seconds (default a random 300 to 600, as client-go's reflector). */
  readonly watchTimeoutSeconds?: number;
  /** Backoff after a failed list or watch, ms (default 800 doubling up to 30 000). */
  readonly relistBackoffMillis?: { readonly initialMillis: number; readonly maxMillis: number };
}

function sameLists(a: HeaderBundle, b: HeaderBundle): boolean {
  const keys = Object.keys(a) as (keyof HeaderBundle)[];
  return keys.every((k) => a[k].length === b[k].length && a[k].every((v, i) => v === b[k][i]));
}

function sleep(millis: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, millis);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The current client CA ({@link clientCA}) and requestheader settings ({@link requestHeader}) of the ConfigMap:
 * {@link runOnce} reads it once, {@link run} lists and watches it until the signal aborts or {@link stop}.
 */
export class ExtensionAPIServerAuthenticationController implements ControllerRunner {
  readonly #o: ExtensionAPIServerAuthenticationControllerOptions;
  readonly #clientCAListeners = new ChangeListeners();
  readonly #requestHeaderListeners = new ChangeListeners();
  #clientCA: string | undefined;
  #requestHeaderCA: string | undefined;
  #headers: HeaderBundle | undefined;
  #requestHeader: RequestHeaderConfig | undefined;
  #stopping: AbortController | undefined;
  #running: Promise<void> | undefined;

  /** The client CA of `client-ca-file` as last read. */
  readonly clientCA: CAContentProvider = {
    currentCABundleContent: () => this.#clientCA,
    addListener: (listener) => this.#clientCAListeners.add(listener),
  };

  /** The requestheader settings as last read (undefined until a `requestheader-client-ca-file` was read). */
  readonly requestHeader: RequestHeaderConfigProvider = {
    current: () => this.#requestHeader,
    addListener: (listener) => this.#requestHeaderListeners.add(listener),
  };

  /** Creates a controller that has read nothing yet. */
  constructor(options: ExtensionAPIServerAuthenticationControllerOptions) {
    this.#o = options;
  }

  /**
   * Reads the ConfigMap once (upstream `RunOnce`): false when it does not exist; throws when it cannot be read
   * (status and message of the answer).
   */
  async runOnce(): Promise<boolean> {
    const answer = await this.#o.client.get(`/api/v1/namespaces/${EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE}/configmaps/${EXTENSION_APISERVER_AUTHENTICATION_NAME}`);
    if (answer.status === 404) return false;
    if (answer.status !== 200) throw new Error((answer.body as { message?: string } | undefined)?.message ?? `status ${answer.status}`);
    this.apply((answer.body as { data?: Record<string, string> } | undefined)?.data ?? {});
    return true;
  }

  /** Lists and watches the ConfigMap until `signal` aborts or {@link stop} (at most one loop runs). */
  run(signal?: AbortSignal): void {
    if (this.#running !== undefined) return;
    const stopping = new AbortController();
    this.#stopping = stopping;
    signal?.addEventListener('abort', () => stopping.abort(), { once: true });
    if (signal?.aborted === true) stopping.abort();
    this.#running = this.#loop(stopping.signal);
  }

  /** Stops watching; resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.#stopping?.abort();
    await this.#running;
  }

  /** Takes the ConfigMap's `data`: each part that reads well and differs replaces the last (listeners are told). */
  apply(data: Readonly<Record<string, string>>): void {
    const clientCA = this.#caOf(data, EXTENSION_AUTH_KEYS.clientCA);
    if (clientCA !== undefined && clientCA !== this.#clientCA) {
      this.#clientCA = clientCA;
      this.#clientCAListeners.notify();
    }
    const requestHeaderCA = this.#caOf(data, EXTENSION_AUTH_KEYS.requestHeaderClientCA);
    const headers = this.#headersOf(data);
    const caChanged = requestHeaderCA !== undefined && requestHeaderCA !== this.#requestHeaderCA;
    const headersChanged = headers !== undefined && (this.#headers === undefined || !sameLists(headers, this.#headers));
    if (!caChanged && !headersChanged) return;
    if (caChanged) this.#requestHeaderCA = requestHeaderCA;
    if (headersChanged) this.#headers = headers;
    const ca = this.#requestHeaderCA;
    const h = this.#headers;
    if (ca === undefined || h === undefined) return;
    this.#requestHeader = { clientCA: ca, ...h };
    this.#requestHeaderListeners.notify();
  }

  #caOf(data: Readonly<Record<string, string>>, key: string): string | undefined {
    const pem = data[key] ?? '';
    if (pem === '') return undefined;
    try {
      parseCertificateBundle(pem);
      return pem;
    } catch (err) {
      this.#o.log?.(`${key} of configmap/${EXTENSION_APISERVER_AUTHENTICATION_NAME}: ${err instanceof Error ? err.message : String(err)}; keeping the last CA bundle`);
      return undefined;
    }
  }

  #headersOf(data: Readonly<Record<string, string>>): HeaderBundle | undefined {
    try {
      return {
        usernameHeaders: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderUsernameHeaders),
        uidHeaders: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderUIDHeaders),
        groupHeaders: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderGroupHeaders),
        extraHeaderPrefixes: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderExtraHeadersPrefix),
        allowedNames: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderAllowedNames),
      };
    } catch (err) {
      this.#o.log?.(`configmap/${EXTENSION_APISERVER_AUTHENTICATION_NAME}: ${err instanceof Error ? err.message : String(err)}; keeping the last request header settings`);
      return undefined;
    }
  }

  /** List, then watch from the list's resourceVersion; a failure waits out the backoff and lists again. */
  async #loop(signal: AbortSignal): Promise<void> {
    const backoff = this.#o.relistBackoffMillis ?? RELIST_BACKOFF;
    let delay = backoff.initialMillis;
    while (!signal.aborted) {
      try {
        const resourceVersion = await this.#list();
        await this.#watch(resourceVersion, signal);
        delay = backoff.initialMillis;
        continue;
      } catch (err) {
        if (signal.aborted) return;
        this.#o.log?.(`watching configmap/${EXTENSION_APISERVER_AUTHENTICATION_NAME}: ${err instanceof Error ? err.message : String(err)}`);
      }
      await sleep(delay, signal);
      delay = Math.min(delay * 2, backoff.maxMillis);
    }
  }

  async #list(): Promise<string> {
    const answer = await this.#o.client.get(WATCHED_PATH);
    if (answer.status !== 200) throw new Error((answer.body as { message?: string } | undefined)?.message ?? `list: status ${answer.status}`);
    const list = answer.body as { metadata?: { resourceVersion?: string }; items?: { data?: Record<string, string> }[] };
    const item = list.items?.[0];
    if (item === undefined) this.#o.log?.(`configmap/${EXTENSION_APISERVER_AUTHENTICATION_NAME} in ${EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE} does not exist; keeping the last settings`);
    else this.apply(item.data ?? {});
    return list.metadata?.resourceVersion ?? '';
  }

  /** Applies each event until the watch ends; throws on an ERROR event (an expired resourceVersion: list again). */
  async #watch(resourceVersion: string, signal: AbortSignal): Promise<void> {
    let from = resourceVersion;
    while (!signal.aborted) {
      const timeout = this.#o.watchTimeoutSeconds ?? Math.floor(MIN_WATCH_TIMEOUT_SECONDS * (1 + Math.random()));
      const path = `${WATCHED_PATH}&watch=1&allowWatchBookmarks=true&timeoutSeconds=${timeout}&resourceVersion=${encodeURIComponent(from)}`;
      for await (const event of this.#o.client.watch(path, signal)) {
        const metadata = event.object.metadata as { resourceVersion?: string } | undefined;
        if (event.type === 'ERROR') throw new Error(String(event.object.message ?? 'watch error'));
        if (metadata?.resourceVersion !== undefined) from = metadata.resourceVersion;
        if (event.type === 'ADDED' || event.type === 'MODIFIED') this.apply((event.object.data ?? {}) as Record<string, string>);
        if (event.type === 'DELETED') this.#o.log?.(`configmap/${EXTENSION_APISERVER_AUTHENTICATION_NAME} was deleted; keeping the last settings`);
      }
    }
  }
}
