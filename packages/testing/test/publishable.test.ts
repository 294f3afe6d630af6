/**
 * Every public package is publishable on its own: `npm pack` holds its built `dist/` and no sources, the tarballs
 * installed into an empty project (nothing else of the monorepo) import at every entry point, every import in
 * the shipped JavaScript is a declared dependency, `@apiserver/restful` installed alone brings no other
 * package of ours, and with `@apiserver/openapi` beside it a restful-only program serves its OpenAPI documents and
 * a Swagger UI page.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { OPENAPI_CONSUMER } from './publishable/openapi-consumer.js';
import { importProblems, installInto, type Packed, packAll, publicPackages, runModule, undeclaredImports } from './publishable/packages.js';

t.setTimeout(480_000);

const root = mkdtempSync(join(tmpdir(), 'apiserver-publishable-'));
t.teardown(() => rmSync(root, { recursive: true, force: true }));
const packages = publicPackages();
const packed = new Map<string, Packed>();

t.test('npm pack holds dist and no sources', async (t) => {
  const tarballs = join(root, 'tarballs');
  mkdirSync(tarballs);
  t.ok(packages.length >= 9, `public packages: ${packages.map((p) => p.name).join(', ')}`);
  for (const [name, result] of packAll(packages, tarballs)) packed.set(name, result);
  t.same([...packed.keys()].sort(), packages.map((p) => p.name).sort(), 'one tarball per public package');
  for (const pkg of packages) {
    const result = packed.get(pkg.name) ?? { tarball: '', files: [] };
    t.ok(result.files.includes('dist/index.js') && result.files.includes('dist/index.d.ts'), `${pkg.name}: dist/index.js and .d.ts packed`);
    t.same(
      result.files.filter((f) => f.startsWith('src/') || f.startsWith('test/') || f.endsWith('.tsbuildinfo')),
      [],
      `${pkg.name}: no src/, test/ or build info`,
    );
  }
});

t.test('all tarballs in an empty project: every entry point imports, every import declared', async (t) => {
  const project = join(root, 'all');
  mkdirSync(project);
  installInto(
    project,
    [...packed.values()].map((p) => p.tarball),
  );
  const specifiers = packages.flatMap((pkg) => pkg.entryPoints.map((entry) => (entry === '.' ? pkg.name : `${pkg.name}/${entry.slice(2)}`)));
  const problems = importProblems(project, specifiers);
  for (const specifier of specifiers) t.equal(problems.get(specifier), '', `import('${specifier}') loads`);
  for (const pkg of packages) {
    t.same(undeclaredImports(join(project, 'node_modules', pkg.name), pkg), [], `${pkg.name}: every import is a declared dependency or stays inside the package`);
  }
});

t.test('@apiserver/restful installed alone brings no other package of ours', async (t) => {
  const project = join(root, 'restful');
  mkdirSync(project);
  const restful = packed.get('@apiserver/restful');
  if (restful === undefined) throw new Error('@apiserver/restful was not packed');
  installInto(project, [restful.tarball]);
  t.same(readdirSync(join(project, 'node_modules', '@apiserver')), ['restful'], 'node_modules/@apiserver holds restful only');
  const problems = importProblems(project, ['@apiserver/restful', '@apiserver/server']);
  t.equal(problems.get('@apiserver/restful'), '', 'it imports');
  t.match(problems.get('@apiserver/server'), /Error.*Cannot find package '@apiserver\/server'/, 'a package not installed is reported, not ignored');
});

t.test('@apiserver/restful with @apiserver/openapi: a restful-only program serves OpenAPI and Swagger UI', async (t) => {
  const project = join(root, 'restful');
  const tarballs = ['@apiserver/restful', '@apiserver/openapi'].map((name) => packed.get(name)?.tarball ?? '');
  if (tarballs.includes('')) throw new Error('@apiserver/restful or @apiserver/openapi was not packed');
  installInto(project, tarballs);
  t.same(readdirSync(join(project, 'node_modules', '@apiserver')), ['openapi', 'restful'], 'node_modules/@apiserver holds openapi and restful only');
  const answers = JSON.parse(runModule(project, OPENAPI_CONSUMER)) as Record<string, { status: number; type: string; body: string }>;
  const v2 = answers['/openapi/v2'];
  const v3 = answers['/openapi/v3'];
  t.match(v2, { status: 200, type: /^application\/json/ }, 'GET /openapi/v2');
  t.match(JSON.parse(v2?.body ?? '{}'), { swagger: '2.0', info: { title: 'Pets' }, paths: { '/pets/{name}': { get: { operationId: 'getPet' } } } }, 'the Swagger 2.0 document names the route');
  t.match(v3, { status: 200, type: /^application\/json/ }, 'GET /openapi/v3');
  t.match(JSON.parse(v3?.body ?? '{}'), {
    openapi: /^3\.0\./,
    paths: { '/pets/{name}': { get: { operationId: 'getPet', responses: { 200: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } } } } } } } } },
  }, 'the OpenAPI 3.0 document: the route, its 200 schema inferred from the sample');
  t.match(answers['/swagger-ui'], { status: 200, type: /^text\/html/, body: /SwaggerUIBundle[\s\S]*\/openapi\/v3/ }, 'GET /swagger-ui: the page, pointed at /openapi/v3');
  t.match(answers['/pets/rex'], { status: 200, body: /"name": ?"rex"/ }, 'the service itself answers');
});
