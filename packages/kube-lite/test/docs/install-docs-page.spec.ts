import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type Attributes, type Authorizer, GenericAPIServer, MuxRegistrationError } from '@apiserver/server';
import t from 'tap';
import { DocsPage, DocsPageError, installDocsPage, swaggerUIDistDir } from '../../src/docs/index.js';
import { defaultRESTStorageProviders } from '../../src/registry/providers.js';
import { KubeLiteServer } from '../../src/server/kube-lite-server.js';
import { defaultKubeLiteOptions } from '../../src/server/options.js';
import { startKubeLite } from '../../src/testing/index.js';
import { rawRequest } from './http-get.js';

const dist = swaggerUIDistDir();
const distVersion: string = JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8')).version;

t.test('/docs on a running kube-lite (installed by KubeLiteServer itself)', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(kl.url, path, { headers, method });

  t.test('redirects and the page', async (t) => {
    const redirect = await get('/docs');
    t.equal(redirect.status, 301);
    t.equal(redirect.headers.location, '/docs/');
    t.equal((await get('/docs?urls.primaryName=apis/apps/v1')).headers.location, '/docs/?urls.primaryName=apis/apps/v1');
    for (const path of ['/docs/', '/docs/index.html', '/docs/?urls.primaryName=api/v1']) {
      const res = await get(path);
      t.equal(res.status, 200, path);
      t.equal(res.headers['content-type'], 'text/html; charset=utf-8', path);
      t.equal(res.headers['cache-control'], 'no-cache', path);
      t.match(res.headers['content-security-policy'], /default-src 'none'; script-src 'self'/, path);
      const html = res.body.toString('utf8');
      t.match(html, `./swagger-ui-bundle.js?v=${distVersion}`, path);
      t.match(html, /<script src="\.\/kube-lite-docs\.js\?v=[\w-]+"><\/script>/, path);
      t.notMatch(html, /https?:\/\//, `${path}: no absolute URL, nothing from the network`);
    }
    const index = JSON.parse((await get('/')).body.toString('utf8'));
    t.ok(index.paths.includes('/docs'), 'the / index lists /docs');
  });

  t.test('assets: content types and cache policy by version tag', async (t) => {
    const html = (await get('/docs/')).body.toString('utf8');
    const own = /kube-lite-docs\.js\?v=([\w-]+)/.exec(html)?.[1] ?? '';
    const cases: ReadonlyArray<{ path: string; type: string; cache: string }> = [
      { path: `/docs/swagger-ui-bundle.js?v=${distVersion}`, type: 'text/javascript; charset=utf-8', cache: 'public, max-age=31536000, immutable' },
      { path: '/docs/swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8', cache: 'no-cache' },
      { path: '/docs/swagger-ui-bundle.js?v=0.0.1', type: 'text/javascript; charset=utf-8', cache: 'no-cache' },
      { path: `/docs/swagger-ui-standalone-preset.js?v=${distVersion}`, type: 'text/javascript; charset=utf-8', cache: 'public, max-age=31536000, immutable' },
      { path: `/docs/swagger-ui.css?v=${distVersion}`, type: 'text/css; charset=utf-8', cache: 'public, max-age=31536000, immutable' },
      { path: '/docs/favicon-32x32.png', type: 'image/png', cache: 'no-cache' },
      { path: '/docs/favicon-16x16.png', type: 'image/png', cache: 'no-cache' },
      { path: `/docs/kube-lite-docs.js?v=${own}`, type: 'text/javascript; charset=utf-8', cache: 'public, max-age=31536000, immutable' },
      { path: `/docs/kube-lite-docs.css?v=${own}`, type: 'text/css; charset=utf-8', cache: 'public, max-age=31536000, immutable' },
    ];
    for (const c of cases) {
      const res = await get(c.path);
      t.equal(res.status, 200, c.path);
      t.equal(res.headers['content-type'], c.type, c.path);
      t.equal(res.headers['cache-control'], c.cache, c.path);
      t.equal(res.headers['x-content-type-options'], 'nosniff', c.path);
      t.match(res.headers.etag, /^"[\w-]{43}"$/, c.path);
      t.equal(Number(res.headers['content-length']), res.body.byteLength, c.path);
    }
    const bundle = await get('/docs/swagger-ui-bundle.js');
    t.same(bundle.body, readFileSync(join(dist, 'swagger-ui-bundle.js')), 'the bundle is the package file, byte for byte');
    const script = (await get('/docs/kube-lite-docs.js')).body.toString('utf8');
    t.match(script, '"openAPIPath":"/openapi/v3"');
    t.match(script, '"defaultGroupVersion":"api/v1"');
  });

  t.test('gzip, HEAD and revalidation', async (t) => {
    const plain = await get('/docs/swagger-ui.css');
    const zipped = await get('/docs/swagger-ui.css', { 'Accept-Encoding': 'br, gzip;q=0.8' });
    t.equal(zipped.headers['content-encoding'], 'gzip');
    t.equal(zipped.headers.vary, 'Accept-Encoding');
    t.ok(zipped.body.byteLength < plain.body.byteLength / 3, 'compressed');
    t.same(gunzipSync(zipped.body), plain.body);
    t.equal((await get('/docs/swagger-ui.css', { 'Accept-Encoding': 'gzip;q=0' })).headers['content-encoding'], undefined, 'q=0 refuses gzip');
    t.equal((await get('/docs/favicon-16x16.png', { 'Accept-Encoding': 'gzip' })).headers['content-encoding'], undefined, 'small files stay plain');
    const head = await get('/docs/swagger-ui.css', {}, 'HEAD');
    t.equal(head.status, 200);
    t.equal(head.body.byteLength, 0);
    t.equal(Number(head.headers['content-length']), plain.body.byteLength);
    const etag = String(plain.headers.etag);
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get('/docs/swagger-ui.css', { 'If-None-Match': inm });
      t.equal(res.status, 304, inm);
      t.equal(res.body.byteLength, 0, inm);
      t.equal(res.headers.etag, etag, inm);
    }
    t.equal((await get('/docs/swagger-ui.css', { 'If-None-Match': '"other"' })).status, 200);
  });

  t.test('unknown files, traversal and methods', async (t) => {
    const notFound = [
      '/docs/nope.js',
      '/docs/../package.json',
      '/docs/%2e%2e/package.json',
      '/docs/..%2fpackage.json',
      '/docs/./swagger-ui.css',
      '/docs//swagger-ui.css',
      '/docs/swagger-ui-bundle.js.map',
      '/docs/index.js',
      '/docs/package.json',
      '/docs/LICENSE',
      '/docs/swagger-initializer.js',
      '/docs/%73wagger-ui.css',
      '/docs/swagger-ui.css/',
      '/docsx',
    ];
    for (const path of notFound) {
      const res = await get(path);
      t.equal(res.status, 404, path);
      t.equal(res.body.toString('utf8'), '404 page not found\n', path);
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const path of ['/docs', '/docs/', '/docs/swagger-ui.css']) {
        const res = await get(path, {}, method);
        t.equal(res.status, 405, `${method} ${path}`);
        t.equal(res.headers.allow, 'GET, HEAD', `${method} ${path}`);
      }
    }
    t.equal((await get('/docs/nope', {}, 'POST')).status, 404, 'unknown paths are 404 for every method');
  });

  t.test('a second install on the same path is refused', async (t) => {
    t.throws(() => installDocsPage(kl.server.chain.kubeAPIServer.genericAPIServer), MuxRegistrationError);
    const other = installDocsPage(kl.server.chain.kubeAPIServer.genericAPIServer, { path: '/api-docs', title: 'A <b>"title"</b>', defaultGroupVersion: 'apis/apps/v1' });
    t.equal(other.path, '/api-docs');
    const html = (await get('/api-docs/')).body.toString('utf8');
    t.match(html, '<title>A &#60;b&#62;&#34;title&#34;&#60;/b&#62;</title>', 'the title is escaped');
    t.match((await get('/api-docs/kube-lite-docs.js')).body.toString('utf8'), '"defaultGroupVersion":"apis/apps/v1"');
    t.equal((await get('/api-docs')).headers.location, '/api-docs/');
  });
});

