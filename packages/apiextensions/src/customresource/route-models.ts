/**
 * The installer documents routes with the models of kinds registered in the scheme; custom
 * resources are unstructured (never registered, so never shaped or checked as typed objects).
 * This rebuilds a group-version's WebService with the custom resources' models in place of the
 * missing ones, and PATCH consuming only JSON and merge patches (strategic merge patch is
 * not defined for custom resources, as upstream's OpenAPI says).
 *
 * @module
 */
import { ParameterKind, type Route, type RouteBuilder, WebService } from '@apiserver/restful';
import type { CustomResourceModels } from './openapi-schema.js';

/** Media types a custom resource PATCH accepts. */
export const CUSTOM_RESOURCE_PATCH_TYPES: readonly string[] = ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml'];

function copyRoute(ws: WebService, route: Route, models: CustomResourceModels | undefined): RouteBuilder<string> {
  const isList = route.method === 'GET' && route.operation.startsWith('list');
  const model = (m: unknown): unknown => (m !== undefined || models === undefined ? m : isList ? models.list : models.object);
  const b = ws
    .method(route.method)
    .path(route.subPath)
    .to(route.function)
    .doc(route.doc)
    .notes(route.notes)
    .operation(route.operation)
    .produces(...route.produces)
    .consumes(...(route.method === 'PATCH' ? route.consumes.filter((c) => CUSTOM_RESOURCE_PATCH_TYPES.includes(c)) : route.consumes));
  const body = route.parameterDocs.find((p) => p.data().kind === ParameterKind.Body);
  for (const p of route.parameterDocs) if (p !== body) b.param(p);
  if (body !== undefined) {
    const sample = route.readSample ?? models?.object;
    if (sample === undefined) b.param(body);
    else b.reads(sample, body.data().description);
  }
  for (const r of Object.values(route.responseErrors)) b.returnsWithHeaders(r.code, r.message, model(r.model), r.headers);
  if (route.defaultResponse !== undefined) b.defaultReturns(route.defaultResponse.message, route.defaultResponse.model);
  for (const [k, v] of Object.entries(route.metadata)) b.metadata(k, v);
  for (const [k, v] of Object.entries(route.extensions)) b.addExtension(k, v);
  for (const f of route.filters) b.filter(f);
  for (const c of route.if) b.if(c);
  if (route.writeSamples.length > 0) b.writes(...route.writeSamples.map(model));
  if (route.deprecated) b.deprecate();
  if (route.contentEncodingEnabled !== undefined) b.contentEncodingEnabled(route.contentEncodingEnabled);
  if (route.allowedMethodsWithoutContentType !== undefined) b.allowedMethodsWithoutContentType(route.allowedMethodsWithoutContentType);
  return b;
}

/** A copy of `source` (same root, docs and routes) whose routes carry `modelsOf(route)` where models were missing. */
export function withCustomResourceModels(source: WebService, modelsOf: (route: Route) => CustomResourceModels | undefined): WebService {
  const ws = new WebService()
    .path(source.rootPath())
    .doc(source.documentation());
  const apiVersion = source.version();
  if (apiVersion !== '') ws.apiVersion(apiVersion);
  for (const route of source.routes()) ws.route(copyRoute(ws, route, modelsOf(route)));
  return ws;
}
