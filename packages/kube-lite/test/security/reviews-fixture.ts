/**
 * A kube-lite with token-file users, service account tokens, the authorization.k8s.io and
 * authentication.k8s.io providers and a small rule-based authorizer, for the review and token tests.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Attributes, Authorization, Authorizer, AuthorizerRuleResolver, RulesInfo, UserInfo } from '@apiserver/server';
import { authenticationRESTStorageProvider } from '../../src/registry/authentication/provider.js';
import { ServiceAccountTokens, withServiceAccountTokenRequest, type ServiceAccountTokenOptions } from '../../src/registry/authentication/service-account-tokens.js';
import { AuthorizerReference } from '../../src/registry/authorization/authorizer-reference.js';
import { authorizationRESTStorageProvider } from '../../src/registry/authorization/provider.js';
import { defaultRESTStorageProviders } from '../../src/registry/providers.js';
import { KubeLiteServer } from '../../src/server/kube-lite-server.js';
import { defaultKubeLiteOptions } from '../../src/server/options.js';

/** Bearer tokens of the token file. */
export const ADMIN_TOKEN = 'admin-token';
/** A user with the review rules only, plus `get`/`list` of configmaps in `default`. */
export const BOB_TOKEN = 'bob-token';

const REVIEWS = ['selfsubjectaccessreviews', 'selfsubjectrulesreviews', 'selfsubjectreviews'];

/**
 * The test authorizer: `system:masters` may do anything; everybody may create the self reviews; bob and
 * service accounts may get and list configmaps in `default`; `secrets` are explicitly denied to bob.
 */
export class TestAuthorizer implements Authorizer, AuthorizerRuleResolver {
  /** Decides by the rules above. */
  authorize(a: Attributes): Authorization {
    const user = a.user;
    if (user?.groups.includes('system:masters') === true) return { decision: 'Allow', reason: 'master' };
    if (a.verb === 'create' && REVIEWS.includes(a.resource)) return { decision: 'Allow', reason: 'reviews' };
    if (user?.name === 'bob' && a.resource === 'secrets') return { decision: 'Deny', reason: 'no secrets for bob' };
    const reader = user?.name === 'bob' || user?.groups.includes('system:serviceaccounts') === true;
    if (reader && a.namespace === 'default' && a.resource === 'configmaps' && (a.verb === 'get' || a.verb === 'list')) {
      return { decision: 'Allow', reason: 'reader' };
    }
    return { decision: 'NoOpinion', reason: '' };
  }

  /** The same rules as a list. */
  rulesInfoFor(user: UserInfo, namespace: string): RulesInfo {
    if (user.groups.includes('system:masters')) {
      return { resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], resourceNames: [] }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }], incomplete: false };
    }
    const reviews = [
      { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], resourceNames: [] },
      { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'], resourceNames: [] },
    ];
    const reads = namespace === 'default' ? [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'], resourceNames: [] }] : [];
    return { resourceRules: [...reviews, ...reads], nonResourceRules: [], incomplete: false };
  }
}

/** A running kube-lite for the security tests. */
export interface SecurityFixture {
  /** Base URL. */
  readonly url: string;
  /** Kubeconfig with the admin token over HTTPS (kubectl sends bearer tokens only over TLS). */
  readonly kubeconfigPath: string;
  /** Scratch dir (kubectl cache). */
  readonly dir: string;
  /** The token configuration in use. */
  readonly tokens: ServiceAccountTokens;
  /** Stops the server and removes the scratch dir. */
  stop(): Promise<void>;
}

/** Starts kube-lite with the reviews and service account tokens wired as the lead would wire them. */
export async function startSecurityFixture(tokenOptions: Omit<ServiceAccountTokenOptions, 'keyDirectory'> = {}): Promise<SecurityFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'kube-lite-security-'));
  const tokenAuthFile = join(dir, 'tokens.csv');
  writeFileSync(tokenAuthFile, `${ADMIN_TOKEN},admin,admin-uid,system:masters\n${BOB_TOKEN},bob,bob-uid,developers\n`);
  const options = { ...defaultKubeLiteOptions(), port: 0, securePort: 0, certDir: join(dir, 'certs'), tokenAuthFile, anonymousAuth: false };
  const tokens = ServiceAccountTokens.load({ ...tokenOptions, keyDirectory: join(dir, 'certs') });
  const ref = new AuthorizerReference();
  const [legacy, ...rest] = defaultRESTStorageProviders(options);
  if (legacy === undefined) throw new Error('no core provider');
  const authorizer = new TestAuthorizer();
  try {
    const server = await KubeLiteServer.start({
      options,
      providers: [
        withServiceAccountTokenRequest(legacy, tokens),
        ...rest,
        authorizationRESTStorageProvider(ref),
        authenticationRESTStorageProvider({ tokenReview: { checker: tokens.tokenChecker(), apiAudiences: tokens.apiAudiences } }),
      ],
      authorizer: () => ref.bind(authorizer, authorizer),
      authenticators: (groups) => tokens.authenticators(groups),
      log: () => undefined,
      kubeconfigPath: join(dir, 'kubeconfig'),
    });
    const https = server.urls.find((u) => u.startsWith('https:')) ?? '';
    const kubeconfigPath = join(dir, 'kubeconfig-https');
    writeFileSync(kubeconfigPath, httpsKubeconfig(https, readFileSync(join(dir, 'certs', 'apiserver.crt'))));
    return {
      url: server.url,
      kubeconfigPath,
      dir,
      tokens,
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

function httpsKubeconfig(server: string, ca: Buffer): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    `- name: kl\n  cluster:\n    server: ${server}\n    certificate-authority-data: ${ca.toString('base64')}`,
    'users:',
    `- name: admin\n  user:\n    token: ${ADMIN_TOKEN}`,
    'contexts:',
    '- name: kl\n  context:\n    cluster: kl\n    user: admin\n    namespace: default',
    'current-context: kl',
    '',
  ].join('\n');
}

/** A JSON request with a bearer token; resolves to the status code and parsed body. */
export async function call(url: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}
