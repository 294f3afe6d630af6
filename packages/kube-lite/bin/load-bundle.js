// Loads the esbuild bundle of the CLI (dist/bundle/kube-lite.cjs, see scripts/bundle.mjs) as a vm.Script with the
// V8 code cache the build recorded next to it (kube-lite.cjs.cache: the SHA-1 of the bundle it was made from,
// then V8's data), which spares compiling 1.4 MB of JavaScript at every start. A missing, stale or rejected cache
// only costs that time: the bundle then compiles from source.
'use strict';
const { createHash } = require('node:crypto');
const { readFileSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const v8 = require('node:v8');
const vm = require('node:vm');

/** Where the build writes the bundle. */
const BUNDLE = join(__dirname, '..', 'dist', 'bundle', 'kube-lite.cjs');

/** The code cache file of `bundle`. */
const codeCacheFileOf = (bundle) => `${bundle}.cache`;

/** V8's data in the code cache file of `bundle` if it was made from `code`; else why not. */
function readCodeCache(bundle, digest) {
  let file;
  try {
    file = readFileSync(codeCacheFileOf(bundle));
  } catch {
    return { status: 'absent' };
  }
  return file.subarray(0, digest.length).equals(digest) ? { status: 'found', data: file.subarray(digest.length) } : { status: 'stale' };
}

/**
 * The V8 flag kube-lite sets before it compiles the bundle: the young generation grows 8-fold (V8's default: 2)
 * each time a scavenge finds it too small, up to its usual maximum. Start-up allocates ~20 MB of objects that
 * live as long as the server (schemas, routes, OpenAPI); in a young generation that grows by doubling they are
 * copied by ten scavenges and a mark-compact before /readyz answers, in one growing faster by five scavenges
 * (GC ~55 -> ~40 ms, `--trace-gc`). V8 reads the factor each time the young generation grows, so setting it once
 * the VM runs takes effect (node warns that a flag changed then may not). V8 refuses a code cache recorded under
 * other flags, so the flag is set here, where every compile of the bundle goes, the recording run
 * (scripts/record-code-cache.mjs) included.
 */
const START_UP_V8_FLAGS = '--semi-space-growth-factor=8';

/**
 * Compiles `bundle` with its code cache. `cache` tells what became of the cache: `accepted`, `rejected` (by V8:
 * another node version or V8 flags), `stale` (made from another bundle) or `absent`.
 */
function compileBundle(bundle = BUNDLE) {
  v8.setFlagsFromString(START_UP_V8_FLAGS);
  const code = readFileSync(bundle);
  const digest = createHash('sha1').update(code).digest();
  const cached = readCodeCache(bundle, digest);
  // The CommonJS function wrapper on a line of its own, numbered 0: lines and columns in stack traces stay the
  // bundle's (and its source map's).
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __kubeLiteBundleURL) {\n${code.toString('utf8')}\n})`, {
    filename: bundle,
    lineOffset: -1,
    cachedData: cached.data,
    // import() in the bundle loads modules as an import() in any module of the main context would.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cache = cached.status !== 'found' ? cached.status : script.cachedDataRejected ? 'rejected' : 'accepted';
  return { bundle, digest, script, cache };
}

/** Writes the code cache of a compiled bundle: every function compiled so far (call it after the code ran). */
function writeCodeCache({ bundle, digest, script }) {
  writeFileSync(codeCacheFileOf(bundle), Buffer.concat([digest, script.createCachedData()]));
}

/** Runs a compiled bundle as a CommonJS module of its own path; returns its exports. */
function runBundle({ bundle, script }) {
  const bundleModule = { exports: {} };
  script.runInThisContext()(bundleModule.exports, createRequire(bundle), bundleModule, bundle, dirname(bundle), pathToFileURL(bundle).href);
  return bundleModule.exports;
}

module.exports = { BUNDLE, START_UP_V8_FLAGS, codeCacheFileOf, compileBundle, runBundle, writeCodeCache };
