/**
 * The container's service-error handler as kube-apiserver installs it (`serviceErrorHandler` in
 * pkg/server/handler.go): go-restful's 404/405/406/415 become negotiated Status objects built by
 * `NewGenericServerResponse` (`the server could not find the requested resource`, …).
 */
import type { Request, Response, ServiceError, ServiceErrorHandleFunction } from '@apiserver/restful';
import { type CodecFactory, negotiateOutputMediaType, newGenericServerResponse } from '@apiserver/runtime';

/** A ServiceErrorHandleFunction writing negotiated Status objects. */
export function statusServiceErrorHandler(codecs: CodecFactory): ServiceErrorHandleFunction {
  return (error: ServiceError, req: Request, resp: Response) => {
    const status = newGenericServerResponse(error.code, { serverMessage: error.message }).status;
    let info = codecs.supportedMediaTypes[0];
    try {
      info = negotiateOutputMediaType(req.headerParameter('accept'), codecs.supportedMediaTypes).info;
    } catch {
      // Status errors fall back to the first serializer (JSON).
    }
    const body = (info?.serializer ?? codecs.json).encode(Object.fromEntries(Object.entries(status)));
    resp.header().set('Content-Type', info?.mediaType ?? 'application/json');
    resp.writeHeader(error.code);
    resp.write(body);
  };
}
