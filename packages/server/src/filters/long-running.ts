import type { IncomingMessage } from 'node:http';
import type { RequestInfo } from '../request/request-info.js';

/** Decides whether a request is long-running (exempt from deadlines and in-flight limits). */
export type LongRunningRequestCheck = (request: IncomingMessage, info: RequestInfo) => boolean;

/**
 * `BasicLongRunningRequestCheck`: long-running verbs, long-running subresources of resource
 * requests, and `/debug/pprof/` paths.
 */
export function basicLongRunningRequestCheck(
  verbs: readonly string[],
  subresources: readonly string[],
): LongRunningRequestCheck {
  const verbSet = new Set(verbs);
  const subSet = new Set(subresources);
  return (_request, info) => {
    if (verbSet.has(info.verb)) return true;
    if (info.isResourceRequest && subSet.has(info.subresource)) return true;
    return !info.isResourceRequest && info.path.startsWith('/debug/pprof/');
  };
}

/** kube-apiserver's check: verbs `watch`, `proxy`; subresources `attach`, `exec`, `proxy`, `log`, `portforward`. */
export const defaultLongRunningRequestCheck: LongRunningRequestCheck = basicLongRunningRequestCheck(
  ['watch', 'proxy'],
  ['attach', 'exec', 'proxy', 'log', 'portforward'],
);
