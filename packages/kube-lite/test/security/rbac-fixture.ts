/**
 * A kube-lite with `--authorization-mode=RBAC` wired as the lead would wire it (not a test file): token-file users
 * alice (system:masters) and bob, the RBAC provider, the RBAC authorizer over the installed groups, and the
 * bootstrap policy. The requesting user reaches the RBAC stores as `ctx.user`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestContext } from '@apiserver/registry';
import { type APIGroupInfo, type Authorizer, authorizerForModes, type RBACUser } from '@apiserver/server';
import { isRecord } from '../../src/object-fields.js';
import { ensureBootstrapPolicy, rbacModeFor, rbacRESTStorageProvider } from '../../src/registry/rbac/provider.js';
import { defaultRESTStorageProviders } from '../../src/registry/providers.js';
import { KubeLiteServer } from '../../src/server/kube-lite-server.js';
import { defaultKubeLiteOptions } from '../../src/server/options.js';
import type { SharedInformers } from '../../src/server/shared-informers.js';

/** alice's bearer token (group system:masters). */
export const ALICE_TOKEN = 'alice-token';
/** bob's bearer token (no groups beyond system:authenticated). */
export const BOB_TOKEN = 'bob-token';

function userOf(ctx: RequestContext): RBACUser | undefined {
  return ctx.user;
}

/** A running RBAC kube-lite. */
export interface RBACFixture {
  /** The HTTPS URL. */
  readonly url: string;
  /** The installed groups. */
  readonly groups: readonly APIGroupInfo[];
  /** Scratch dir. */
  readonly dir: string;
  /** A kubeconfig using `token`. */
  kubeconfig(token: string): string;
  /** Stops the server and removes the scratch dir. */
  stop(): Promise<void>;
}

/** Starts kube-lite with RBAC authorization (`modes`, default `['RBAC']`) and the bootstrap policy in place. */
export async function startRBACFixture(modes: readonly string[] = ['RBAC']): Promise<RBACFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'kube-lite-rbac-'));
  const tokenAuthFile = join(dir, 'tokens.csv');
  writeFileSync(tokenAuthFile, `${ALICE_TOKEN},alice,alice-uid,system:masters\n${BOB_TOKEN},bob,bob-uid\n`);
  const options = { ...defaultKubeLiteOptions(), port: -1, securePort: 0, certDir: join(dir, 'certs'), tokenAuthFile };
  let serverAuthorizer: Authorizer | undefined;
  let informers: SharedInformers | undefined;
  let groups: readonly APIGroupInfo[] = [];
  try {
    const server = await KubeLiteServer.start({
      options,
      providers: [...defaultRESTStorageProviders(options), rbacRESTStorageProvider({ authorizer: () => serverAuthorizer, userOf })],
      authorizer: (installed) => {
        groups = installed;
        // As kube-lite runs RBAC: over informer caches of the RBAC storages, started with the server.
        const rbac = rbacModeFor(installed);
        informers = rbac.informers;
        serverAuthorizer = authorizerForModes(modes, { RBAC: rbac.authorizer });
        return serverAuthorizer;
      },
      sharedInformers: () => informers,
      log: () => undefined,
      kubeconfigPath: join(dir, 'kubeconfig'),
    });
    await ensureBootstrapPolicy(groups);
    const ca = readFileSync(join(dir, 'certs', 'apiserver.crt')).toString('base64');
    return {
      url: server.url,
      groups,
      dir,
      kubeconfig(token) {
        const path = join(dir, `kubeconfig-${token}`);
        writeFileSync(
          path,
          [
            'apiVersion: v1',
            'kind: Config',
            `clusters:\n- name: kl\n  cluster:\n    server: ${server.url}\n    certificate-authority-data: ${ca}`,
            `users:\n- name: u\n  user:\n    token: ${token}`,
            'contexts:\n- name: kl\n  context:\n    cluster: kl\n    user: u\n    namespace: default',
            'current-context: kl',
            '',
          ].join('\n'),
        );
        return path;
      },
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** One JSON request over HTTPS with an optional bearer token (the self-signed CA is not checked here). */
export async function request(url: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const { request: httpsRequest } = await import('node:https');
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      `${url}${path}`,
      {
        method,
        rejectUnauthorized: false,
        timeout: 10_000,
        headers: { accept: 'application/json', 'content-type': 'application/json', ...(token !== undefined && { authorization: `Bearer ${token}` }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown> = {};
          try {
            const value: unknown = text === '' ? {} : JSON.parse(text);
            parsed = isRecord(value) ? value : { text };
          } catch {
            parsed = { text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
