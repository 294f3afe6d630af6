// Module hooks that run the TypeScript sources as they are: a `.ts` file is
// transformed with swc (types removed, inline source map for coverage and stack
// traces), and `./x.js` resolves to `./x.ts` when only the source exists, as
// the sources import their siblings by the name tsc gives them.
// They replace tap's TypeScript plugin (ts-node), which loads the whole
// TypeScript compiler into every test process (about a second of CPU each).
// Packages that ship as hundreds of modules resolve to one-file bundles of the
// same code when they have been built (see vendor-bundles.mjs). Our packages
// resolve to the bundles they ship while those match tsc's last build of them,
// else to their modules (see package-bundles.mjs).
// The same hooks run in-thread (module.registerHooks, Node 22.15+) or on the
// loader thread (module.register, Node 20.19).
// swc's output is cached on disk (transform-cache.mjs), and swc itself (~0.1 s
// of CPU to load) is loaded only when a module is not in the cache.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MODULES_CONDITION, packageBundleCurrent, sharedDependencyBundles } from '../package-bundles.mjs';
import { cachedTransform } from './transform-cache.mjs';
import { vendorBundleMap } from './vendor-bundles.mjs';

const require = createRequire(import.meta.url);

const TS_URL = /\.[cm]?ts$/;

/**
 * swc's options: what tsconfig.base.json asks of tsc, minus type checking. The inline source map names the source
 * file without a copy of its text (`inlineSourcesContent`): tap's processes run with --enable-source-maps, under
 * which Node decodes every module's map as it loads, and the coverage report reads the sources from disk. Loading
 * kube-lite's sources took ~0.2-0.4 s less CPU per process that way (2.1 against 2.5 s, Node 20, 2026-12-02);
 * coverage figures were unchanged.
 */
const SWC_OPTIONS = {
  swcrc: false,
  configFile: false,
  sourceMaps: 'inline',
  inlineSourcesContent: false,
  module: { type: 'es6' },
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript' },
    transform: { verbatimModuleSyntax: true, useDefineForClassFields: true },
  },
};

// typebox from the bundle that @apiserver/runtime ships, when it is current: the copy our other bundles use.
const VENDOR_BUNDLES = new Map([...vendorBundleMap(), ...sharedDependencyBundles()]);

/** The bundle of a bundled package's entry point, when `resolved` is that installed package's; else `resolved`. */
function vendored(specifier, resolved) {
  const vendor = VENDOR_BUNDLES.get(specifier);
  if (vendor === undefined || !resolved.url.startsWith(vendor.packageUrl)) return resolved;
  return { url: vendor.bundle, format: 'module', shortCircuit: true };
}

/** A workspace package's folder URL and bundle folder in a resolved URL (`…/packages/<name>/dist/esm/…`). */
const PACKAGE_BUNDLE_URL = /^(file:\/\/.*\/packages\/[^/]+\/)dist\/esm\//;

/** Whether each workspace package's bundle is current, by package folder URL (asked once per process). */
const bundleCurrent = new Map();

/**
 * Whether `resolved` is a bundle of one of our packages that no longer matches tsc's build of it (a `tsc -b`
 * without `npm run build`): its modules are loaded instead.
 */
function staleBundle(resolved) {
  const match = PACKAGE_BUNDLE_URL.exec(resolved.url);
  if (match === null) return false;
  let current = bundleCurrent.get(match[1]);
  if (current === undefined) {
    current = packageBundleCurrent(fileURLToPath(match[1]));
    bundleCurrent.set(match[1], current);
  }
  return !current;
}

/** `context` with the condition that selects our packages' modules rather than their bundles. */
function modulesContext(context) {
  return { ...context, conditions: [...(context.conditions ?? []), MODULES_CONDITION] };
}

/** What `resolveModules` resolves, or `error` when that fails too (a package that has no modules condition). */
function modulesInstead(resolveModules, error) {
  try {
    return resolveModules();
  } catch {
    throw error;
  }
}

