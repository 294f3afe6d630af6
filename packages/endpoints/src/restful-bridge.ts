/**
 * The go-restful bridge (installer.go's `restfulGetResource`, `restfulCreateResource`, … adapters): a verb
 * handler becomes a restful RouteFunction reading the route's path parameters.
 */
import type { Request, Response, RouteFunction } from '@apiserver/restful';
import { type Handler, handlerRequest } from './handlers/request-scope.js';

/** Adapts a framework-free verb handler to a restful route function. */
export function restfulHandler(handler: Handler): RouteFunction {
  return (req: Request, resp: Response) =>
    handler(
      handlerRequest(req.raw, resp.raw, {
        namespace: req.pathParameter('namespace'),
        name: req.pathParameter('name'),
        path: req.pathParameter('path'),
      }),
    );
}
