import type { Handler } from '../handler.js';
import { withRequestInfoValue } from '../request/context.js';
import type { RequestInfoFactory } from '../request/request-info.js';
import { internalError } from '../responsewriters.js';

/** `WithRequestInfo`: resolves and attaches the RequestInfo; a path it cannot read answers 500 as upstream. */
export function withRequestInfo(handler: Handler, factory: RequestInfoFactory): Handler {
  return (request, response) => {
    let info: ReturnType<RequestInfoFactory['newRequestInfo']>;
    try {
      info = factory.newRequestInfo(request);
    } catch (err) {
      internalError(response, request.url ?? '', new Error(`failed to create RequestInfo: ${err instanceof Error ? err.message : String(err)}`));
      return undefined;
    }
    withRequestInfoValue(request, info);
    return handler(request, response);
  };
}
