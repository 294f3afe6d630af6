// A disk cache of swc's output for the test processes. Each test process
// transformed every TypeScript module it loaded (a kube-lite test that starts a
// server loads ~335 of them: ~2 s of its ~3.7 s of CPU), and ~320 test files
// each transformed mostly the same sources again. The output is kept under
// .cache/ts/ (ignored by git), named by a hash of everything it depends on: the
// source text, the file name (it is in the inline source map), the swc version
// and options. A changed source gets a new name, so nothing is ever stale; old
// entries stay until .cache/ is removed.
// Writers race safely: each writes a private temporary file and renames it into
// place, and a reader that finds no complete file transforms the source itself.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The cache folder: `.cache/ts` at the repository root. */
export const TRANSFORM_CACHE_DIR = join(import.meta.dirname, '..', '..', '.cache', 'ts');

/**
 * Returns `transform(source, filename)`'s output, from the cache when an entry for the same inputs exists.
 * `salt` names what else the output depends on (the transformer's version and options).
 * @param {string} source
 * @param {string} filename
 * @param {string} salt
 * @param {(source: string, filename: string) => string} transform
 * @param {string} [dir] the cache folder ({@link TRANSFORM_CACHE_DIR} unless given)
 * @returns {string}
 */
export function cachedTransform(source, filename, salt, transform, dir = TRANSFORM_CACHE_DIR) {
  const key = createHash('sha256').update(salt).update('\0').update(filename).update('\0').update(source).digest('hex');
  const file = join(dir, key.slice(0, 2), `${key.slice(2)}.js`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // not cached yet (or not readable): transform below
  }
  const code = transform(source, filename);
  try {
    mkdirSync(join(dir, key.slice(0, 2)), { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  } catch {
    // a read-only or full disk: the output is still right, only not kept
  }
  return code;
}
