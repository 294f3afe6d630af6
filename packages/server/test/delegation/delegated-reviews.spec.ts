/** TokenReview authentication and SubjectAccessReview authorization against a fake remote API server, with their caches. */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import t, { type Test } from 'tap';
import { AuthenticationError } from '../../src/authentication/authenticator.js';
import { TokenReviewAuthenticator } from '../../src/authentication/token-review.js';
import type { Attributes } from '../../src/authorization/authorizer.js';
import { SubjectAccessReviewAuthorizer, subjectAccessReviewSpec } from '../../src/authorization/subject-access-review.js';
import { delegatingAuthorizer } from '../../src/delegation/delegating-authorization.js';
import { RemoteAPIServerClient } from '../../src/delegation/remote-client.js';
import { DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF } from '../../src/delegation/webhook-retry.js';
import { serve } from '../helpers.js';

interface Seen {
  path: string;
  authorization: string;
  body: Record<string, unknown>;
}

/** A remote server answering with `answer(body)`; records each request. */
async function remote(t: Test, answer: (path: string, body: Record<string, unknown>) => { status: number; body: unknown }): Promise<{ client: RemoteAPIServerClient; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = await serve(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const body = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization ?? '', body });
    const a = answer(req.url ?? '', body);
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
  });
  t.teardown(() => server.close());
  return { client: new RemoteAPIServerClient({ server: server.url, token: 'reviewer-token' }), seen };
}

function bearer(token: string | undefined): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  if (token !== undefined) req.headers.authorization = `Bearer ${token}`;
  return req;
}

t.test('TokenReview: users, failures, errors and the cache', async (t) => {
  const { client, seen } = await remote(t, (_path, body) => {
    const token = (body.spec as { token: string }).token;
    if (token === 'good') return { status: 201, body: { status: { authenticated: true, user: { username: 'dana', uid: 'u1', groups: ['g'], extra: { k: ['v'] } } } } };
    if (token === 'broken') return { status: 201, body: { status: { authenticated: false, error: 'token expired' } } };
    if (token === 'down') return { status: 500, body: {} };
    return { status: 201, body: { status: { authenticated: false } } };
  });
  let now = 1_000_000;
  // One attempt per review: the retries have their own test (webhook-retry.spec.ts).
  const auth = new TokenReviewAuthenticator({ client, now: () => now, retryBackoff: { ...DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, steps: 1 } });
  t.equal(auth.authenticateRequest(bearer(undefined)), undefined, 'no token: no opinion, no review');
  t.same(await auth.authenticateRequest(bearer('good')), { name: 'dana', uid: 'u1', groups: ['g'], extra: { k: ['v'] } });
  t.same(seen[0], { path: '/apis/authentication.k8s.io/v1/tokenreviews', authorization: 'Bearer reviewer-token', body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: 'good' } } });
  t.same(auth.authenticateRequest(bearer('good')), { name: 'dana', uid: 'u1', groups: ['g'], extra: { k: ['v'] } }, 'answered from the cache, synchronously');
  await t.rejects(Promise.resolve().then(() => auth.authenticateRequest(bearer('bad'))), new AuthenticationError('invalid bearer token'));
  t.throws(() => auth.authenticateRequest(bearer('bad')), new AuthenticationError('invalid bearer token'), 'the failure is cached too');
  await t.rejects(Promise.resolve().then(() => auth.authenticateRequest(bearer('broken'))), new AuthenticationError('token expired'));
  await t.rejects(Promise.resolve().then(() => auth.authenticateRequest(bearer('broken'))), new AuthenticationError('token expired'), 'an answer with an error is asked again');
  await t.rejects(Promise.resolve().then(() => auth.authenticateRequest(bearer('down'))), new AuthenticationError('webhook: TokenReview failed with status 500'));
  t.equal(seen.length, 5, 'good, bad, broken twice, down');
  now += 10_000;
  await auth.authenticateRequest(bearer('good'));
  t.equal(seen.length, 6, 'asked again once the 10 s TTL passed');
});

const attributes = (over: Partial<Attributes>): Attributes => ({
  user: { name: 'erin', uid: 'u2', groups: ['devs', 'system:authenticated'] },
  verb: 'list',
  isResourceRequest: true,
  path: '/apis/wardle.example.com/v1alpha1/namespaces/ns/flunders',
  namespace: 'ns',
  apiGroup: 'wardle.example.com',
  apiVersion: 'v1alpha1',
  resource: 'flunders',
  subresource: '',
  name: '',
  ...over,
});

