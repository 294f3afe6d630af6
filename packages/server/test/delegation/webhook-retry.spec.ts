/**
 * Retried TokenReviews and SubjectAccessReviews against a local server that fails first, and the backoff itself
 * (upstream's DefaultAuthWebhookRetryBackoff and DefaultShouldRetry).
 */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import t, { type Test } from 'tap';
import { AuthenticationError } from '../../src/authentication/authenticator.js';
import { TokenReviewAuthenticator } from '../../src/authentication/token-review.js';
import { SubjectAccessReviewAuthorizer } from '../../src/authorization/subject-access-review.js';
import { RemoteAPIServerClient } from '../../src/delegation/remote-client.js';
import { DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, defaultShouldRetry, withExponentialBackoff } from '../../src/delegation/webhook-retry.js';
import { serve } from '../helpers.js';

const FAST = { durationMillis: 1, factor: 1.5, jitter: 0.2, steps: 5 };

/** A server whose first answers are `failures` (a status, a Status body, or 'reset' to drop the connection), then 201 `ok`. */
async function failingFirst(t: Test, failures: ({ status: number; body?: unknown; headers?: Record<string, string> } | 'reset')[], ok: unknown): Promise<{ client: RemoteAPIServerClient; calls: () => number }> {
  let calls = 0;
  const server = await serve(async (req, res) => {
    for await (const _ of req);
    const failure = failures[calls++];
    if (failure === 'reset') {
      req.socket.destroy();
      return;
    }
    if (failure !== undefined) {
      res.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers }).end(JSON.stringify(failure.body ?? {}));
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(ok));
  });
  t.teardown(() => server.close());
  return { client: new RemoteAPIServerClient({ server: server.url }), calls: () => calls };
}

function bearer(token: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.headers.authorization = `Bearer ${token}`;
  return req;
}

const authenticated = { status: { authenticated: true, user: { username: 'dana', groups: ['g'] } } };

t.test('upstream defaults: 500 ms × 1.5 with 20 % jitter, 5 attempts; the waits between them', async (t) => {
  t.same(DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, { durationMillis: 500, factor: 1.5, jitter: 0.2, steps: 5 });
  const waits: number[] = [];
  let calls = 0;
  const failing = async () => {
    calls++;
    return { status: 500, body: {} };
  };
  const answer = await withExponentialBackoff(DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, failing, defaultShouldRetry, {
    random: () => 0.5,
    sleep: async (millis) => void waits.push(millis),
  });
  t.equal(answer.status, 500, 'the last answer once the attempts ran out');
  t.equal(calls, 5);
  t.same(waits.map((w) => Math.round(w * 1000) / 1000), [550, 825, 1237.5, 1856.25], 'duration × 1.5 each time, plus jitter × random');
  const cut: number[] = [];
  let clock = 0;
  await withExponentialBackoff(DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, async () => ({ status: 500, body: {} }), defaultShouldRetry, {
    random: () => 0,
    deadline: 1500,
    now: () => clock,
    sleep: async (millis) => {
      cut.push(millis);
      clock += millis;
    },
  });
  t.same(cut, [500, 750], 'no wait may end after the deadline');
});

t.test('which failures are retried (DefaultShouldRetry)', async (t) => {
  const retried = (status: number, body: unknown = {}, headers: Record<string, string> = {}) => defaultShouldRetry({ response: { status, body, headers } });
  t.same([retried(500), retried(504), retried(429), retried(503), retried(403), retried(404), retried(201)], [true, true, true, false, false, false, false]);
  t.equal(retried(503, {}, { 'retry-after': '1' }), true, 'a Retry-After asks for a retry');
  t.equal(retried(409, { kind: 'Status', reason: 'Conflict', details: { retryAfterSeconds: 2 } }), true, 'so does details.retryAfterSeconds');
  t.equal(retried(500, { kind: 'Status', reason: 'Forbidden' }), false, "a Status's reason wins over the code");
  t.equal(retried(400, { kind: 'Status', reason: 'InternalError' }), true);
  t.equal(defaultShouldRetry({ error: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }), true, 'a reset connection');
  t.equal(defaultShouldRetry({ error: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }), false, 'a refused one is not (upstream checks resets only)');
});

t.test('a TokenReview that fails first (reset, 500, 429) is retried until it answers', async (t) => {
  const { client, calls } = await failingFirst(t, ['reset', { status: 500 }, { status: 429, body: { kind: 'Status', reason: 'TooManyRequests' } }], authenticated);
  const auth = new TokenReviewAuthenticator({ client, retryBackoff: FAST });
  t.same(await auth.authenticateRequest(bearer('good')), { name: 'dana', uid: '', groups: ['g'] });
  t.equal(calls(), 4, 'three failures, then the answer');
  const forbidden = await failingFirst(t, [{ status: 403, body: { kind: 'Status', reason: 'Forbidden' } }], authenticated);
  const refused = new TokenReviewAuthenticator({ client: forbidden.client, retryBackoff: FAST });
  await t.rejects(Promise.resolve().then(() => refused.authenticateRequest(bearer('good'))), new AuthenticationError('webhook: TokenReview failed with status 403'));
  t.equal(forbidden.calls(), 1, 'a 403 is not retried');
  const down = await failingFirst(t, Array.from({ length: 9 }, () => ({ status: 500 })), authenticated);
  const given = new TokenReviewAuthenticator({ client: down.client, retryBackoff: FAST });
  await t.rejects(Promise.resolve().then(() => given.authenticateRequest(bearer('good'))), new AuthenticationError('webhook: TokenReview failed with status 500'));
  t.equal(down.calls(), 5, 'five attempts, then the failure');
});

t.test('a SubjectAccessReview that fails first is retried', async (t) => {
  const { client, calls } = await failingFirst(t, [{ status: 504 }, 'reset'], { status: { allowed: true, reason: 'ok' } });
  const sar = new SubjectAccessReviewAuthorizer({ client, retryBackoff: FAST });
  const decision = await sar.authorize({ user: { name: 'erin', uid: '', groups: [] }, verb: 'get', isResourceRequest: false, path: '/x', namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' });
  t.same(decision, { decision: 'Allow', reason: 'ok' });
  t.equal(calls(), 3);
});