t.test('/docs goes through authentication and authorization like any non-resource URL', async (t) => {
  const seen: Attributes[] = [];
  const denyDocs: Authorizer = {
    authorize: (a) => {
      seen.push(a);
      return a.path.startsWith('/docs') ? { decision: 'Deny', reason: 'no docs for you' } : { decision: 'Allow', reason: '' };
    },
  };
  const options = { ...defaultKubeLiteOptions(), port: 0, anonymousAuth: true };
  const dir = t.testdir();
  const server = await KubeLiteServer.start({
    options,
    providers: defaultRESTStorageProviders(options),
    authorizer: () => denyDocs,
    log: () => undefined,
    kubeconfigPath: join(dir, 'kubeconfig'),
  });
  t.teardown(() => server.stop());
  for (const path of ['/docs', '/docs/', '/docs/swagger-ui.css']) {
    const res = await rawRequest(server.url, path);
    t.equal(res.status, 403, path);
    t.match(JSON.parse(res.body.toString('utf8')), { kind: 'Status', reason: 'Forbidden', message: `forbidden: User "system:anonymous" cannot get path "${path}": no docs for you` }, path);
  }
  t.match(
    seen.find((a) => a.path === '/docs/'),
    { verb: 'get', path: '/docs/', isResourceRequest: false, user: { name: 'system:anonymous' } },
    'authorized as a non-resource get',
  );
  t.equal((await rawRequest(server.url, '/openapi/v3')).status, 200, 'other paths are not affected');
});

