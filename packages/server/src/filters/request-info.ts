import { newBadRequest } from '@apiserver/runtime';
import type { Handler } from '../handler.js';
import { withRequestInfoValue } from '../request/context.js';
import { RequestInfoError, type RequestInfoFactory } from '../request/request-info.js';
import { internalError, writeStatus } from '../responsewriters.js';

/**
 * `WithRequestInfo`: resolves and attaches the RequestInfo. A path it cannot read (`/api/v1/watch`) is the
 * client's error: a 400 Status `failed to create RequestInfo: …` (upstream answers a plain-text 500); anything
 * else thrown answers 500.
 */
export function withRequestInfo(handler: Handler, factory: RequestInfoFactory): Handler {
  return (request, response) => {
    let info: ReturnType<RequestInfoFactory['newRequestInfo']>;
    try {
      info = factory.newRequestInfo(request);
    } catch (err) {
      const message = `failed to create RequestInfo: ${err instanceof Error ? err.message : String(err)}`;
      if (err instanceof RequestInfoError) writeStatus(response, newBadRequest(message));
      else internalError(response, request.url ?? '', new Error(message));
      return undefined;
    }
    withRequestInfoValue(request, info);
    return handler(request, response);
  };
}
