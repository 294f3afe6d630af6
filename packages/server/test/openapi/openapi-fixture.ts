import { type IncomingHttpHeaders, request } from 'node:http';
import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { MemoryBackend } from '@apiserver/storage-memory';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import type { GenericAPIServerConfig } from '../../src/server/config.js';

/** A byte-exact response. */
export interface BytesReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** GET (or HEAD) without content decoding. */
export function fetchBytes(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<BytesReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** JSON body of a reply. */
export function bodyJSON(reply: BytesReply): Record<string, unknown> {
  const value: unknown = JSON.parse(reply.body.toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`not a JSON object: ${reply.body.toString('utf8')}`);
  return value as Record<string, unknown>;
}

/** A namespaced Store of one kind. */
export function store(backend: MemoryBackend, kind: string, apiVersion: string, group: string, resource: string): Store {
  const strategy = new GenericStrategy({ namespaceScoped: true });
  return new Store({
    newObject: () => ({ apiVersion, kind, metadata: {} }),
    newList: () => ({ apiVersion, kind: `${kind}List`, metadata: {}, items: [] }),
    defaultQualifiedResource: { group, resource },
    singularQualifiedResource: { group, resource: kind.toLowerCase() },
    storage: backend.storage<ApiObject>(),
    resourcePrefix: `/${resource}`,
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
}

/** A listening server with core/v1 configmaps and apps/v1 deployments (+status) on a memory store. */
export async function startOpenAPIServer(config: GenericAPIServerConfig = {}): Promise<{
  server: GenericAPIServer;
  url: string;
  installLeases: () => void;
  close: () => Promise<void>;
}> {
  const backend = new MemoryBackend();
  const scheme = newBuiltinScheme();
  const server = new GenericAPIServer({ log: () => undefined, panicLogger: () => undefined, shutdownTimeoutMillis: 2000, ...config });
  server.installLegacyAPIGroup('/api', {
    prioritizedVersions: [{ group: '', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { configmaps: store(backend, 'ConfigMap', 'v1', '', 'configmaps') } },
    scheme,
  });
  const deployments = store(backend, 'Deployment', 'apps/v1', 'apps', 'deployments');
  server.installAPIGroup({
    prioritizedVersions: [{ group: 'apps', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { deployments, 'deployments/status': deployments } },
    scheme,
  });
  const installLeases = (): void =>
    server.installAPIGroup({
      prioritizedVersions: [{ group: 'coordination.k8s.io', version: 'v1' }],
      versionedResourcesStorageMap: { v1: { leases: store(backend, 'Lease', 'coordination.k8s.io/v1', 'coordination.k8s.io', 'leases') } },
      scheme,
    });
  const [url = ''] = await server.listen({ port: 0 });
  return { server, url, installLeases, close: () => server.shutdown() };
}
