// Type-checks documentation examples against the built packages.
//
// Sources: every fenced ```ts block inside a TSDoc `@example` of packages/*/src/**/*.ts, and every
// ```ts block of docs/guides/**/*.md (a block fenced as ```ts nocheck is skipped). Each block becomes
// one ES module in a temp directory whose node_modules links to the repository's, so
// `import … from '@apiserver/restful'` resolves through the packages' `exports` to their built
// `dist/*.d.ts` (run `npm run build` first). One `tsc --noEmit` run checks them all; every error is
// reported as `<source file>:<line>:<column>` of the documentation, and the exit code is 1.
//
// With --readmes, the ```ts blocks of README.md and packages/*/README.md are checked too (each README
// is its own folder; a fragment can declare what it assumes with `declare const x: T;`).
//
// Usage: node scripts/check-examples.mjs [--root <repo>] [--readmes] [--keep]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const FENCE_OPEN = /^(`{3,})\s*(ts|typescript|mts)\b(.*)$/;
const CHECKED_TAG = /^@example\b/;
const BLOCK_TAG = /^@[a-zA-Z]+/;

/** Lists files under `dir` (recursively) whose names satisfy `accept`, sorted. */
export function walk(dir, accept) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path, accept));
    else if (accept(entry.name)) out.push(path);
  }
  return out.sort();
}

/**
 * Reads fenced code blocks from lines. `lines` are `{ text, line }` pairs (line numbers 1-based in the
 * source file); returns `{ code, line, skipped }` per ts block, `line` being the first code line.
 */
export function fencedBlocks(lines) {
  const blocks = [];
  let open;
  for (const { text, line } of lines) {
    if (open === undefined) {
      const m = FENCE_OPEN.exec(text.trim());
      if (m) {
        const file = /\bfile=([\w.-]+\.ts)\b/.exec(m[3] ?? '')?.[1];
        open = { fence: m[1], skipped: /\bnocheck\b/.test(m[3] ?? ''), file, line: line + 1, body: [] };
      }
      else if (/^`{3,}/.test(text.trim())) open = { fence: text.trim().match(/^`+/)[0], other: true, body: [] };
      continue;
    }
    if (text.trim() === open.fence) {
      if (!open.other) blocks.push({ code: open.body.join('\n'), line: open.line, skipped: open.skipped, file: open.file });
      open = undefined;
      continue;
    }
    open.body.push(text);
  }
  return blocks;
}

