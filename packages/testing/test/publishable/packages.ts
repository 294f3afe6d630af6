/**
 * Helpers of the publishable-packages test: the monorepo's public packages, `npm pack` of each, an install of
 * tarballs into an empty project, and a static reading of the import specifiers a package's `dist/` holds.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo's `packages/` folder. */
export const PACKAGES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** What the test needs of one package.json. */
export interface PackageInfo {
  /** Folder under `packages/`. */
  readonly dir: string;
  /** `name`. */
  readonly name: string;
  /** Subpaths of `exports` (`.`, `./testing`, …). */
  readonly entryPoints: readonly string[];
  /** Names of `dependencies`, `peerDependencies` and `optionalDependencies`. */
  readonly declared: ReadonlySet<string>;
}

/** Every package that is not `private`, in folder order. */
export function publicPackages(): PackageInfo[] {
  const out: PackageInfo[] = [];
  for (const entry of readdirSync(PACKAGES_DIR).sort()) {
    const dir = join(PACKAGES_DIR, entry);
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (manifest.private === true) continue;
    const names = (key: string) => Object.keys((manifest[key] as Record<string, string> | undefined) ?? {});
    out.push({
      dir,
      name: String(manifest.name),
      entryPoints: Object.keys((manifest.exports as Record<string, unknown> | undefined) ?? { '.': {} }),
      declared: new Set([...names('dependencies'), ...names('peerDependencies'), ...names('optionalDependencies')]),
    });
  }
  return out;
}

/** One packed tarball and the files it holds. */
export interface Packed {
  /** Absolute path of the `.tgz`. */
  readonly tarball: string;
  /** Paths inside the package. */
  readonly files: readonly string[];
}

/** `npm pack` of every package of `pkgs` into `destination`, in one npm run (`--workspace` per package), by name. */
export function packAll(pkgs: readonly PackageInfo[], destination: string): Map<string, Packed> {
  const workspaces = pkgs.map((pkg) => `--workspace=${relative(dirname(PACKAGES_DIR), pkg.dir)}`);
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination, ...workspaces], {
    cwd: dirname(PACKAGES_DIR),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const results = JSON.parse(out) as { name: string; filename: string; files: { path: string }[] }[];
  return new Map(results.map((r) => [r.name, { tarball: join(destination, r.filename), files: r.files.map((f) => f.path) }]));
}

/** Creates an empty ESM project in `dir` and installs `tarballs` into it (nothing else of the monorepo). */
export function installInto(dir: string, tarballs: readonly string[]): void {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error', ...tarballs], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 240_000,
  });
}

/** Runs `script` as an ES module in a fresh node process whose cwd is `project`; returns its stdout. */
export function runModule(project: string, script: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

/**
 * Imports each of `specifiers` in one fresh node process whose cwd is `project` (module resolution is by path, so
 * one import cannot satisfy another's missing dependency); returns the error line per specifier, '' when it loads.
 */
export function importProblems(project: string, specifiers: readonly string[]): Map<string, string> {
  const script = [
    `const specifiers = ${JSON.stringify(specifiers)};`,
    'const problems = {};',
    'for (const s of specifiers) {',
    '  try { await import(s); problems[s] = ""; }',
    '  catch (err) { const text = String(err?.stack ?? err); problems[s] = text.split("\\n").find((l) => /Error/.test(l)) ?? text.slice(0, 400); }',
    '}',
    'process.stdout.write(JSON.stringify(problems));',
  ].join('\n');
  return new Map(Object.entries(JSON.parse(runModule(project, script)) as Record<string, string>));
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"\s]+)['"]/g;
/** Block and line comments (TSDoc examples name packages a consumer brings itself). */
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return path.endsWith('.js') ? [path] : [];
  });
}

/**
 * Imports in an installed package's JavaScript that a consumer cannot satisfy: a bare specifier whose package is
 * neither a node built-in, the package itself, nor declared; or a relative one that leaves the package.
 */
export function undeclaredImports(installedDir: string, pkg: PackageInfo): string[] {
  const problems: string[] = [];
  for (const file of jsFiles(join(installedDir, 'dist'))) {
    for (const [, specifier = ''] of readFileSync(file, 'utf8').replace(COMMENTS, '').matchAll(SPECIFIER)) {
      const where = relative(installedDir, file);
      if (specifier.startsWith('.')) {
        if (relative(installedDir, resolve(dirname(file), specifier)).startsWith('..')) problems.push(`${where}: ${specifier} leaves the package`);
        continue;
      }
      if (specifier.startsWith('node:') || BUILTINS.has(specifier)) continue;
      const name = packageOfSpecifier(specifier);
      if (name !== pkg.name && !pkg.declared.has(name)) problems.push(`${where}: ${specifier} is not a declared dependency`);
    }
  }
  return problems;
}
