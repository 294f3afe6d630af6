/**
 * Objects the test fixture installs (CRDs, webhook configurations), given as objects or as paths of manifest files
 * and folders, read as envtest reads them: YAML (several documents per file) or JSON; a folder's `.yaml`, `.yml`
 * and `.json` files in name order, not its subfolders; documents of other kinds skipped.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';

const MANIFEST_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/** The manifest files `path` names: the file itself, or a folder's YAML and JSON files in name order. */
function manifestFiles(option: string, path: string): string[] {
  let folder: boolean;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    throw new Error(`${option}: ${path}: no such file or folder`);
  }
  if (!folder) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((e) => e.isFile() && MANIFEST_EXTENSIONS.has(extname(e.name)))
    .map((e) => join(path, e.name))
    .sort();
}

/** The documents of a manifest file that `wanted` accepts, in order. */
function objectsInFile<T>(option: string, file: string, wanted: (value: unknown) => value is T): T[] {
  const out: T[] = [];
  for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
    const [error] = doc.errors;
    if (error !== undefined) throw new Error(`${option}: ${file}: ${error.message}`);
    const value: unknown = doc.toJS();
    if (wanted(value)) out.push(value);
  }
  return out;
}

/**
 * The objects `sources` give, in order: each object as it is, each path's documents that `wanted` accepts. A
 * missing path or a manifest that does not parse throws, its message starting with `option`.
 */
export function readManifests<T>(option: string, sources: readonly (string | T)[], wanted: (value: unknown) => value is T): T[] {
  return sources.flatMap((source) => (typeof source === 'string' ? manifestFiles(option, source).flatMap((file) => objectsInFile(option, file, wanted)) : [source]));
}

/** Whether `value` is an object of one of `kinds`. */
export function isKind(value: unknown, kinds: readonly string[]): boolean {
  return typeof value === 'object' && value !== null && kinds.includes(String((value as { kind?: unknown }).kind));
}
