import type { IncomingMessage } from 'node:http';
import { parseFieldSelector } from '@apiserver/runtime';

/** What the server knows about a request from its path, method and query (k8s `request.RequestInfo`). */
export interface RequestInfo {
  /** Whether the path names an API resource (`/api/v1/pods`) rather than a plain path (`/healthz`). */
  readonly isResourceRequest: boolean;
  /** The URL path, undecoded query removed. */
  readonly path: string;
  /** The Kubernetes verb (`get`, `list`, `watch`, `create`, …), or the lowercased method for non-resource requests. */
  readonly verb: string;
  /** `api` or `apis` (empty for non-resource requests). */
  readonly apiPrefix: string;
  /** The API group (`''` for the core group). */
  readonly apiGroup: string;
  /** The API version. */
  readonly apiVersion: string;
  /** The namespace (`''` when cluster-scoped or all namespaces). */
  readonly namespace: string;
  /** The resource plural. */
  readonly resource: string;
  /** The subresource (`status`, `scale`, …). */
  readonly subresource: string;
  /** The object name. */
  readonly name: string;
  /** The path segments from the resource on (`['pods', 'foo', 'status']`). */
  readonly parts: readonly string[];
  /**
   * The `fieldSelector` query parameter, unparsed, of a list, watch or deletecollection (not of the `/watch/`
   * path form) when selectors are authorized (`AuthorizeWithSelectors`).
   */
  readonly fieldSelector?: string;
  /** The `labelSelector` query parameter, unparsed, under the same conditions as {@link RequestInfo.fieldSelector}. */
  readonly labelSelector?: string;
}

/** Thrown when a resource path cannot be interpreted (`/api/v1/watch` without a resource). */
export class RequestInfoError extends Error {
  /** Creates the error with upstream's message. */
  constructor(message: string) {
    super(message);
    this.name = 'RequestInfoError';
  }
}

/** Options of a {@link RequestInfoFactory}. */
export interface RequestInfoFactoryOptions {
  /** Path prefixes of API requests (default `api`, `apis`). */
  readonly apiPrefixes?: readonly string[];
  /** Prefixes without a group segment (default `api`). */
  readonly grouplessAPIPrefixes?: readonly string[];
  /**
   * Whether list, watch and deletecollection requests carry their field and label selectors, for authorization
   * (the `AuthorizeWithSelectors` feature gate; default on, as in Kubernetes 1.32).
   */
  readonly authorizeWithSelectors?: boolean;
}

const specialVerbs = new Set(['proxy', 'watch']);
const specialVerbsNoSubresources = new Set(['proxy']);
const namespaceSubresources = new Set(['status', 'finalize']);
const verbsWithSelectors = new Set(['list', 'watch', 'deletecollection']);
const methodVerbs: Readonly<Record<string, string>> = {
  POST: 'create',
  GET: 'get',
  HEAD: 'get',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
};

function splitPath(path: string): string[] {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

function decodePath(rawPath: string): string {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return rawPath;
  }
}

/** Go's `strconv.ParseBool`, falling back to upstream's "anything but false/0 is a watch". */
function isWatchParam(value: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  const lower = value.toLowerCase();
  return lower !== 'false' && lower !== '0';
}

/** `path.IsValidPathSegmentName`: a name usable as one path segment. */
function isValidPathSegmentName(name: string): boolean {
  return name !== '.' && name !== '..' && !name.includes('/') && !name.includes('%');
}

/**
 * The value a field selector requires of `metadata.name` (`=` or `==`), read as upstream does: the selector is parsed
 * (`fields.ParseSelector`, linear in its length) and an invalid one names nothing.
 */
function exactName(fieldSelector: string): string | undefined {
  try {
    return parseFieldSelector(fieldSelector).requiresExactMatch('metadata.name');
  } catch {
    return undefined;
  }
}

/** How many resolved RequestInfos a factory remembers before it forgets them all. */
const MAX_REMEMBERED_REQUEST_INFOS = 4096;
/** URLs longer than this (long selectors, continue tokens) are resolved every time, never remembered. */
const MAX_REMEMBERED_URL_LENGTH = 1024;

/** A RequestInfo shared between requests must not change: it and its parts are frozen. */
function freezeInfo(info: RequestInfo): RequestInfo {
  Object.freeze(info.parts);
  return Object.freeze(info);
}

/** Mutable form used while resolving. */
type Draft = { -readonly [K in keyof RequestInfo]: RequestInfo[K] };

/** Resolves a {@link RequestInfo} from a request (k8s `RequestInfoFactory.NewRequestInfo`). */
export class RequestInfoFactory {
  readonly #apiPrefixes: ReadonlySet<string>;
  readonly #groupless: ReadonlySet<string>;
  readonly #withSelectors: boolean;
  /** Resolved infos by method, then URL. */
  readonly #remembered = new Map<string, Map<string, RequestInfo>>();
  #rememberedCount = 0;

