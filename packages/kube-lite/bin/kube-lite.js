#!/usr/bin/env node
// The `kube-lite` command (see src/cli/main.ts); a committed, executable entry so the bin works before and
// after `tsc -b` regardless of file modes in dist/.
import '../dist/cli/main.js';
