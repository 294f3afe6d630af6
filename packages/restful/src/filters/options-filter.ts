import {
  HEADER_AccessControlAllowHeaders,
  HEADER_AccessControlAllowMethods,
  HEADER_AccessControlAllowOrigin,
  HEADER_AccessControlRequestHeaders,
  HEADER_Allow,
  HEADER_Origin,
} from '../constants.js';
import type { FilterFunction } from '../filter-chain.js';
import type { Request } from '../request.js';

/** What the OPTIONS filter needs from its container. */
export interface AllowedMethodsSource {
  /** The methods allowed for the request's path. */
  computeAllowedMethods(request: Request): string[];
}

/**
 * go-restful's `OPTIONSFilter`: an OPTIONS request gets `Allow` and
 * `Access-Control-Allow-Methods` (methods joined by `,`), `Access-Control-Allow-Origin`
 * (the Origin, possibly empty) and `Access-Control-Allow-Headers` (the request's
 * Access-Control-Request-Headers), and the chain stops. Other methods pass through.
 */
export function newOptionsFilter(source: AllowedMethodsSource): FilterFunction {
  return (request, response, chain) => {
    if (request.raw.method !== 'OPTIONS') return chain.processFilter(request, response);
    const requestHeaders = request.headerParameter(HEADER_AccessControlRequestHeaders);
    const methods = source.computeAllowedMethods(request).join(',');
    const origin = request.headerParameter(HEADER_Origin);
    response.addHeader(HEADER_Allow, methods);
    response.addHeader(HEADER_AccessControlAllowOrigin, origin);
    response.addHeader(HEADER_AccessControlAllowHeaders, requestHeaders);
    response.addHeader(HEADER_AccessControlAllowMethods, methods);
    return undefined;
  };
}