  /** Creates a factory; defaults match kube-apiserver (`api` groupless, `apis` grouped). */
  constructor(options: RequestInfoFactoryOptions = {}) {
    this.#apiPrefixes = new Set(options.apiPrefixes ?? ['api', 'apis']);
    this.#groupless = new Set(options.grouplessAPIPrefixes ?? ['api']);
    this.#withSelectors = options.authorizeWithSelectors ?? true;
  }

  /**
   * Resolves the request info of a node request. RequestInfo is a pure function of the method and URL, and
   * clients repeat a small set of them: results are remembered (frozen, shared by the requests of one method and
   * URL) up to 4,096 of them, then forgotten all at once.
   */
  newRequestInfo(request: Pick<IncomingMessage, 'method' | 'url'>): RequestInfo {
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    if (url.length > MAX_REMEMBERED_URL_LENGTH) return this.resolve(method, url);
    let byURL = this.#remembered.get(method);
    const hit = byURL?.get(url);
    if (hit !== undefined) return hit;
    const info = freezeInfo(this.resolve(method, url));
    if (this.#rememberedCount >= MAX_REMEMBERED_REQUEST_INFOS) {
      this.#remembered.clear();
      this.#rememberedCount = 0;
      byURL = undefined;
    }
    if (byURL === undefined) {
      byURL = new Map();
      this.#remembered.set(method, byURL);
    }
    byURL.set(url, info);
    this.#rememberedCount++;
    return info;
  }

  /** Resolves the request info of a method and request URL (path plus query). Throws {@link RequestInfoError}. */
  resolve(method: string, url: string): RequestInfo {
    const q = url.indexOf('?');
    const path = decodePath(q === -1 ? url : url.slice(0, q));
    const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
    const info: Draft = {
      isResourceRequest: false,
      path,
      verb: method.toLowerCase(),
      apiPrefix: '',
      apiGroup: '',
      apiVersion: '',
      namespace: '',
      resource: '',
      subresource: '',
      name: '',
      parts: [],
    };
    let parts = splitPath(path);
    if (parts.length < 3 || !this.#apiPrefixes.has(parts[0] ?? '')) return info;
    const prefix = parts[0] ?? '';
    parts = parts.slice(1);
    if (!this.#groupless.has(prefix)) {
      if (parts.length < 3) return info;
      info.apiGroup = parts[0] ?? '';
      parts = parts.slice(1);
    }
    info.apiPrefix = prefix;
    info.isResourceRequest = true;
    info.apiVersion = parts[0] ?? '';
    parts = parts.slice(1);
    const first = parts[0] ?? '';
    const verbViaPathPrefix = specialVerbs.has(first);
    if (verbViaPathPrefix) {
      if (parts.length < 2) throw new RequestInfoError(`unable to determine kind and namespace from url, ${url}`);
      info.verb = first;
      parts = parts.slice(1);
    } else {
      info.verb = methodVerbs[method.toUpperCase()] ?? '';
    }
    if (parts[0] === 'namespaces') {
      if (parts.length > 1) {
        info.namespace = parts[1] ?? '';
        if (parts.length > 2 && !namespaceSubresources.has(parts[2] ?? '')) parts = parts.slice(2);
      }
    }
    info.parts = parts;
    if (parts.length >= 3 && !specialVerbsNoSubresources.has(info.verb)) info.subresource = parts[2] ?? '';
    if (parts.length >= 2) info.name = parts[1] ?? '';
    if (parts.length >= 1) info.resource = parts[0] ?? '';
    this.#refineCollectionVerb(info, query);
    // The `/watch/` path form serves selectors inconsistently (not for one object): its selectors are not authorized.
    if (this.#withSelectors && !verbViaPathPrefix && verbsWithSelectors.has(info.verb)) {
      const fieldSelector = query.get('fieldSelector');
      const labelSelector = query.get('labelSelector');
      if (fieldSelector !== null) info.fieldSelector = fieldSelector;
      if (labelSelector !== null) info.labelSelector = labelSelector;
    }
    return info;
  }

  #refineCollectionVerb(info: Draft, query: URLSearchParams): void {
    if (info.name === '' && info.verb === 'get') {
      const watch = query.get('watch');
      info.verb = watch !== null && isWatchParam(watch) ? 'watch' : 'list';
      const selector = query.get('fieldSelector');
      const name = selector === null ? undefined : exactName(selector);
      if (name !== undefined && isValidPathSegmentName(name)) info.name = name;
    }
    if (info.name === '' && info.verb === 'delete') info.verb = 'deletecollection';
  }
}
