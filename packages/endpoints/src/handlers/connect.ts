/**
 * CONNECT (handlers/rest.go `ConnectResource`): options from the query (+ subpath), then the storage's own HTTP
 * handler serves the connection. dryRun is refused.
 */
import type { Connecter, Responder } from '@apiserver/registry';
import { newBadRequest, type KubeObject } from '@apiserver/runtime';
import { admit, attributesFor, validate } from './admission.js';
import { decodeOptionsObject } from './get.js';
import { type Handler, type HandlerRequest, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { errorNegotiated, serve, writeObjectNegotiated } from './responsewriters.js';

function responder(scope: RequestScope, request: HandlerRequest): Responder {
  return {
    object: (statusCode, obj) => {
      void writeObjectNegotiated(scope, request, statusCode, isObject(obj) ? obj : { value: obj }).catch((err: unknown) =>
        errorNegotiated(scope, request, err),
      );
    },
    error: (err) => errorNegotiated(scope, request, err),
  };
}

function isObject(value: unknown): value is KubeObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The CONNECT handler of a rest.Connecter (one per HTTP method route). */
export function connectResource(scope: RequestScope, connecter: Connecter): Handler {
  return (request) =>
    serve(scope, request, async () => {
      if (request.query.has('dryRun')) throw newBadRequest('dryRun is not supported');
      const options = decodeOptionsObject(connecter.newConnectOptions(), request);
      const ctx = requestContextOf(request, request.namespace, false, requestInfoOf(scope, request, request.req.method?.toLowerCase() ?? 'get'));
      const attributes = attributesFor(scope, request, 'CONNECT', { options });
      await admit(scope, ctx, attributes);
      await validate(scope, ctx, attributes);
      const handler = await connecter.connect(ctx, request.name, options, responder(scope, request));
      await handler(request.req, request.res);
    });
}
