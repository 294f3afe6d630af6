/**
 * component-base's `HandlerWithReset`: the metrics handler kube-apiserver installs when profiling is on
 * (`routes.MetricsWithReset`, `slis.SLIMetricsWithReset`), where a DELETE resets the metrics instead of reading them.
 *
 * @module
 */
import type { Handler } from '../handler.js';

/** What a DELETE is answered with: plain text (Go's handler sets no Content-Type; Go's sniffing gives this one). */
export const METRICS_RESET_TEXT = 'metrics reset\n';

/** `handler`, except that a DELETE runs `reset` and answers 200 {@link METRICS_RESET_TEXT}. */
export function withMetricsReset(handler: Handler, reset: () => void): Handler {
  return (request, response) => {
    if (request.method !== 'DELETE') return handler(request, response);
    reset();
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': METRICS_RESET_TEXT.length });
    response.end(METRICS_RESET_TEXT);
    return undefined;
  };
}
