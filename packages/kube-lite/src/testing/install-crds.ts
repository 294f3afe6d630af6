/**
 * The `crds` option of `startKubeLite`, as envtest's CRD installation works: CustomResourceDefinitions given as
 * objects, or read from YAML and JSON files and folders, are created through the API, then awaited until each is
 * `Established` and every version it serves is listed in discovery, so that a client's first request for the new
 * kinds finds them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { CustomResourceDefinition } from '@apiserver/apiextensions';
import { parseAllDocuments } from 'yaml';
import { type ApiAnswer, apiRequest, type FixtureServer } from './api-request.js';

/** A CRD to install: the object itself, or the path of a manifest file or of a folder of them. */
export type CRDSource = string | CustomResourceDefinition;

const CRDS_PATH = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const MANIFEST_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);
const POLL_MILLIS = 20;

/** The manifest files `path` names: the file itself, or a folder's YAML and JSON files in name order (not its subfolders). */
function manifestFiles(path: string): string[] {
  let folder: boolean;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    throw new Error(`crds: ${path}: no such file or folder`);
  }
  if (!folder) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((e) => e.isFile() && MANIFEST_EXTENSIONS.has(extname(e.name)))
    .map((e) => join(path, e.name))
    .sort();
}

/** The CRDs among a manifest file's documents (YAML, several per file, or JSON); documents of other kinds are skipped. */
function crdsInFile(file: string): CustomResourceDefinition[] {
  const out: CustomResourceDefinition[] = [];
  for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
    const [error] = doc.errors;
    if (error !== undefined) throw new Error(`crds: ${file}: ${error.message}`);
    const value: unknown = doc.toJS();
    if (isCRD(value)) out.push(value);
  }
  return out;
}

function isCRD(value: unknown): value is CustomResourceDefinition {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'CustomResourceDefinition';
}

/** The CRDs `sources` give, in order. */
export function readCRDs(sources: readonly CRDSource[]): CustomResourceDefinition[] {
  return sources.flatMap((source) => (typeof source === 'string' ? manifestFiles(source).flatMap(crdsInFile) : [source]));
}

/** The message of a refused request: the Status message the server gave, else its status code. */
function refusal(what: string, answer: ApiAnswer): Error {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  return new Error(`crds: ${what}: ${answer.status === 0 ? 'connection failed' : `${answer.status} ${typeof message === 'string' ? message : ''}`.trim()}`);
}

/** The CRD `name` as the server has it when it is Established and its served versions are in discovery; else undefined. */
async function servedCRD(server: FixtureServer, name: string): Promise<CustomResourceDefinition | undefined> {
  const answer = await apiRequest(server, 'GET', `${CRDS_PATH}/${encodeURIComponent(name)}`);
  if (answer.status !== 200) throw refusal(`reading ${name}`, answer);
  const crd = answer.body as CustomResourceDefinition;
  if (!(crd.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True')) return undefined;
  for (const version of crd.spec.versions.filter((v) => v.served)) {
    const discovery = await apiRequest(server, 'GET', `/apis/${crd.spec.group}/${version.name}`);
    const resources = (discovery.body as { resources?: { name?: unknown }[] } | undefined)?.resources ?? [];
    if (discovery.status !== 200 || !resources.some((r) => r.name === crd.spec.names.plural)) return undefined;
  }
  return crd;
}

/**
 * Creates `crds` on `server`, then waits until each is served (at most `timeoutMillis` in all); resolves to them
 * as the server then has them. A CRD the server refuses, or one not served in time, rejects with why.
 */
export async function installCRDs(server: FixtureServer, crds: readonly CustomResourceDefinition[], timeoutMillis: number): Promise<CustomResourceDefinition[]> {
  for (const crd of crds) {
    const answer = await apiRequest(server, 'POST', CRDS_PATH, crd);
    if (answer.status !== 201) throw refusal(`creating ${crd.metadata?.name ?? '(no name)'}`, answer);
  }
  const deadline = Date.now() + timeoutMillis;
  const served: CustomResourceDefinition[] = [];
  for (const crd of crds) {
    const name = crd.metadata?.name ?? '';
    for (;;) {
      const current = await servedCRD(server, name);
      if (current !== undefined) {
        served.push(current);
        break;
      }
      if (Date.now() > deadline) throw new Error(`crds: ${name} not Established and served within ${timeoutMillis} ms`);
      await new Promise((r) => setTimeout(r, POLL_MILLIS));
    }
  }
  return served;
}
