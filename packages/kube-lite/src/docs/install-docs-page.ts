/**
 * `/docs`: a browsable reference of the server's own API — Swagger UI (from the `swagger-ui-dist` package,
 * served by this server, no CDN) rendering the OpenAPI v3 documents the server publishes at `/openapi/v3`,
 * with a selector over every group-version.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type GenericAPIServer, type Handler, internalError, notFoundHandler } from '@apiserver/server';
import { DOCS_CSS, DOCS_SCRIPT, DOCS_STYLE, type DocsPageSettings, docsPageHTML, docsPageScript } from './docs-page.js';
import { StaticAsset } from './static-asset.js';

/** The page cannot be installed (no OpenAPI service, Swagger UI files missing, bad path). */
export class DocsPageError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'DocsPageError';
  }
}

/** Options of {@link installDocsPage}. */
export interface DocsPageOptions {
  /** Where the page is served (default `/docs`; the page itself is at `<path>/`). */
  readonly path?: string;
  /** Page title (default `kube-lite API reference`). */
  readonly title?: string;
  /** Group-version shown first (default `api/v1`, the core group). */
  readonly defaultGroupVersion?: string;
  /** Directory holding Swagger UI's files (default: the installed `swagger-ui-dist` package). */
  readonly swaggerUIDistDir?: string;
}

/** Swagger UI files the page uses, with their content types; nothing else of the package is served. */
const SWAGGER_UI_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/** Same-origin only; Swagger UI sets inline styles and shows `data:` images. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The directory of the installed `swagger-ui-dist` package. */
export function swaggerUIDistDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

function distVersion(dir: string): string {
  const pkg: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? pkg.version : undefined;
  return typeof version === 'string' ? version : 'unknown';
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

function splitURL(url: string | undefined): { path: string; search: string } {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? { path: raw, search: '' } : { path: raw.slice(0, q), search: raw.slice(q) };
}

/** One servable file: the asset and the `?v=` value that makes a request for it cacheable for good. */
interface Entry {
  readonly asset: StaticAsset;
  readonly version: string | undefined;
}

/** The `/docs` page and its assets as one handler. */
export class DocsPage {
  /** The page path without its trailing slash (`/docs`). */
  readonly path: string;
  readonly #entries = new Map<string, Entry>();

  /** Prepares the page; throws {@link DocsPageError} when Swagger UI's files are missing or the path is invalid. */
  constructor(options: DocsPageOptions = {}) {
    const path = options.path ?? '/docs';
    const segments = path.split('/').slice(1);
    const valid = path.startsWith('/') && segments.every((s) => /^[A-Za-z0-9._~-]+$/.test(s) && s !== '.' && s !== '..');
    if (!valid) throw new DocsPageError(`docs path must look like "/docs", got ${JSON.stringify(path)}`);
    this.path = path;
    const dir = options.swaggerUIDistDir ?? swaggerUIDistDir();
    const missing = Object.keys(SWAGGER_UI_FILES).filter((f) => !existsSync(join(dir, f)));
    if (missing.length > 0) throw new DocsPageError(`Swagger UI files missing in ${dir}: ${missing.join(', ')}`);
    const assetVersion = distVersion(dir);
    for (const [file, type] of Object.entries(SWAGGER_UI_FILES)) {
      this.#entries.set(file, { asset: new StaticAsset({ file: join(dir, file) }, type), version: assetVersion });
    }
    const base = {
      title: options.title ?? 'kube-lite API reference',
      defaultGroupVersion: options.defaultGroupVersion ?? 'api/v1',
      openAPIPath: '/openapi/v3',
      assetVersion,
    };
    const ownVersion = shortHash(`${docsPageScript({ ...base, ownVersion: '' })}${DOCS_CSS}`);
    const settings: DocsPageSettings = { ...base, ownVersion };
    this.#entries.set(DOCS_SCRIPT, { asset: new StaticAsset({ text: docsPageScript(settings) }, 'text/javascript; charset=utf-8'), version: ownVersion });
    this.#entries.set(DOCS_STYLE, { asset: new StaticAsset({ text: DOCS_CSS }, 'text/css; charset=utf-8'), version: ownVersion });
    const html = new StaticAsset({ text: docsPageHTML(settings) }, 'text/html; charset=utf-8', {
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'Referrer-Policy': 'no-referrer',
    });
    this.#entries.set('', { asset: html, version: undefined });
    this.#entries.set('index.html', { asset: html, version: undefined });
  }

  /** Serves `<path>` (redirect to `<path>/`), `<path>/` (the page) and `<path>/<asset>`; anything else is 404. */
  readonly serveHTTP: Handler = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const { path, search } = splitURL(request.url);
    const entry = path.startsWith(`${this.path}/`) ? this.#entries.get(path.slice(this.path.length + 1)) : undefined;
    if (path !== this.path && entry === undefined) return notFoundHandler(request, response);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('405 method not allowed\n');
      return;
    }
    if (entry === undefined) {
      response.writeHead(301, { Location: `${this.path}/${search}`, 'Content-Length': 0 }).end();
      return;
    }
    const requested = new URLSearchParams(search).get('v');
    const cacheControl = entry.version !== undefined && requested === entry.version ? IMMUTABLE : REVALIDATE;
    try {
      await entry.asset.serve(request, response, cacheControl);
    } catch (err) {
      if (!response.headersSent) internalError(response, request.url ?? path, err);
      else response.destroy();
    }
  };
}

/**
 * Registers the `/docs` API browser on a server's non-go-restful mux: `/docs` (listed in the `/` index; redirects
 * to `/docs/`), `/docs/` (the page) and its assets. Throws {@link DocsPageError} when the server publishes no
 * OpenAPI (`skipOpenAPIInstallation`) or Swagger UI is not installed, and `MuxRegistrationError` when the path is
 * taken.
 */
export function installDocsPage(server: GenericAPIServer, options: DocsPageOptions = {}): DocsPage {
  if (server.openAPI === undefined) throw new DocsPageError('the server does not serve OpenAPI (skipOpenAPIInstallation), so /docs has nothing to show');
  const page = new DocsPage(options);
  const mux = server.handler.nonGoRestfulMux;
  mux.handle(page.path, page.serveHTTP);
  mux.unlistedHandlePrefix(`${page.path}/`, page.serveHTTP);
  return page;
}