t.test('SubjectAccessReview: the review, the decisions and the cache', async (t) => {
  const { client, seen } = await remote(t, (_path, body) => {
    const spec = body.spec as { user?: string; nonResourceAttributes?: unknown };
    if (spec.user === 'erin') return { status: 201, body: { status: { allowed: true, reason: 'RBAC: allowed by RoleBinding' } } };
    if (spec.user === 'frank') return { status: 201, body: { status: { allowed: false, denied: true, reason: 'no' } } };
    if (spec.user === 'gone') return { status: 503, body: {} };
    return { status: 201, body: { status: { allowed: false } } };
  });
  let now = 0;
  const sar = new SubjectAccessReviewAuthorizer({ client, now: () => now, authorizedTTLMillis: 5000, unauthorizedTTLMillis: 1000 });
  t.same(await sar.authorize(attributes({})), { decision: 'Allow', reason: 'RBAC: allowed by RoleBinding' });
  t.same(seen[0]?.body, {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SubjectAccessReview',
    spec: {
      resourceAttributes: { namespace: 'ns', verb: 'list', group: 'wardle.example.com', version: 'v1alpha1', resource: 'flunders' },
      user: 'erin',
      groups: ['devs', 'system:authenticated'],
      uid: 'u2',
    },
  });
  t.same(sar.authorize(attributes({})), { decision: 'Allow', reason: 'RBAC: allowed by RoleBinding' }, 'cached: a synchronous answer');
  const frank = attributes({ user: { name: 'frank', uid: '', groups: [] } });
  t.same(await sar.authorize(frank), { decision: 'Deny', reason: 'no' });
  t.same(await sar.authorize(attributes({ user: { name: 'nobody', uid: '', groups: [] } })), { decision: 'NoOpinion', reason: '' });
  await t.rejects(Promise.resolve(sar.authorize(attributes({ user: { name: 'gone', uid: '', groups: [] } }))), /SubjectAccessReview failed with status 503/);
  t.equal(seen.length, 4);
  now = 2000;
  sar.authorize(attributes({}));
  await sar.authorize(frank);
  t.equal(seen.length, 5, 'the denial expired after 1 s, the allowance lives 5 s');
  t.same(subjectAccessReviewSpec(attributes({ isResourceRequest: false, path: '/metrics', verb: 'get', user: undefined })), { nonResourceAttributes: { path: '/metrics', verb: 'get' } });
});

t.test('delegating authorizer: privileged groups and health paths without a review', async (t) => {
  const { client, seen } = await remote(t, () => ({ status: 201, body: { status: { allowed: false, reason: 'not in RBAC' } } }));
  const authorizer = delegatingAuthorizer({ client });
  t.same(await authorizer.authorize(attributes({ user: { name: 'root', uid: '', groups: ['system:masters'] } })), { decision: 'Allow', reason: '' });
  for (const path of ['/healthz', '/readyz', '/livez']) {
    t.same(await authorizer.authorize(attributes({ isResourceRequest: false, path, verb: 'get', user: { name: 'system:anonymous', uid: '', groups: ['system:unauthenticated'] } })), { decision: 'Allow', reason: '' }, path);
  }
  t.equal(seen.length, 0, 'no review asked');
  t.same(await authorizer.authorize(attributes({ isResourceRequest: false, path: '/healthz/etcd', verb: 'get' })), { decision: 'NoOpinion', reason: 'not in RBAC' }, 'only the exact paths');
  const prefixed = delegatingAuthorizer({ alwaysAllowPaths: ['/debug/*'], alwaysAllowGroups: [] });
  t.same(await prefixed.authorize(attributes({ isResourceRequest: false, path: '/debug/pprof/heap', verb: 'get' })), { decision: 'Allow', reason: '' });
  t.same(await prefixed.authorize(attributes({ user: { name: 'root', uid: '', groups: ['system:masters'] } })), { decision: 'NoOpinion', reason: '' }, 'groups cleared: no exemption');
  t.throws(() => delegatingAuthorizer({ alwaysAllowPaths: ['/a*b'] }), /only trailing \* allowed/);
});

t.test('TokenReview with API audiences: asked for them; a token for none of them is not authenticated, without an error', async (t) => {
  const { client, seen } = await remote(t, (_path, body) => {
    const token = (body.spec as { token: string }).token;
    const user = { username: 'dana', uid: 'u1', groups: ['g'] };
    if (token === 'for-api') return { status: 201, body: { status: { authenticated: true, user, audiences: ['api'] } } };
    if (token === 'for-vault') return { status: 201, body: { status: { authenticated: true, user, audiences: ['vault'] } } };
    if (token === 'no-audiences') return { status: 201, body: { status: { authenticated: true, user } } };
    return { status: 201, body: { status: { authenticated: false, error: 'token expired', audiences: ['vault'] } } };
  });
  const auth = new TokenReviewAuthenticator({ client, audiences: ['api', 'other'], retryBackoff: { ...DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, steps: 1 } });
  t.same(await auth.authenticateRequest(bearer('for-api')), { name: 'dana', uid: 'u1', groups: ['g'] });
  t.same(seen[0]?.body, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: 'for-api', audiences: ['api', 'other'] } });
  await t.rejects(Promise.resolve().then(() => auth.authenticateRequest(bearer('for-vault'))), new AuthenticationError('invalid bearer token'), 'no audience in common');
  t.same(await auth.authenticateRequest(bearer('no-audiences')), { name: 'dana', uid: 'u1', groups: ['g'] }, 'an answer naming no audiences is for the ones asked');
  await t.rejects(Promise.resolve().then(() => auth.authenticateRequest(bearer('expired-for-vault'))), new AuthenticationError('invalid bearer token'), 'the audiences are judged before the error');
});
