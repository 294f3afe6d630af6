import {
  HEADER_AccessControlAllowCredentials,
  HEADER_AccessControlAllowHeaders,
  HEADER_AccessControlAllowMethods,
  HEADER_AccessControlAllowOrigin,
  HEADER_AccessControlExposeHeaders,
  HEADER_AccessControlMaxAge,
  HEADER_AccessControlRequestHeaders,
  HEADER_AccessControlRequestMethod,
  HEADER_Origin,
} from '../constants.js';
import type { FilterChain, FilterFunction } from '../filter-chain.js';
import type { Request } from '../request.js';
import type { Response } from '../response.js';
import type { AllowedMethodsSource } from './options-filter.js';

/** Settings of {@link CrossOriginResourceSharing} (go-restful's struct fields). */
export interface CrossOriginResourceSharingOptions {
  /** Headers listed in `Access-Control-Expose-Headers`. */
  readonly exposeHeaders?: readonly string[];
  /** Request headers allowed in a preflight (case-insensitive; `"*"` allows all). */
  readonly allowedHeaders?: readonly string[];
  /** Origins allowed (exact, case-insensitive; `".*"` allows all; empty allows all). */
  readonly allowedDomains?: readonly string[];
  /** Decides origins the list does not allow (or all origins when the list is empty). */
  readonly allowedDomainFunc?: (origin: string) => boolean;
  /** Methods allowed in a preflight; empty = computed from the container per request. */
  readonly allowedMethods?: readonly string[];
  /** `Access-Control-Max-Age` in seconds when > 0. */
  readonly maxAge?: number;
  /** Sends `Access-Control-Allow-Credentials: true`. */
  readonly cookiesAllowed?: boolean;
  /** The container whose routes give the allowed methods. */
  readonly container?: AllowedMethodsSource;
}

/**
 * The CORS filter of go-restful v3.12 (`CrossOriginResourceSharing.Filter`), meant as a
 * container filter: `container.filter(new CrossOriginResourceSharing({...}).filter)`.
 * Disallowed origins are served without CORS headers; a preflight is answered with
 * 200 and never reaches the handler.
 */
export class CrossOriginResourceSharing {
  readonly #options: CrossOriginResourceSharingOptions;

  /** Creates the filter with its settings. */
  constructor(options: CrossOriginResourceSharingOptions = {}) {
    this.#options = { ...options };
  }

  /** The filter function (bound; pass it to `Container.filter`). */
  readonly filter: FilterFunction = (request, response, chain) => this.#filter(request, response, chain);

  /** go-restful's `isOriginAllowed`: exact case-insensitive match, `".*"`, then `allowedDomainFunc`. */
  isOriginAllowed(origin: string): boolean {
    if (origin === '') return false;
    const lowerOrigin = origin.toLowerCase();
    const domains = this.#options.allowedDomains ?? [];
    const domainFunc = this.#options.allowedDomainFunc;
    if (domains.length === 0) return domainFunc === undefined ? true : domainFunc(lowerOrigin);
    for (const domain of domains) if (domain === '.*' || domain.toLowerCase() === lowerOrigin) return true;
    return domainFunc === undefined ? false : domainFunc(origin);
  }

  #filter(request: Request, response: Response, chain: FilterChain): Promise<void> | undefined {
    const origin = request.headerParameter(HEADER_Origin);
    if (origin === '' || !this.isOriginAllowed(origin)) return chain.processFilter(request, response);
    if (request.raw.method !== 'OPTIONS' || request.headerParameter(HEADER_AccessControlRequestMethod) === '') {
      this.#setOptionsHeaders(request, response);
      return chain.processFilter(request, response);
    }
    this.#doPreflightRequest(request, response);
    return undefined;
  }

  #doPreflightRequest(request: Request, response: Response): void {
    let allowedMethods = this.#options.allowedMethods ?? [];
    if (allowedMethods.length === 0) allowedMethods = this.#options.container?.computeAllowedMethods(request) ?? [];
    const method = request.headerParameter(HEADER_AccessControlRequestMethod);
    if (!allowedMethods.includes(method)) return;
    const requestHeaders = request.headerParameter(HEADER_AccessControlRequestHeaders);
    if (requestHeaders !== '') {
      for (const each of requestHeaders.split(',')) {
        if (!this.#isValidAccessControlRequestHeader(trimSpaces(each))) return;
      }
    }
    response.addHeader(HEADER_AccessControlAllowMethods, allowedMethods.join(','));
    response.addHeader(HEADER_AccessControlAllowHeaders, requestHeaders);
    this.#setOptionsHeaders(request, response);
  }

  #isValidAccessControlRequestHeader(header: string): boolean {
    const lower = header.toLowerCase();
    for (const each of this.#options.allowedHeaders ?? []) {
      if (each.toLowerCase() === lower || each === '*') return true;
    }
    return false;
  }

  #setOptionsHeaders(request: Request, response: Response): void {
    const expose = this.#options.exposeHeaders ?? [];
    if (expose.length > 0) response.addHeader(HEADER_AccessControlExposeHeaders, expose.join(','));
    const origin = request.headerParameter(HEADER_Origin);
    if (this.isOriginAllowed(origin)) response.addHeader(HEADER_AccessControlAllowOrigin, origin);
    if (this.#options.cookiesAllowed === true) response.addHeader(HEADER_AccessControlAllowCredentials, 'true');
    const maxAge = this.#options.maxAge ?? 0;
    if (maxAge > 0) response.addHeader(HEADER_AccessControlMaxAge, String(maxAge));
  }
}

/** Go's `strings.Trim(s, " ")`: spaces (only) cut from both ends, in time linear in `s`. */
function trimSpaces(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) === 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) === 0x20) end--;
  return s.slice(start, end);
}
