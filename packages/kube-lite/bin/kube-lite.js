#!/usr/bin/env node
// The `kube-lite` command (src/cli/main.ts), run from the esbuild bundle in dist/bundle (see scripts/bundle.mjs):
// a committed, executable entry so the bin works whatever the file modes in dist/ are.
import '../dist/bundle/kube-lite.js';
