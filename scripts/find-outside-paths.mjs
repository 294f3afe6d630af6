// Finds places where the repository's code or data reads outside its own tree: a `../shared` path (the steering
// repository beside a checkout), `'..', 'shared'` path segments, or an absolute path of one machine (/work/, /home/,
// /root/, /Users/). A clone from the repository's public home has none of these, so such a read fails there.
//
// Usage: node scripts/find-outside-paths.mjs [root]   (prints `file:line: text` per finding, exits 1 if any)
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders that are installed, generated or version control, not the repository's own sources (`.git` is a file
 * naming the main checkout's git folder in a `git worktree`).
 */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.tap', '.cache', 'api']);
/** Files whose text is code, configuration or data a test or script may read. Prose (.md) may name paths. */
const CHECKED_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '.sh', '.yaml', '.yml', '']);
/** Lockfiles list registry URLs and package paths only. */
const SKIPPED_FILES = new Set(['package-lock.json']);
/** This scanner, which must spell the patterns out (paths relative to the scanned root). */
const SELF = new Set(['scripts/find-outside-paths.mjs']);

/** What marks a read outside the tree. */
export const OUTSIDE_PATH_PATTERNS = [
  { name: 'steering-repository path', pattern: /\.\.[\\/]shared(?![\w-])/ },
  { name: 'steering-repository segments', pattern: /['"`]\.\.['"`]\s*,\s*['"`]shared['"`]/ },
  { name: 'machine absolute path', pattern: /(?:^|[\s'"`(=:,])(?:file:\/\/)?\/(?:work|home|root|Users)\//m },
];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    if (entry.isDirectory()) {
      yield* files(join(dir, entry.name));
    } else if (entry.isFile() && CHECKED_EXTENSIONS.has(extname(entry.name)) && !SKIPPED_FILES.has(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

/** Every line under `root` matching one of {@link OUTSIDE_PATH_PATTERNS}, as `{ file, line, text, pattern }`. */
export function findOutsidePaths(root) {
  const found = [];
  for (const file of files(root)) {
    if (SELF.has(relative(root, file).split('\\').join('/'))) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      for (const { name, pattern } of OUTSIDE_PATH_PATTERNS) {
        if (pattern.test(text)) found.push({ file: relative(root, file), line: i + 1, text: text.trim().slice(0, 160), pattern: name });
      }
    });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const found = findOutsidePaths(root);
  for (const f of found) console.log(`${f.file}:${f.line}: ${f.pattern}: ${f.text}`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
