/**
 * Test fixtures: a delegate GenericAPIServer with core/v1 configmaps and apps/v1 deployments on memory
 * storage, an aggregator in front of it with a mutable static service resolver, and HTTP helpers.
 * @module
 */
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { GenericAPIServer } from '@apiserver/server';
import type { StorageInterface } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import { type AggregatorConfig, type APIAggregator, createAggregatorServer, ServiceResolutionError, type ServiceResolver } from '../src/index.js';

/** A response read to the end. */
export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends one request and reads the whole answer. */
export function fetchText(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(url), { agent: false, method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Parses a JSON body. */
export function json(reply: Reply): Record<string, unknown> {
  return JSON.parse(reply.body) as Record<string, unknown>;
}

/** Polls `check` every 20 ms until it returns true or `timeoutMs` passes. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

function store(backend: MemoryBackend, kind: string, apiVersion: string, group: string, resource: string): Store {
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

/** The delegate: core/v1 configmaps, apps/v1 deployments, coordination.k8s.io/v1 leases. */
export function newDelegate(backend: MemoryBackend): GenericAPIServer {
  const scheme = newBuiltinScheme();
  const server = new GenericAPIServer({ log: () => undefined });
  server.installLegacyAPIGroup('/api', {
    prioritizedVersions: [{ group: '', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { configmaps: store(backend, 'ConfigMap', 'v1', '', 'configmaps') } },
    scheme,
  });
  server.installAPIGroup({
    prioritizedVersions: [{ group: 'apps', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { deployments: store(backend, 'Deployment', 'apps/v1', 'apps', 'deployments') } },
    scheme,
  });
  server.installAPIGroup({
    prioritizedVersions: [{ group: 'coordination.k8s.io', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { leases: store(backend, 'Lease', 'coordination.k8s.io/v1', 'coordination.k8s.io', 'leases') } },
    scheme,
  });
  return server;
}

/** A resolver whose table the test changes. */
export function mutableResolver(table: Map<string, string>): ServiceResolver {
  return {
    async resolveEndpoint(namespace, name, port) {
      const url = table.get(`${namespace}/${name}:${port}`);
      if (url === undefined) throw new ServiceResolutionError(`service "${name}" not found`);
      return new URL(url);
    },
  };
}

/** A running aggregator with its delegate. */
export interface AggregatorFixture {
  /** The aggregator's URL. */
  readonly url: string;
  /** The aggregator. */
  readonly aggregator: APIAggregator;
  /** `namespace/name:port` → backend URL. */
  readonly services: Map<string, string>;
  /** Stops everything. */
  stop(): Promise<void>;
}

/** Starts a delegate and an aggregator on memory storage (or `storage` for the APIServices). */
export async function startAggregator(
  extra: Partial<AggregatorConfig> = {},
  storage?: StorageInterface<ApiObject>,
): Promise<AggregatorFixture> {
  const backend = new MemoryBackend();
  const delegate = newDelegate(backend);
  const services = new Map<string, string>();
  const aggregator = createAggregatorServer(
    {
      genericConfig: { log: () => undefined, watchTerminationGraceMillis: 50, shutdownTimeoutMillis: 1000 },
      restOptionsGetter: {
        getRESTOptions: (gr) => ({ resourcePrefix: `/${gr.group}/${gr.resource}`, storage: storage ?? backend.storage<ApiObject>() }),
      },
      serviceResolver: mutableResolver(services),
      availabilityIntervalMillis: 200,
      discoveryTimeoutMillis: 1000,
      ...extra,
    },
    delegate,
  );
  const [url = ''] = await aggregator.listen({ port: 0 });
  await aggregator.apiServices.hasSynced();
  return {
    url,
    aggregator,
    services,
    stop: async () => {
      await aggregator.shutdown();
      backend.close();
    },
  };
}

/** An APIService manifest. */
export function apiService(group: string, version: string, opts: { service?: { namespace: string; name: string; port?: number }; group?: number; version?: number } = {}): Record<string, unknown> {
  return {
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: { name: `${version}.${group}` },
    spec: {
      group,
      version,
      groupPriorityMinimum: opts.group ?? 1000,
      versionPriority: opts.version ?? 15,
      ...(opts.service !== undefined && { service: opts.service, insecureSkipTLSVerify: true }),
    },
  };
}

/** POSTs an object as JSON. */
export function post(url: string, obj: unknown): Promise<Reply> {
  return fetchText(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(obj) });
}
