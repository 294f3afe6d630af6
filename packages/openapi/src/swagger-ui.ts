/**
 * A Swagger UI page for a served document (what go-restful users get from the swagger-ui dist folder). No asset is
 * bundled: the page loads `swagger-ui.css` and `swagger-ui-bundle.js` from {@link SwaggerUIOptions.assetsURL}
 * (by default the `swagger-ui-dist` package on a public CDN), so browsers need that URL to be reachable; serve a
 * copy of `swagger-ui-dist` yourself and point `assetsURL` at it for offline or locked-down networks.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebService } from '@apiserver/restful';
import { KEY_OPENAPI_EXCLUDE } from './route-paths.js';

/** The default {@link SwaggerUIOptions.assetsURL}. */
export const DEFAULT_SWAGGER_UI_ASSETS = 'https://unpkg.com/swagger-ui-dist@5';

/** What the Swagger UI page shows and where it loads Swagger UI from. */
export interface SwaggerUIOptions {
  /** URL of the document to show (e.g. `/openapi/v3`). */
  readonly specURL: string;
  /** Base URL of a `swagger-ui-dist` folder (default {@link DEFAULT_SWAGGER_UI_ASSETS}). */
  readonly assetsURL?: string;
  /** The page title (default `Swagger UI`). */
  readonly title?: string;
}

function escapeHTML(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A JSON value safe inside a `<script>` element. */
function scriptJSON(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The HTML of the Swagger UI page. */
export function swaggerUIPage(options: SwaggerUIOptions): string {
  const assets = (options.assetsURL ?? DEFAULT_SWAGGER_UI_ASSETS).replace(/\/+$/, '');
  const title = escapeHTML(options.title ?? 'Swagger UI');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${escapeHTML(`${assets}/swagger-ui.css`)}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${escapeHTML(`${assets}/swagger-ui-bundle.js`)}"></script>
<script>
window.ui = SwaggerUIBundle({ url: ${scriptJSON(options.specURL)}, dom_id: '#swagger-ui', deepLinking: true });
</script>
</body>
</html>
`;
}

/** A `node:http` handler answering every request with the Swagger UI page. */
export function serveSwaggerUI(options: SwaggerUIOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const page = Buffer.from(swaggerUIPage(options));
  return (request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': page.byteLength });
    response.end(request.method === 'HEAD' ? undefined : page);
  };
}

/** A WebService serving the Swagger UI page with GET at `path` (default `/swagger-ui`); the route is left out of the documents. */
export function swaggerUIWebService(options: SwaggerUIOptions & { readonly path?: string }): WebService {
  const serve = serveSwaggerUI(options);
  const ws = new WebService().path(options.path ?? '/swagger-ui').produces('text/html', '*/*');
  ws.route(ws.get('').to((req, resp) => serve(req.raw, resp.raw)).operation('getSwaggerUI').doc('the Swagger UI page').metadata(KEY_OPENAPI_EXCLUDE, true));
  return ws;
}
