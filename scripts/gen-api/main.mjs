#!/usr/bin/env node
/**
 * gen-api: generates packages/runtime/src/apis/generated from a k8s.io/api checkout (v0.32.9).
 *
 * Usage: node scripts/gen-api/main.mjs <k8s.io/api directory> [output directory]
 * The directory holds `<group>/<version>/{types.go,generated.proto,register.go}`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexFile, kindsFile, typesFile } from './emit.mjs';
import { GROUP_VERSIONS } from './inputs.mjs';
import { buildModel, readSources } from './model.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [input, output = join(here, '../../packages/runtime/src/apis/generated')] = process.argv.slice(2);
if (input === undefined) {
  console.error('usage: node scripts/gen-api/main.mjs <k8s.io/api directory> [output directory]');
  process.exit(2);
}

const started = performance.now();
const model = buildModel(readSources(resolve(input), GROUP_VERSIONS));
rmSync(output, { recursive: true, force: true });
let structs = 0;
for (const [gv, g] of model) {
  const dir = join(output, gv);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'types.ts'), typesFile(gv, g));
  writeFileSync(join(dir, 'kinds.ts'), kindsFile(g));
  structs += g.structs.length;
  if (g.skipped.length > 0) console.log(`${gv}: no protobuf message, not generated: ${g.skipped.join(', ')}`);
}
writeFileSync(join(output, 'index.ts'), indexFile(GROUP_VERSIONS));
const ms = Math.round(performance.now() - started);
console.log(`${model.size} group versions, ${structs} types in ${ms} ms`);
