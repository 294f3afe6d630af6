/**
 * A faithful TypeScript port of go-restful v3 (Container → WebService → Route,
 * CurlyRouter and RouterJSR311, filters, negotiation) for `node:http`.
 * @module
 */
export { ServiceError, isServiceError } from './service-error.js';
export { RouteTemplateError } from './path/route-template-error.js';
export { setTrimRightSlashEnabled, isTrimRightSlashEnabled } from './path/trim-right-slash.js';
export { tokenizePath, concatPath } from './path/tokenize.js';
export { hasCustomVerb, customVerbOf, removeCustomVerb } from './path/custom-verb.js';
export { compileRouteTemplate, type RouteTemplate, type TemplateToken } from './path/route-template.js';
export { compilePathExpression, type PathExpression } from './path/path-expression.js';
export type { PathParamNames } from './path/path-params.js';
export {
  isPathProcessor,
  type PathProcessor,
  type RouteCondition,
  type RouteConditionRequest,
  type RouteSelection,
  type RouteSelectionRequest,
  type RouteSelector,
  type SelectableRoute,
  type SelectableWebService,
} from './routers/route-selector.js';