async function modulesInsteadAsync(resolveModules, error) {
  try {
    return await resolveModules();
  } catch {
    throw error;
  }
}

function isMissingModule(error) {
  return error?.code === 'ERR_MODULE_NOT_FOUND';
}

/**
 * Whether `error` may say that one of our packages' bundles is not built (tsc ran, `npm run build` did not): a
 * missing `dist/esm/` file (named by the path it was imported by, often a link in node_modules).
 */
function missingBundle(error) {
  return isMissingModule(error) && /\/dist\/esm\/[^/]+\.js$/.test(String(error.url ?? ''));
}

/** The `.ts` twin of a relative `.js` specifier, or undefined. */
function typeScriptTwin(specifier) {
  if (!(specifier.startsWith('./') || specifier.startsWith('../'))) return undefined;
  if (specifier.endsWith('.js')) return `${specifier.slice(0, -3)}.ts`;
  if (specifier.endsWith('.mjs')) return `${specifier.slice(0, -4)}.mts`;
  return undefined;
}

/** What swc's output depends on besides the source and its name: swc's version and our options. */
const SWC_SALT = `${require('@swc/core/package.json').version} ${JSON.stringify(SWC_OPTIONS)}`;

function swcTransform(source, filename) {
  return require('@swc/core').transformSync(source, { ...SWC_OPTIONS, filename }).code;
}

/** Transforms one TypeScript module's source; `filename` names it in the source map. */
export function transformTypeScript(source, filename) {
  return cachedTransform(source, filename, SWC_SALT, swcTransform);
}

function formatOf(url) {
  return url.endsWith('.cts') ? 'commonjs' : 'module';
}

/**
 * The `.ts` twin of a relative `.js` specifier imported by a TypeScript module, when that file exists: sources
 * import their siblings by the built name, so trying the `.js` first failed (an error with its stack) for nearly
 * every import between sources.
 */
function sourceTwin(specifier, context) {
  const parent = context.parentURL;
  if (parent === undefined || !parent.startsWith('file:') || !TS_URL.test(parent)) return undefined;
  const twin = typeScriptTwin(specifier);
  if (twin === undefined) return undefined;
  const url = new URL(twin, parent);
  return existsSync(url) ? { url: url.href, shortCircuit: true } : undefined;
}

export function resolveSync(specifier, context, nextResolve) {
  const twin = sourceTwin(specifier, context);
  if (twin !== undefined) return twin;
  try {
    const resolved = nextResolve(specifier, context);
    return staleBundle(resolved) ? nextResolve(specifier, modulesContext(context)) : vendored(specifier, resolved);
  } catch (error) {
    if (missingBundle(error)) return modulesInstead(() => nextResolve(specifier, modulesContext(context)), error);
    const twin = isMissingModule(error) ? typeScriptTwin(specifier) : undefined;
    if (twin === undefined) throw error;
    return nextResolve(twin, context);
  }
}

export function loadSync(url, context, nextLoad) {
  if (!url.startsWith('file:') || !TS_URL.test(url)) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const source = transformTypeScript(readFileSync(path, 'utf8'), path);
  return { format: formatOf(url), source, shortCircuit: true };
}

// The asynchronous forms module.register expects (Node 20.19).
export async function resolve(specifier, context, nextResolve) {
  const twin = sourceTwin(specifier, context);
  if (twin !== undefined) return twin;
  try {
    const resolved = await nextResolve(specifier, context);
    return staleBundle(resolved) ? nextResolve(specifier, modulesContext(context)) : vendored(specifier, resolved);
  } catch (error) {
    if (missingBundle(error)) return modulesInsteadAsync(() => nextResolve(specifier, modulesContext(context)), error);
    const twin = isMissingModule(error) ? typeScriptTwin(specifier) : undefined;
    if (twin === undefined) throw error;
    return nextResolve(twin, context);
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !TS_URL.test(url)) return nextLoad(url, context);
  return loadSync(url, context, () => {
    throw new Error('unreachable');
  });
}
