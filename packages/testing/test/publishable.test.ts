/**
 * Every public package is publishable on its own: `npm pack` holds its built `dist/` and no sources, the tarballs
 * installed into an empty project (nothing else of the monorepo) import at every entry point, every import in
 * the shipped JavaScript is a declared dependency, and `@apiserver/restful` installed alone brings no other
 * package of ours.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { importProblems, installInto, type Packed, packAll, publicPackages, undeclaredImports } from './publishable/packages.js';

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