/** The `@example` code blocks of every TSDoc comment in a TypeScript source text. */
export function examplesInSource(text) {
  const lines = text.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim().startsWith('/**')) continue;
    const comment = [];
    for (let j = i; j < lines.length; j++) {
      const end = lines[j].includes('*/');
      const body = lines[j]
        .replace(/^\s*\/\*\*\s?/, '')
        .replace(/\s*\*\/.*$/, '')
        .replace(/^\s*\* ?/, '');
      comment.push({ text: body, line: j + 1 });
      i = j;
      if (end) break;
    }
    let inExample = false;
    let section = [];
    const flush = () => {
      if (inExample) blocks.push(...fencedBlocks(section));
      section = [];
    };
    let inFence = false;
    for (const entry of comment) {
      const trimmed = entry.text.trim();
      if (/^`{3,}/.test(trimmed)) inFence = !inFence;
      if (!inFence && BLOCK_TAG.test(trimmed)) {
        flush();
        inExample = CHECKED_TAG.test(trimmed);
        continue;
      }
      section.push(entry);
    }
    flush();
  }
  return blocks;
}

/** The ts code blocks of a Markdown text. */
export function examplesInMarkdown(text) {
  return fencedBlocks(text.split('\n').map((t, i) => ({ text: t, line: i + 1 })));
}

/** Collects the examples of a repository: `{ file, line, code }` with `file` relative to `root`. */
export function collectExamples(root, { readmes = false } = {}) {
  const examples = [];
  const packages = join(root, 'packages');
  const sources = existsSync(packages)
    ? readdirSync(packages).flatMap((p) => walk(join(packages, p, 'src'), (n) => n.endsWith('.ts') && !n.endsWith('.d.ts')))
    : [];
  for (const file of sources) {
    for (const b of examplesInSource(readFileSync(file, 'utf8'))) {
      if (!b.skipped) examples.push({ file: relative(root, file), line: b.line, code: b.code });
    }
  }
  const guides = walk(join(root, 'docs', 'guides'), (n) => n.endsWith('.md'));
  if (readmes) {
    const packageReadmes = existsSync(packages) ? readdirSync(packages).sort().map((p) => join(packages, p, 'README.md')) : [];
    guides.push(...[join(root, 'README.md'), ...packageReadmes].filter((f) => existsSync(f)));
  }
  guides.forEach((file, k) => {
    // Each guide is its own folder, so its blocks can import one another by `file=` name.
    for (const b of examplesInMarkdown(readFileSync(file, 'utf8'))) {
      if (!b.skipped) examples.push({ file: relative(root, file), line: b.line, code: b.code, dir: `guide${k}`, name: b.file });
    }
  });
  return examples;
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  },
  include: ['**/*.ts'],
};

// The guides show @kubernetes/client-node 2.x. The repository installs it under an alias beside 1.x (which
// Node 20 needs), so an example's `@kubernetes/client-node` is checked against 2.x when that is installed.
const CLIENT_NODE_2 = 'node_modules/@kubernetes/client-node-2';

/** The generated project's tsconfig for the repository at `root`. */
function tsconfigFor(root) {
  const manifest = join(root, CLIENT_NODE_2, 'package.json');
  if (!existsSync(manifest)) return TSCONFIG;
  // An ES module cannot import a folder: the mapping names the package's declarations file.
  const types = `./${CLIENT_NODE_2}/${JSON.parse(readFileSync(manifest, 'utf8')).types}`;
  return { ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, paths: { '@kubernetes/client-node': [types] } } };
}

/** The path of an example inside the generated project. */
function generatedPath(ex, i) {
  const name = ex.name ?? `ex${i}.ts`;
  return ex.dir === undefined ? name : `${ex.dir}/${name}`;
}

/** Maps one tsc diagnostic line of a generated file back to the documentation source. */
function mapDiagnostic(text, byPath) {
  const m = /^(.+?\.ts)\((\d+),(\d+)\): (.*)$/.exec(text);
  const ex = m ? byPath.get(m[1]) : undefined;
  if (m === null || ex === undefined) return text;
  return `${ex.file}:${ex.line + Number(m[2]) - 1}:${m[3]} ${m[4]}`;
}

/**
 * Writes the examples to a temp project and type-checks them; returns `{ ok, errors, count }` where
 * `errors` are diagnostics located in the documentation sources.
 */
export function checkExamples(root, { keep = false, readmes = false } = {}) {
  const examples = collectExamples(root, { readmes });
  if (examples.length === 0) return { ok: true, errors: [], count: 0 };
  const dir = mkdtempSync(join(tmpdir(), 'check-examples-'));
  try {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
    writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfigFor(root), null, 2)}\n`);
    const byPath = new Map();
    examples.forEach((ex, i) => {
      const path = generatedPath(ex, i);
      if (byPath.has(path)) throw new Error(`check-examples: two blocks named ${path} (${ex.file}:${ex.line})`);
      byPath.set(path, ex);
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), `${ex.code}\nexport {};\n`);
    });
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { encoding: 'utf8', cwd: dir });
    if (run.error) throw run.error;
    const lines = `${run.stdout}${run.stderr}`.split('\n').filter((l) => l.trim() !== '');
    const errors = lines.filter((l) => !l.startsWith(' ')).map((l) => mapDiagnostic(l, byPath));
    return { ok: run.status === 0, errors, count: examples.length, dir: keep ? dir : undefined };
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

function main(argv) {
  const rootFlag = argv.indexOf('--root');
  const here = dirname(fileURLToPath(import.meta.url));
  const root = resolve(rootFlag >= 0 ? (argv[rootFlag + 1] ?? '.') : join(here, '..'));
  const started = Date.now();
  const result = checkExamples(root, { keep: argv.includes('--keep'), readmes: argv.includes('--readmes') });
  for (const e of result.errors) console.error(e);
  if (result.errors.some((e) => /TS2307: Cannot find module '@apiserver\//.test(e))) {
    console.error('check-examples: an @apiserver package did not resolve; build the packages first (npm run build)');
  }
  if (result.dir) console.error(`check-examples: generated files kept in ${result.dir}`);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const verdict = result.ok ? 'ok' : `FAILED (${result.errors.length} errors)`;
  console.log(`check-examples: ${result.count} examples type-checked in ${secs} s: ${verdict}`);
  return result.ok ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
