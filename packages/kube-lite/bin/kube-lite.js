#!/usr/bin/env node
// The `kube-lite` command (src/cli/main.ts), run from the esbuild bundle in dist/bundle with its V8 code cache
// (bin/load-bundle.js): a committed, executable entry so the bin works whatever the file modes in dist/ are. A
// CommonJS script (bin/package.json), which node starts sooner than an ES module.
'use strict';
const { compileBundle, runBundle, writeCodeCache } = require('./load-bundle.js');

const compiled = compileBundle();
// `KUBE_LITE_RECORD_CODE_CACHE=1` (scripts/record-code-cache.mjs, at build time): on exit, write the code cache
// with every function compiled by then, so that a run through start-up records the code start-up needs.
if (process.env.KUBE_LITE_RECORD_CODE_CACHE === '1') {
  delete process.env.KUBE_LITE_RECORD_CODE_CACHE;
  process.once('exit', () => writeCodeCache(compiled));
}
runBundle(compiled);
