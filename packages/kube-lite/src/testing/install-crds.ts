/**
 * The `crds` option of `startKubeLite`, as envtest's CRD installation works: CustomResourceDefinitions given as
 * objects, or read from YAML and JSON files and folders, are created through the API, then awaited until each is
 * `Established` and every version it serves is listed in discovery, so that a client's first request for the new
 * kinds finds them.
 */
import type { CustomResourceDefinition } from '@apiserver/apiextensions';
import { apiRequest, type FixtureServer, pollUntil, refusal } from './api-request.js';
import { isKind, readManifests } from './manifests.js';

/** A CRD to install: the object itself, or the path of a manifest file or of a folder of them. */
export type CRDSource = string | CustomResourceDefinition;

const CRDS_PATH = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

const isCRD = (value: unknown): value is CustomResourceDefinition => isKind(value, ['CustomResourceDefinition']);

/** The CRDs `sources` give, in order (see manifests.ts). */
export function readCRDs(sources: readonly CRDSource[]): CustomResourceDefinition[] {
  return readManifests('crds', sources, isCRD);
}

/** The CRD `name` as the server has it when it is Established and its served versions are in discovery; else undefined. */
async function servedCRD(server: FixtureServer, name: string): Promise<CustomResourceDefinition | undefined> {
  const answer = await apiRequest(server, 'GET', `${CRDS_PATH}/${encodeURIComponent(name)}`);
  if (answer.status !== 200) throw refusal('crds', `reading ${name}`, answer);
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
    if (answer.status !== 201) throw refusal('crds', `creating ${crd.metadata?.name ?? '(no name)'}`, answer);
  }
  const deadline = Date.now() + timeoutMillis;
  const served: CustomResourceDefinition[] = [];
  for (const crd of crds) {
    const name = crd.metadata?.name ?? '';
    served.push(await pollUntil(deadline, () => servedCRD(server, name), `crds: ${name} not Established and served within ${timeoutMillis} ms`));
  }
  return served;
}
