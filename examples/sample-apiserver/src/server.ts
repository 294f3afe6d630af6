/**
 * The sample API server: wardle.example.com/v1alpha1 flunders (namespaced) and fischers (cluster-scoped) on memory
 * storage, the BanFlunder admission plugin, and authentication and authorization delegated to the core API server
 * (kube-lite or kube-apiserver), as k8s.io/sample-apiserver's `WardleServerOptions` sets them up.
 */
import { AdmissionChain } from '@apiserver/registry';
import {
  type AuditBackend,
  type AuditPolicy,
  delegatingAuthentication,
  delegatingAuthorizer,
  GenericAPIServer,
  RemoteAPIServerClient,
  type RemoteAPIServerOptions,
} from '@apiserver/server';
import { MemoryBackend } from '@apiserver/storage-memory';
import { BanFlunder } from './admission/ban-flunder.js';
import { newWardleScheme, WARDLE_V1ALPHA1 } from './apis/wardle.js';
import { newFischerStore, newFlunderStore } from './registry/stores.js';

/** How the sample server runs. */
export interface SampleServerOptions {
  /** The core API server that reviews tokens and publishes extension-apiserver-authentication (`--authentication-kubeconfig`). */
  readonly authentication: RemoteAPIServerOptions;
  /** The core API server that reviews permissions (`--authorization-kubeconfig`). */
  readonly authorization: RemoteAPIServerOptions;
  /** HTTPS port (0 = any free port). */
  readonly securePort: number;
  /** Listen address. */
  readonly bindAddress: string;
  /** Where the self-signed serving pair is generated. */
  readonly certDirectory: string;
  /** Whether requests without credentials are `system:anonymous` (reviewed like anyone else) or refused. */
  readonly anonymous: boolean;
  /** Auditing (`--audit-policy-file`, `--audit-log-path`); absent = none. */
  readonly audit?: { readonly policy: AuditPolicy; readonly backend: AuditBackend };
  /** Log lines. */
  readonly log: (message: string) => void;
}

/** A running sample server. */
export interface SampleServer {
  /** Its URLs. */
  readonly urls: readonly string[];
  /** The HTTPS port it listens on (the one chosen when `securePort` was 0). */
  readonly port: number;
  /** Stops it gracefully. */
  stop(): Promise<void>;
}

/** The generic server with delegated authentication and authorization, and auditing when asked. */
async function newGenericServer(o: SampleServerOptions): Promise<GenericAPIServer> {
  const authentication = new RemoteAPIServerClient(o.authentication);
  const authorization = o.authorization === o.authentication ? authentication : new RemoteAPIServerClient(o.authorization);
  return new GenericAPIServer({
    name: 'sample-apiserver',
    authentication: await delegatingAuthentication({ client: authentication, anonymous: o.anonymous, log: o.log }),
    authorization: { authorizer: delegatingAuthorizer({ client: authorization }) },
    ...(o.audit !== undefined && { audit: o.audit }),
    log: o.log,
  });
}

/** Builds the server, reads the core server's authentication settings, and serves HTTPS until stopped. */
export async function startSampleServer(o: SampleServerOptions): Promise<SampleServer> {
  const server = await newGenericServer(o);
  const backend = new MemoryBackend();
  const fischers = newFischerStore(backend);
  server.installAPIGroup({
    prioritizedVersions: [WARDLE_V1ALPHA1],
    versionedResourcesStorageMap: { v1alpha1: { flunders: newFlunderStore(backend), fischers } },
    scheme: newWardleScheme(),
    admission: new AdmissionChain([new BanFlunder(fischers)]),
  });
  const urls = await server.listen({ bindAddress: o.bindAddress, secure: { port: o.securePort, certDirectory: o.certDirectory } });
  return {
    urls,
    port: Number(new URL(urls[0] ?? 'https://127.0.0.1:0').port),
    stop: async () => {
      await server.shutdown();
      backend.close();
    },
  };
}