t.test('installation errors', async (t) => {
  t.throws(() => installDocsPage(new GenericAPIServer({ skipOpenAPIInstallation: true, log: () => undefined })), DocsPageError, 'no OpenAPI');
  for (const path of ['docs', '/docs/', '/', '/a b', '/docs/../x', '']) {
    t.throws(() => new DocsPage({ path }), DocsPageError, JSON.stringify(path));
  }
  const empty = mkdtempSync(join(tmpdir(), 'docs-empty-'));
  t.teardown(() => rmSync(empty, { recursive: true, force: true }));
  t.throws(() => new DocsPage({ swaggerUIDistDir: empty }), { name: 'DocsPageError', message: /Swagger UI files missing in .*swagger-ui\.css/ });
});

t.test('a file that cannot be read answers 500 and is read again next time', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-dist-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png', 'favicon-16x16.png']) {
    copyFileSync(join(dist, f), join(dir, f));
  }
  writeFileSync(join(dir, 'package.json'), '{"name":"swagger-ui-dist"}');
  const server = new GenericAPIServer({ log: () => undefined });
  installDocsPage(server, { swaggerUIDistDir: dir });
  const [url] = await server.listen({ bindAddress: '127.0.0.1', port: 0 });
  t.teardown(() => server.shutdown());
  const base = url ?? '';
  t.match((await rawRequest(base, '/docs/')).body.toString('utf8'), 'swagger-ui.css?v=unknown', 'a package.json without a version');
  rmSync(join(dir, 'favicon-16x16.png'));
  const failed = await rawRequest(base, '/docs/favicon-16x16.png');
  t.equal(failed.status, 500);
  t.match(failed.body.toString('utf8'), /Internal Server Error: "\/docs\/favicon-16x16\.png": ENOENT/);
  copyFileSync(join(dist, 'favicon-16x16.png'), join(dir, 'favicon-16x16.png'));
  t.equal((await rawRequest(base, '/docs/favicon-16x16.png')).status, 200);
});
