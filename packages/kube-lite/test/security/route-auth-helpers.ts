/**
 * Helpers of the whole-route-list authentication tests: every route the server installed (go-restful routes with
 * their path parameters filled in, the non-restful mux's listed paths, and the unlisted sub-paths upstream also
 * guards), and one raw HTTP request per route.
 */
import { Agent, request } from 'node:http';
import type { KubeLiteServer } from '../../src/server/kube-lite-server.js';

/** One request to make: a method and a concrete path. */
export interface RouteProbe {
  /** HTTP method. */
  readonly method: string;
  /** Concrete path (parameters substituted). */
  readonly path: string;
}

/** Paths served outside go-restful that `listedPaths` does not list (sub-paths of prefixes, OpenAPI v3 documents). */
const UNLISTED_PATHS = [
  '/healthz/ping',
  '/livez/ping',
  '/readyz/ping',
  '/readyz/shutdown',
  '/openapi/v2',
  '/openapi/v3',
  '/openapi/v3/api/v1',
  '/openapi/v3/apis/apps/v1',
  '/openapi/v3/apis/rbac.authorization.k8s.io/v1',
  '/version',
  '/version/',
  '/no-such-path',
];

const PARAM_VALUES: Readonly<Record<string, string>> = { namespace: 'default', path: 'some/path', subpath: 'x' };

/** Fills `{name}` and `{name:regex}` parameters of a route template with plausible values. */
export function concretePath(template: string): string {
  return template.replace(/\{([^}:]+)(?::[^}]*)?\}/g, (_m, name: string) => PARAM_VALUES[name] ?? `probe-${name}`);
}

/**
 * Every route of the server chain (aggregator, kube API server, apiextensions): each go-restful route once per
 * method, and GET and POST on every non-restful path.
 */
export function installedRoutes(server: KubeLiteServer): RouteProbe[] {
  const { aggregator, kubeAPIServer, apiExtensions } = server.chain;
  const probes = new Map<string, RouteProbe>();
  const add = (method: string, path: string): void => {
    probes.set(`${method} ${path}`, { method, path });
  };
  const servers = [aggregator?.genericAPIServer, kubeAPIServer.genericAPIServer, apiExtensions?.genericAPIServer].filter((s) => s !== undefined);
  for (const server of servers) {
    for (const ws of server.handler.goRestfulContainer.registeredWebServices()) {
      for (const route of ws.routes()) add(route.method, concretePath(route.path));
    }
    // The server's listed paths hold the mux's and every health check's own path (`/readyz/etcd`, …).
    for (const path of [...server.listedPaths(), ...UNLISTED_PATHS]) {
      add('GET', path);
      add('POST', path);
    }
  }
  return [...probes.values()].sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path)));
}

/** The answer to one probe. */
export interface ProbeAnswer {
  /** Status code. */
  readonly status: number;
  /** Content-Type header. */
  readonly contentType: string;
  /** The body as text. */
  readonly text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** Sends one probe over plain HTTP with an optional bearer token and a small JSON body for writes. */
export function probe(url: string, p: RouteProbe, token?: string): Promise<ProbeAnswer> {
  const writes = p.method === 'POST' || p.method === 'PUT' || p.method === 'PATCH';
  const contentType = p.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${p.path}`,
      {
        method: p.method,
        agent,
        timeout: 10_000,
        headers: {
          accept: 'application/json',
          ...(writes && { 'content-type': contentType }),
          ...(token !== undefined && { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${p.method} ${p.path} timed out`)));
    req.on('error', reject);
    req.end(writes ? '{}' : undefined);
  });
}

/** Closes the probes' keep-alive connections. */
export function closeProbeAgent(): void {
  agent.destroy();
}

/** Whether a body carries a JavaScript stack trace or a file location of ours. */
export function leaksStack(text: string): boolean {
  return /\n\s+at .+\(|node:internal|\/work\/|\.ts:\d+|\.js:\d+/.test(text);
}
