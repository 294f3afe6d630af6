/**
 * The sample API server: wardle.example.com/v1alpha1 flunders (namespaced) and fischers (cluster-scoped) on memory
 * storage, the BanFlunder admission plugin, and authentication and authorization delegated to the core API server
 * (kube-lite or kube-apiserver), as k8s.io/sample-apiserver's `WardleServerOptions` sets them up.
 */
import { AdmissionChain, type ApiObject, GenericStrategy, Store } from '@apiserver/registry';
import { delegatingAuthentication, delegatingAuthorizer, GenericAPIServer, RemoteAPIServerClient, type RemoteAPIServerOptions } from '@apiserver/server';
import { MemoryBackend } from '@apiserver/storage-memory';
import { BanFlunder } from './admission/ban-flunder.js';
import { newWardleScheme, WARDLE_V1ALPHA1 } from './apis/wardle.js';

/** How the sample server runs. */
export interface SampleServerOptions {
  /** The core API server that reviews tokens and permissions and publishes extension-apiserver-authentication. */
  readonly remote: RemoteAPIServerOptions;
  /** HTTPS port (0 = any free port). */
  readonly securePort: number;
  /** Listen address. */
  readonly bindAddress: string;
  /** Where the self-signed serving pair is generated. */
  readonly certDirectory: string;
  /** Whether requests without credentials are `system:anonymous` (reviewed like anyone else) or refused. */
  readonly anonymous: boolean;
  /** Log lines. */
  readonly log: (message: string) => void;
}

/** A running sample server. */
export interface SampleServer {
  /** Its URLs. */
  readonly urls: readonly string[];
  /** Stops it gracefully. */
  stop(): Promise<void>;
}

function newStore(backend: MemoryBackend, resource: string, kind: string, namespaceScoped: boolean, shortNames: string[]): Store {
  const strategy = new GenericStrategy({ namespaceScoped });
  return new Store({
    newObject: () => ({ apiVersion: 'wardle.example.com/v1alpha1', kind, metadata: {} }),
    newList: () => ({ apiVersion: 'wardle.example.com/v1alpha1', kind: `${kind}List`, metadata: {}, items: [] }),
    defaultQualifiedResource: { group: WARDLE_V1ALPHA1.group, resource },
    singularQualifiedResource: { group: WARDLE_V1ALPHA1.group, resource: kind.toLowerCase() },
    storage: backend.storage<ApiObject>(),
    resourcePrefix: `/wardle.example.com/${resource}`,
    strategies: { create: strategy, update: strategy, delete: strategy },
    shortNames,
  });
}

/** Builds the server, reads the core server's authentication settings, and serves HTTPS. */
export async function startSampleServer(o: SampleServerOptions): Promise<SampleServer> {
  const client = new RemoteAPIServerClient(o.remote);
  const server = new GenericAPIServer({
    name: 'sample-apiserver',
    authentication: await delegatingAuthentication({ client, anonymous: o.anonymous, log: o.log }),
    authorization: { authorizer: delegatingAuthorizer({ client }) },
    log: o.log,
  });
  const backend = new MemoryBackend();
  const flunders = newStore(backend, 'flunders', 'Flunder', true, ['fl']);
  const fischers = newStore(backend, 'fischers', 'Fischer', false, []);
  server.installAPIGroup({
    prioritizedVersions: [WARDLE_V1ALPHA1],
    versionedResourcesStorageMap: { v1alpha1: { flunders, fischers } },
    scheme: newWardleScheme(),
    admission: new AdmissionChain([new BanFlunder(fischers)]),
  });
  const urls = await server.listen({ bindAddress: o.bindAddress, secure: { port: o.securePort, certDirectory: o.certDirectory } });
  return {
    urls,
    stop: async () => {
      await server.shutdown();
      backend.close();
    },
  };
}
