/**
 * Test server: a restful Container with core/v1 (configmaps namespaced, namespaces cluster-scoped) and apps/v1
 * (deployments + status) on MemoryRest storages, discovery roots, and the Status service-error handler, on
 * 127.0.0.1 port 0.
 */
import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Container } from '@apiserver/restful';
import { CodecFactory } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { DiscoveryManager } from '../../src/discovery/discovery-manager.js';
import { APIGroupVersion } from '../../src/group-version.js';
import { statusServiceErrorHandler } from '../../src/service-error-handler.js';
import { watchUpgradeHandler } from '../../src/websocket-watch.js';
import { MemoryRest } from '../fixtures/memory-rest.js';

/** One HTTP answer. */
export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
  json(): Record<string, unknown>;
}

/** A running test server. */
export interface TestServer {
  readonly url: string;
  readonly configmaps: MemoryRest;
  readonly namespaces: MemoryRest;
  readonly deployments: MemoryRest;
  readonly codecs: CodecFactory;
  request(method: string, path: string, options?: { body?: string | Uint8Array; headers?: Record<string, string> }): Promise<Reply>;
  close(): Promise<void>;
}

/** Starts the server. */
export async function startTestServer(options: { maxRequestBodyBytes?: number; minRequestTimeoutSeconds?: number } = {}): Promise<TestServer> {
  const scheme = newBuiltinScheme();
  const codecs = new CodecFactory(scheme);
  const configmaps = new MemoryRest({ kind: 'ConfigMap', apiVersion: 'v1', resource: 'configmaps', singular: 'configmap', namespaced: true, shortNames: ['cm'] });
  const namespaces = new MemoryRest({ kind: 'Namespace', apiVersion: 'v1', resource: 'namespaces', singular: 'namespace', namespaced: false, shortNames: ['ns'] });
  const deployments = new MemoryRest({ kind: 'Deployment', apiVersion: 'apps/v1', resource: 'deployments', group: 'apps', singular: 'deployment', namespaced: true, allowCreateOnUpdate: true });
  const container = new Container().serviceErrorHandler(statusServiceErrorHandler(codecs));
  const core = new APIGroupVersion({
    root: '/api',
    groupVersion: { group: '', version: 'v1' },
    storage: { configmaps, namespaces },
    scheme,
    codecs,
    fieldLabels: { Namespace: ['status.phase'] },
    ...options,
  }).installREST(container);
  const apps = new APIGroupVersion({
    root: '/apis',
    groupVersion: { group: 'apps', version: 'v1' },
    storage: { deployments },
    scheme,
    codecs,
    ...options,
  }).installREST(container);
  new DiscoveryManager({ codecs, serverAddress: '10.0.0.1:6443' }).add(core).add(apps).install(container);
  const server: Server = createServer(container.handler());
  server.on('upgrade', watchUpgradeHandler(container));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    configmaps,
    namespaces,
    deployments,
    codecs,
    request: (method, path, opts = {}) =>
      new Promise<Reply>((resolve, reject) => {
        const length = opts.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(opts.body)) };
        const req = httpRequest(`${url}${path}`, { method, headers: { ...length, ...(opts.headers ?? {}) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            const text = body.toString('utf8');
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) as Record<string, unknown> });
          });
        });
        req.on('error', reject);
        if (opts.body !== undefined) req.write(opts.body);
        req.end();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        configmaps.destroy();
        deployments.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
