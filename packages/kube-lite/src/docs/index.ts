/** The `/docs` API browser of kube-lite (Swagger UI over the server's own OpenAPI v3). */
export { DocsPage, DocsPageError, type DocsPageOptions, installDocsPage, swaggerUIDistDir } from './install-docs-page.js';
