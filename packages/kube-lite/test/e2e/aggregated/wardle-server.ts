/**
 * The aggregated API server a user would write with these packages (k8s.io/sample-apiserver): a GenericAPIServer
 * serving wardle.example.com/v1alpha1 flunders over HTTPS (a self-signed pair), delegating authentication and
 * authorization to kube-lite as sample-apiserver does to kube-apiserver: the front proxy's CA and headers from
 * kube-lite's kube-system/extension-apiserver-authentication ConfigMap, bearer tokens by TokenReview, every
 * decision by SubjectAccessReview (system:masters and the health paths excepted). Anonymous requests are refused.
 * It records who asked.
 */
import { type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { addMetaKinds, addMetaToGroupVersion, kindStruct, ListMetaSchema, ObjectMetaSchema, optionalField, requiredField, Scheme, struct } from '@apiserver/runtime';
import {
  type Authorizer,
  delegatingAuthentication,
  delegatingAuthorizer,
  GenericAPIServer,
  RemoteAPIServerClient,
  type RemoteAPIServerOptions,
} from '@apiserver/server';
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

/** A running wardle server. */
export interface WardleServer {
  /** Its HTTPS port on 127.0.0.1. */
  readonly port: number;
  /** `user|group,group` of every request, in order. */
  readonly seen: string[];
  /** Stops it. */
  stop(): Promise<void>;
}

/**
 * Starts the wardle server on a free 127.0.0.1 HTTPS port, its self-signed pair in `certDirectory`, delegating to
 * the API server `remote` names (whose credentials may create TokenReviews and SubjectAccessReviews and read the
 * ConfigMap).
 */
export async function startWardleServer(certDirectory: string, remote: RemoteAPIServerOptions): Promise<WardleServer> {
  const seen: string[] = [];
  const client = new RemoteAPIServerClient(remote);
  const delegated = delegatingAuthorizer({ client });
  const recorder: Authorizer = {
    authorize(attributes) {
      seen.push(`${attributes.user?.name ?? ''}|${(attributes.user?.groups ?? []).join(',')}`);
      return delegated.authorize(attributes);
    },
  };
  const authentication = await delegatingAuthentication({ client, anonymous: false });
  const server = new GenericAPIServer({ authentication, authorization: { authorizer: recorder }, log: () => undefined });
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
