/**
 * The sample aggregated API server a user would write with these packages (k8s.io/sample-apiserver): a
 * GenericAPIServer serving wardle.example.com/v1alpha1 flunders on memory storage, trusting the front proxy's
 * X-Remote-User / X-Remote-Group headers (the requestheader authenticator) and recording who asked.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { type Authorizer, GenericAPIServer, type RequestAuthenticator, type UserInfo } from '@apiserver/server';
import { MemoryBackend } from '@apiserver/storage-memory';
import { newWardleScheme, WARDLE_V1ALPHA1 } from './wardle.js';

/** `X-Remote-User` / `X-Remote-Group` → the user (the proxy's client certificate is not checked here: plain HTTP). */
export const requestHeaderAuthenticator: RequestAuthenticator = {
  authenticateRequest(request: IncomingMessage): UserInfo | undefined {
    const name = request.headers['x-remote-user'];
    if (typeof name !== 'string' || name === '') return undefined;
    const groups = request.headers['x-remote-group'];
    const list = groups === undefined ? [] : Array.isArray(groups) ? groups : groups.split(',').map((g) => g.trim());
    return { name, uid: '', groups: list };
  },
};

/** A running sample server. */
export interface SampleAPIServer {
  /** Its URL. */
  readonly url: string;
  /** Every request's user name and groups, in order (`name|group,group`). */
  readonly seen: string[];
  /** Stops it. */
  stop(): Promise<void>;
}

/** A front proxy the server verifies: over TLS (a self-signed pair in `certDirectory`), its CA signs the proxy's certificate. */
export interface VerifiedFrontProxy {
  /** PEM CA of the proxy's client certificate. */
  readonly clientCA: string;
  /** Where the serving pair is generated. */
  readonly certDirectory: string;
}

/**
 * Starts the sample server on 127.0.0.1 (port 0 = any free port): plain HTTP believing the headers of anyone, or,
 * given a `frontProxy`, HTTPS believing them only from the proxy's certificate (anonymous requests refused).
 */
export async function startSampleAPIServer(port = 0, frontProxy?: VerifiedFrontProxy): Promise<SampleAPIServer> {
  const seen: string[] = [];
  const recorder: Authorizer = {
    authorize(attributes) {
      seen.push(`${attributes.user?.name ?? ''}|${(attributes.user?.groups ?? []).join(',')}`);
      return { decision: 'Allow', reason: '' };
    },
  };
  const server = new GenericAPIServer({
    authentication: frontProxy === undefined ? { authenticators: [requestHeaderAuthenticator] } : { requestHeader: { clientCA: frontProxy.clientCA }, anonymous: false },
    authorization: { authorizer: recorder },
    log: () => undefined,
    watchTerminationGraceMillis: 50,
    shutdownTimeoutMillis: 1000,
  });
  const backend = new MemoryBackend();
  const strategy = new GenericStrategy({ namespaceScoped: true, statusField: 'status' });
  const flunders = new Store({
    newObject: () => ({ apiVersion: 'wardle.example.com/v1alpha1', kind: 'Flunder', metadata: {} }),
    newList: () => ({ apiVersion: 'wardle.example.com/v1alpha1', kind: 'FlunderList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: WARDLE_V1ALPHA1.group, resource: 'flunders' },
    singularQualifiedResource: { group: WARDLE_V1ALPHA1.group, resource: 'flunder' },
    storage: backend.storage<ApiObject>(),
    resourcePrefix: '/wardle.example.com/flunders',
    strategies: { create: strategy, update: strategy, delete: strategy },
    shortNames: ['fl'],
  });
  server.installAPIGroup({ prioritizedVersions: [WARDLE_V1ALPHA1], versionedResourcesStorageMap: { v1alpha1: { flunders } }, scheme: newWardleScheme() });
  const serving = frontProxy === undefined ? { port } : { secure: { port, certDirectory: frontProxy.certDirectory } };
  const [url = ''] = await server.listen({ ...serving, bindAddress: '127.0.0.1' });
  return {
    url,
    seen,
    stop: async () => {
      await server.shutdown();
      backend.close();
    },
  };
}
