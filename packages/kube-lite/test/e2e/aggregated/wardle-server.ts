/**
 * The aggregated API server a user would write with these packages (k8s.io/sample-apiserver): a GenericAPIServer
 * serving wardle.example.com/v1alpha1 flunders over HTTPS (a self-signed pair), trusting the aggregator's
 * X-Remote-User / X-Remote-Group headers and recording who asked.
 */
import type { IncomingMessage } from 'node:http';
import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { addMetaKinds, addMetaToGroupVersion, kindStruct, ListMetaSchema, ObjectMetaSchema, optionalField, requiredField, Scheme, struct } from '@apiserver/runtime';
import { type Authorizer, GenericAPIServer, type RequestAuthenticator } from '@apiserver/server';
import { MemoryBackend } from '@apiserver/storage-memory';
import { Type } from 'typebox';

const WARDLE = 'io.k8s.sample-apiserver.pkg.apis.wardle.v1alpha1';
const V1ALPHA1 = { group: 'wardle.example.com', version: 'v1alpha1' } as const;

const FlunderSchema = kindStruct(`${WARDLE}.Flunder`, { ...V1ALPHA1, kind: 'Flunder' }, 'A flunder.', {
  metadata: optionalField(1, ObjectMetaSchema, 'Standard object metadata.'),
  spec: optionalField(2, struct(`${WARDLE}.FlunderSpec`, 'The spec.', { reference: optionalField(1, Type.String(), 'Another flunder.') }), 'The spec.'),
});
const FlunderListSchema = kindStruct(`${WARDLE}.FlunderList`, { ...V1ALPHA1, kind: 'FlunderList' }, 'A list of flunders.', {
  metadata: optionalField(1, ListMetaSchema, 'Standard list metadata.'),
  items: requiredField(2, Type.Array(FlunderSchema), 'The flunders.'),
});

/** X-Remote-User / X-Remote-Group → the user (requestheader authentication). */
const requestHeaderAuthenticator: RequestAuthenticator = {
  authenticateRequest(request: IncomingMessage) {
    const name = request.headers['x-remote-user'];
    if (typeof name !== 'string' || name === '') return undefined;
    const groups = request.headers['x-remote-group'];
    return { name, uid: '', groups: groups === undefined ? [] : Array.isArray(groups) ? groups : [groups] };
  },
};

/** A running wardle server. */
export interface WardleServer {
  /** Its HTTPS port on 127.0.0.1. */
  readonly port: number;
  /** `user|group,group` of every request, in order. */
  readonly seen: string[];
  /** Stops it. */
  stop(): Promise<void>;
}

/** Starts the wardle server on a free 127.0.0.1 HTTPS port, its self-signed pair in `certDirectory`. */
export async function startWardleServer(certDirectory: string): Promise<WardleServer> {
  const seen: string[] = [];
  const recorder: Authorizer = {
    authorize(attributes) {
      seen.push(`${attributes.user?.name ?? ''}|${(attributes.user?.groups ?? []).join(',')}`);
      return { decision: 'Allow', reason: '' };
    },
  };
  const server = new GenericAPIServer({ authentication: { authenticators: [requestHeaderAuthenticator], anonymous: false }, authorization: { authorizer: recorder }, log: () => undefined });
  const scheme = addMetaKinds(new Scheme('wardle-server'));
  addMetaToGroupVersion(scheme, V1ALPHA1);
  scheme.addKnownTypes(FlunderSchema, FlunderListSchema);
  const backend = new MemoryBackend();
  const strategy = new GenericStrategy({ namespaceScoped: true });
  const flunders = new Store({
    newObject: () => ({ apiVersion: 'wardle.example.com/v1alpha1', kind: 'Flunder', metadata: {} }),
    newList: () => ({ apiVersion: 'wardle.example.com/v1alpha1', kind: 'FlunderList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: V1ALPHA1.group, resource: 'flunders' },
    singularQualifiedResource: { group: V1ALPHA1.group, resource: 'flunder' },
    storage: backend.storage<ApiObject>(),
    resourcePrefix: '/wardle.example.com/flunders',
    strategies: { create: strategy, update: strategy, delete: strategy },
    shortNames: ['fl'],
  });
  server.installAPIGroup({ prioritizedVersions: [V1ALPHA1], versionedResourcesStorageMap: { v1alpha1: { flunders } }, scheme });
  const [url = ''] = await server.listen({ bindAddress: '127.0.0.1', secure: { port: 0, certDirectory } });
  return {
    port: Number(new URL(url).port),
    seen,
    stop: async () => {
      await server.shutdown();
      backend.close();
    },
  };
}
