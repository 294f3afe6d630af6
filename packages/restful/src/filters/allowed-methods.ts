import type { SelectableWebService } from '../routers/route-selector.js';

/**
 * go-restful's `Container.computeAllowedMethods`: for every WebService whose root
 * expression matches `path` and every route (definition order) whose relative
 * expression matches the remainder with a last group of `""` or `"/"`, the route's
 * method. Regex based even under CurlyRouter; no de-duplication.
 */
export function computeAllowedMethods(webServices: readonly SelectableWebService[], path: string): string[] {
  const methods: string[] = [];
  for (const ws of webServices) {
    const matches = ws.rootExpression().regex.exec(path);
    if (matches === null) continue;
    const finalMatch = matches[matches.length - 1] ?? '';
    for (const route of ws.routes()) {
      const routeMatches = route.relativeExpression.regex.exec(finalMatch);
      if (routeMatches === null) continue;
      const lastMatch = routeMatches[routeMatches.length - 1] ?? '';
      if (lastMatch === '' || lastMatch === '/') methods.push(route.method);
    }
  }
  return methods;
}
