/**
 * The text of the `/docs` page: an HTML shell that loads Swagger UI's bundle, and the script that reads the
 * server's `/openapi/v3` discovery document and hands every group-version to Swagger UI as a selectable
 * document. Everything is served by the API server itself; the page fetches nothing from the network.
 */

/** What the page shows first and how it is titled. */
export interface DocsPageSettings {
  /** The `<title>` and heading of the page. */
  readonly title: string;
  /** The group-version key selected first (`api/v1`, `apis/apps/v1`, …) when the URL names none. */
  readonly defaultGroupVersion: string;
  /** Path of the OpenAPI v3 discovery document on this server. */
  readonly openAPIPath: string;
  /** Version tag appended (`?v=`) to the Swagger UI asset URLs, so browsers may cache them for good. */
  readonly assetVersion: string;
  /** Version tag of the page's own script and style. */
  readonly ownVersion: string;
}

/** File name of the page's own script (served beside Swagger UI's files). */
export const DOCS_SCRIPT = 'kube-lite-docs.js';
/** File name of the page's own style sheet. */
export const DOCS_STYLE = 'kube-lite-docs.css';

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The HTML shell; asset URLs are relative to the page (`/docs/`). */
export function docsPageHTML(s: DocsPageSettings): string {
  const v = encodeURIComponent(s.assetVersion);
  const own = encodeURIComponent(s.ownVersion);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHTML(s.title)}</title>
<link rel="stylesheet" href="./swagger-ui.css?v=${v}">
<link rel="stylesheet" href="./${DOCS_STYLE}?v=${own}">
<link rel="icon" type="image/png" sizes="32x32" href="./favicon-32x32.png?v=${v}">
<link rel="icon" type="image/png" sizes="16x16" href="./favicon-16x16.png?v=${v}">
</head>
<body>
<div id="swagger-ui"><p class="kube-lite-docs-loading">Loading the OpenAPI documents…</p></div>
<script src="./swagger-ui-bundle.js?v=${v}"></script>
<script src="./swagger-ui-standalone-preset.js?v=${v}"></script>
<script src="./${DOCS_SCRIPT}?v=${own}"></script>
</body>
</html>
`;
}

/** The page's style: full-width layout and a readable error line. */
export const DOCS_CSS = `html { box-sizing: border-box; overflow-y: scroll; }
*, *::before, *::after { box-sizing: inherit; }
body { margin: 0; background: #fafafa; }
.kube-lite-docs-loading, .kube-lite-docs-error { font-family: sans-serif; margin: 2em; }
.kube-lite-docs-error { color: #a40000; }
`;

/**
 * The page's script: fetch the discovery document, list its group-versions (sorted) as Swagger UI `urls`, and
 * start Swagger UI on the group-version named by `?urls.primaryName=`, else the configured default, else the
 * first. Written in plain ES2017 so it runs as served, without a build step.
 */
export function docsPageScript(s: DocsPageSettings): string {
  const config = JSON.stringify({ openAPIPath: s.openAPIPath, defaultGroupVersion: s.defaultGroupVersion });
  return `'use strict';
(function () {
  var config = ${config};
  var root = document.getElementById('swagger-ui');
  function fail(message) {
    var p = document.createElement('p');
    p.className = 'kube-lite-docs-error';
    p.textContent = 'Cannot show the API reference: ' + message;
    root.replaceChildren(p);
  }
  fetch(config.openAPIPath, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(function (response) {
      if (!response.ok) throw new Error('GET ' + config.openAPIPath + ' answered HTTP ' + response.status);
      return response.json();
    })
    .then(function (discovery) {
      var paths = (discovery && discovery.paths) || {};
      var keys = Object.keys(paths).sort();
      if (keys.length === 0) throw new Error('the server publishes no OpenAPI v3 group-versions');
      var urls = keys.map(function (key) { return { name: key, url: paths[key].serverRelativeURL }; });
      var wanted = new URLSearchParams(window.location.search).get('urls.primaryName');
      var primary = keys.indexOf(wanted) >= 0 ? wanted : keys.indexOf(config.defaultGroupVersion) >= 0 ? config.defaultGroupVersion : keys[0];
      root.replaceChildren();
      window.ui = SwaggerUIBundle({
        urls: urls,
        'urls.primaryName': primary,
        dom_id: '#swagger-ui',
        deepLinking: true,
        displayOperationId: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
        filter: true,
        validatorUrl: null,
        presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
        plugins: [SwaggerUIBundle.plugins.DownloadUrl],
        layout: 'StandaloneLayout'
      });
    })
    .catch(function (err) { fail(err && err.message ? err.message : String(err)); });
})();
`;
}
