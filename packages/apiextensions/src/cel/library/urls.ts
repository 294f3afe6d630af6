/**
 * Kubernetes' CEL url library (`k8s.io/apiserver/pkg/cel/library/urls.go`): `url()`, `isURL()`,
 * `getScheme()`, `getHost()`, `getHostname()`, `getPort()`, `getEscapedPath()`, `getQuery()`.
 *
 * @module
 */
import { type CelFunc, CelScalar, celFunc, celMethod, listType, mapType } from '@bufbuild/cel';
import { opaqueText, URL_TYPE } from './opaque-types.js';
import { hostname, parseQuery, parseRequestURI, port, type RequestURI } from './request-uri.js';

const { BOOL, STRING } = CelScalar;
const URL = URL_TYPE.celType;

function getter(name: string, read: (u: RequestURI) => string): CelFunc {
  return celMethod(name, URL, [], STRING, function () {
    return read(parseRequestURI(opaqueText(this)));
  });
}

/** The url functions. */
export const urlsLibrary: readonly CelFunc[] = [
  celFunc('url', [STRING], URL, (s) => {
    try {
      parseRequestURI(s);
    } catch (err) {
      throw new Error(`URL parse error during conversion from string: ${(err as Error).message}`);
    }
    return URL_TYPE.of(s);
  }),
  celFunc('isURL', [STRING], BOOL, (s) => {
    try {
      parseRequestURI(s);
      return true;
    } catch {
      return false;
    }
  }),
  getter('getScheme', (u) => u.scheme),
  getter('getHost', (u) => u.host),
  getter('getHostname', (u) => hostname(u.host)),
  getter('getPort', (u) => port(u.host)),
  getter('getEscapedPath', (u) => u.path),
  celMethod('getQuery', URL, [], mapType(STRING, listType(STRING)), function () {
    return parseQuery(parseRequestURI(opaqueText(this)).rawQuery);
  }),
];
