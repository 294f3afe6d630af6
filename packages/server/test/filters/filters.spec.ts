import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import t from 'tap';
import type { RequestAuthenticator } from '../../src/authentication/authenticator.js';
import { TokenFileAuthenticator, parseTokenFile } from '../../src/authentication/token-file.js';
import { newRequestAuthenticator } from '../../src/authentication/union.js';
import {
  type Authorizer,
  AuthorizationModeError,
  alwaysAllowAuthorizer,
  alwaysDenyAuthorizer,
  attributesFor,
  authorizerForModes,
  unionAuthorizer,
} from '../../src/authorization/authorizer.js';
import { withAuthentication } from '../../src/filters/authentication.js';
import { withAuthorization } from '../../src/filters/authorization.js';
import { basicLongRunningRequestCheck } from '../../src/filters/long-running.js';
import { withMaxInFlightLimit } from '../../src/filters/max-in-flight.js';
import { PANIC_MESSAGE, withPanicRecovery } from '../../src/filters/panic-recovery.js';
import { TIMEOUT_MESSAGE, withRequestDeadline } from '../../src/filters/request-deadline.js';
import { withRequestInfo } from '../../src/filters/request-info.js';
import type { Handler } from '../../src/handler.js';
import { RequestMetrics } from '../../src/metrics/request-metrics.js';
import { requestInfoFrom, requestReceivedTimestamp, requestSignal, userFrom } from '../../src/request/context.js';
import { RequestInfoFactory } from '../../src/request/request-info.js';
import { fetchText, json, serve } from '../helpers.js';

const factory = new RequestInfoFactory();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const ok: Handler = (_req, res) => {
  res.end('done');
};

t.test('panic recovery', async (t) => {
  const logged: string[] = [];
  const handler = withPanicRecovery(
    (req, res) => {
      if (req.url === '/sync') throw new Error('boom at secret/place.ts');
      if (req.url === '/started') {
        res.writeHead(200);
        res.write('partial');
        throw new Error('late');
      }
      if (req.url === '/fine') return ok(req, res);
      return Promise.reject(new Error('async boom'));
    },
    (message) => logged.push(message),
  );
  const s = await serve(handler);
  t.teardown(s.close);
  for (const path of ['/sync', '/async']) {
    const reply = await fetchText(`${s.url}${path}`);
    t.equal(reply.status, 500, path);
    // Go's http.Error, as upstream's WithPanicRecovery answers: plain text, not a Status.
    t.equal(reply.headers['content-type'], 'text/plain; charset=utf-8');
    t.equal(reply.headers['x-content-type-options'], 'nosniff');
    t.equal(reply.body, 'This request caused apiserver to panic. Look in the logs for details.\n');
    t.equal(reply.body, `${PANIC_MESSAGE}\n`);
    t.notMatch(reply.body, /boom|at /);
  }
  await t.rejects(fetchText(`${s.url}/started`));
  t.equal((await fetchText(`${s.url}/fine`)).body, 'done');
  t.equal(logged.length, 3);
});

t.test('request info', async (t) => {
  let seen: unknown;
  const s = await serve(
    withRequestInfo((req, res) => {
      seen = requestInfoFrom(req);
      res.end();
    }, factory),
  );
  t.teardown(s.close);
  await fetchText(`${s.url}/api/v1/namespaces/ns/pods/p?x=1`);
  t.match(seen, { verb: 'get', namespace: 'ns', resource: 'pods', name: 'p', isResourceRequest: true });
  // Upstream answers a plain-text 500; a path the client got wrong is a 400 Status here (issue 19).
  const bad = await fetchText(`${s.url}/api/v1/watch`);
  t.equal(bad.status, 400);
  t.equal(bad.headers['content-type'], 'application/json');
  t.match(JSON.parse(bad.body), {
    kind: 'Status',
    reason: 'BadRequest',
    code: 400,
    message: 'failed to create RequestInfo: unable to determine kind and namespace from url, /api/v1/watch',
  });
});

t.test('request deadline and timeout', async (t) => {
  const aborted: string[] = [];
  const slow: Handler = async (req, res) => {
    const signal = requestSignal(req);
    signal?.addEventListener('abort', () => aborted.push(req.url ?? ''));
    if (req.url?.includes('started') === true) res.write('x');
    await sleep(req.url?.includes('watch') === true ? 150 : 300);
    res.end('late');
  };
  const s = await serve(withRequestInfo(withRequestDeadline(slow, { requestTimeoutMillis: 100 }), factory));
  t.teardown(s.close);

  const timedOut = await fetchText(`${s.url}/api/v1/pods?timeout=30ms`);
  t.equal(timedOut.status, 504);
  t.same(json(timedOut), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `Timeout: ${TIMEOUT_MESSAGE}`,
    reason: 'Timeout',
    details: {},
    code: 504,
  });
  const byDefault = await fetchText(`${s.url}/healthz`);
  t.equal(byDefault.status, 504, 'the server timeout applies without ?timeout');
  const capped = await fetchText(`${s.url}/api/v1/pods?timeout=1h`);
  t.equal(capped.status, 504, 'a longer ?timeout is capped');

  const bad = await fetchText(`${s.url}/api/v1/pods?timeout=abc`);
  t.equal(bad.status, 400);
  t.equal(json(bad).message, 'invalid timeout specified in the request URL - time: invalid duration "abc"');
  t.equal(json(bad).reason, 'BadRequest');

  const watch = await fetchText(`${s.url}/api/v1/pods?watch=true&timeout=10ms`);
  t.equal(watch.status, 200, 'watch is exempt');
  t.equal(watch.body, 'late');
  await t.rejects(fetchText(`${s.url}/api/v1/pods?started=1&timeout=20ms`), 'a started response is cut');
  await sleep(300);
  t.ok(aborted.includes('/api/v1/pods?timeout=30ms'), 'the handler signal aborted');
  t.notOk(aborted.some((u) => u.includes('watch')));

  const quick = await serve(withRequestInfo(withRequestDeadline(ok), factory));
  t.teardown(quick.close);
  t.equal((await fetchText(`${quick.url}/api/v1/pods?timeout=5s`)).body, 'done');
  const noInfo = await serve(withRequestDeadline(ok));
  t.teardown(noInfo.close);
  t.equal((await fetchText(`${noInfo.url}/x?timeout=0s`)).body, 'done');
});

t.test("the deadline counts from the request's received timestamp, which the metrics filter shares", async (t) => {
  const metrics = new RequestMetrics();
  t.teardown(() => metrics.stop());
  const received: number[] = [];
  const slow: Handler = async (req, res) => {
    received.push(requestReceivedTimestamp(req), requestReceivedTimestamp(req));
    await sleep(1500);
    res.end('late');
  };
  // A filter outside reads the timestamp, then blocks for 300 ms: a 400 ms deadline leaves the handler about 100. A
  // deadline counted from when the deadline filter ran would answer no sooner than 400 ms after that.
  let filterRan = 0;
  const late: Handler = (req, res) => {
    requestReceivedTimestamp(req);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    filterRan = performance.now();
    return metrics.filter(withRequestDeadline(slow, { requestTimeoutMillis: 400 }))(req, res);
  };
  const s = await serve(withRequestInfo(late, factory));
  t.teardown(s.close);
  const sent = performance.now();
  const reply = await fetchText(`${s.url}/api/v1/pods`);
  const answered = performance.now();
  t.equal(reply.status, 504);
  // (The margin, ~300 ms, is what a loaded machine may delay the timer by before this would wrongly fail.)
  t.ok(
    answered < filterRan + 399,
    `answered ${(answered - sent).toFixed(0)} ms after sending, before 400 ms had passed since the deadline filter ran (${(answered - filterRan).toFixed(0)} ms)`,
  );
  t.equal(received.length, 2);
  t.equal(received[0], received[1], 'one timestamp per request');
  t.ok((received[0] ?? 0) >= sent, 'read when the request was received');
});

t.test('max in flight', async (t) => {
  const release: Array<() => void> = [];
  const hold: Handler = async (req, res) => {
    if (req.url?.includes('hold') === true) await new Promise<void>((resolve) => release.push(resolve));
    res.end('ok');
  };
  const masters: RequestAuthenticator = {
    authenticateRequest: (req) =>
      req.headers['x-user'] === 'admin' ? { name: 'admin', uid: '', groups: ['system:masters'] } : { name: 'u', uid: '', groups: [] },
  };
  const chain = withRequestInfo(
    withAuthentication(withMaxInFlightLimit(hold, { maxRequestsInFlight: 1, maxMutatingRequestsInFlight: 1 }), masters),
    factory,
  );
  const s = await serve(chain);
  t.teardown(s.close);
  const held = fetchText(`${s.url}/api/v1/pods?hold=1`);
  const heldWrite = fetchText(`${s.url}/api/v1/namespaces/a/pods?hold=1`, { method: 'POST' });
  while (release.length < 2) await sleep(5);
  const rejected = await fetchText(`${s.url}/api/v1/namespaces/a/pods/x`);
  t.equal(rejected.status, 429);
  t.equal(rejected.headers['retry-after'], '1');
  t.equal(rejected.body, 'Too many requests, please try again later.\n');
  t.equal((await fetchText(`${s.url}/api/v1/pods/x`, { method: 'DELETE' })).status, 429, 'mutating pool full too');
  t.equal((await fetchText(`${s.url}/api/v1/pods?watch=1`)).status, 200, 'watch is exempt');
  t.equal((await fetchText(`${s.url}/api/v1/pods`, { headers: { 'x-user': 'admin' } })).status, 200, 'system:masters is exempt');
  for (const r of release) r();
  t.equal((await held).status, 200);
  t.equal((await heldWrite).status, 200);
  t.equal((await fetchText(`${s.url}/api/v1/pods`)).status, 200, 'slots are released');
  const unlimited = await serve(withRequestInfo(withMaxInFlightLimit(ok, { maxRequestsInFlight: 0 }), factory));
  t.teardown(unlimited.close);
  t.equal((await fetchText(`${unlimited.url}/api/v1/pods`)).status, 200);
  const noInfo = await serve(withMaxInFlightLimit(ok));
  t.teardown(noInfo.close);
  t.equal((await fetchText(`${noInfo.url}/api/v1/pods`)).status, 200);
});

t.test('authentication', async (t) => {
  const tokens = new TokenFileAuthenticator(parseTokenFile('tok1,alice,1,"admins,devs"\ntok2,bob,2\n'));
  const failures: string[] = [];
  const echo: Handler = (req, res) => {
    res.end(JSON.stringify({ user: userFrom(req), authorization: req.headers.authorization ?? null }));
  };
  const strict = await serve(withAuthentication(echo, newRequestAuthenticator({ authenticators: [tokens] }), (r) => failures.push(r)));
  const open = await serve(withAuthentication(echo, newRequestAuthenticator({ authenticators: [tokens], anonymous: true })));
  t.teardown(strict.close);
  t.teardown(open.close);
  const alice = await fetchText(strict.url, { headers: { authorization: 'Bearer tok1' } });
  t.same(json(alice), { user: { name: 'alice', uid: '1', groups: ['admins', 'devs', 'system:authenticated'] }, authorization: null });
  const unauthorized = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'Unauthorized',
    reason: 'Unauthorized',
    code: 401,
  };
  for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }, { authorization: 'Bearer ' }]) {
    const reply = await fetchText(strict.url, { headers });
    t.equal(reply.status, 401);
    t.same(json(reply), unauthorized);
  }
  t.same(failures, ['invalid bearer token']);
  t.same(json(await fetchText(open.url)).user, { name: 'system:anonymous', uid: '', groups: ['system:unauthenticated'] });
  t.equal((await fetchText(open.url, { headers: { authorization: 'Bearer nope' } })).status, 401, 'a bad token fails even with anonymous');
  t.same(json(await fetchText(open.url, { headers: { authorization: 'bearer tok2' } })).user, {
    name: 'bob',
    uid: '2',
    groups: ['system:authenticated'],
  });
  const broken = await serve(
    withPanicRecovery(
      withAuthentication(ok, {
        authenticateRequest: () => {
          throw new TypeError('bug');
        },
      }),
      () => undefined,
    ),
  );
  t.teardown(broken.close);
  t.equal((await fetchText(broken.url)).status, 500, 'a non-authentication error is a panic');
});

t.test('authorization', async (t) => {
  const tokens = new TokenFileAuthenticator(parseTokenFile('tok,bob,1\n'));
  const chain = (authorizer: Authorizer): Handler =>
    withRequestInfo(withAuthentication(withAuthorization(ok, authorizer), newRequestAuthenticator({ authenticators: [tokens] })), factory);
  const deny = await serve(chain(authorizerForModes(['AlwaysDeny'])));
  t.teardown(deny.close);
  const as = { headers: { authorization: 'Bearer tok' } };
  const cases: ReadonlyArray<readonly [string, string, string, Record<string, string>]> = [
    [
      'GET',
      '/api/v1/namespaces/default/configmaps',
      'configmaps is forbidden: User "bob" cannot list resource "configmaps" in API group "" in the namespace "default": Everything is forbidden.',
      { kind: 'configmaps' },
    ],
    [
      'GET',
      '/apis/apps/v1/deployments/web/scale',
      'deployments.apps "web" is forbidden: User "bob" cannot get resource "deployments/scale" in API group "apps" at the cluster scope: Everything is forbidden.',
      { name: 'web', group: 'apps', kind: 'deployments' },
    ],
    ['GET', '/foo', 'forbidden: User "bob" cannot get path "/foo": Everything is forbidden.', {}],
  ];
  for (const [method, path, message, details] of cases) {
    const reply = await fetchText(`${deny.url}${path}`, { ...as, method });
    t.equal(reply.status, 403, path);
    t.same(json(reply), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'Forbidden', details, code: 403 });
  }
  const silent: Authorizer = { authorize: () => ({ decision: 'NoOpinion', reason: '' }) };
  const noReason = await serve(chain(silent));
  t.teardown(noReason.close);
  t.equal(
    json(await fetchText(`${noReason.url}/api/v1/namespaces/default/configmaps`, as)).message,
    'configmaps is forbidden: User "bob" cannot list resource "configmaps" in API group "" in the namespace "default"',
  );
  const allow = await serve(chain(authorizerForModes([])));
  t.teardown(allow.close);
  t.equal((await fetchText(`${allow.url}/api/v1/pods`, as)).body, 'done');
  const failing: Authorizer = {
    authorize: () => {
      throw new Error('webhook down');
    },
  };
  const union = await serve(chain(unionAuthorizer([failing, alwaysAllowAuthorizer])));
  t.teardown(union.close);
  t.equal((await fetchText(`${union.url}/api/v1/pods`, as)).status, 200, 'a later Allow wins over an error');
  const broken = await serve(chain(unionAuthorizer([alwaysDenyAuthorizer, failing])));
  t.teardown(broken.close);
  const reply = await fetchText(`${broken.url}/api/v1/pods`, as);
  t.equal(reply.status, 500);
  t.equal(reply.body, 'Internal Server Error: "/api/v1/pods": webhook down\n');
  const two = unionAuthorizer([failing, failing]);
  const attrs = attributesFor(undefined, factory.resolve('GET', '/api/v1/pods'));
  await t.rejects(Promise.resolve(two.authorize(attrs)), { name: 'AggregateError' });
  const deny2 = unionAuthorizer([{ authorize: () => ({ decision: 'Deny', reason: 'no' }) }, alwaysAllowAuthorizer]);
  t.same(await deny2.authorize(attrs), { decision: 'Deny', reason: 'no' });
  t.same(deny2.authorize(attrs), { decision: 'Deny', reason: 'no' }, 'synchronous members, a synchronous answer');
  t.same(unionAuthorizer([alwaysDenyAuthorizer]).authorize(attrs), { decision: 'NoOpinion', reason: 'Everything is forbidden.' });
  const later: Authorizer = { authorize: async () => ({ decision: 'NoOpinion', reason: 'later' }) };
  const mixed = unionAuthorizer([later, failing, alwaysAllowAuthorizer]).authorize(attrs);
  t.ok(mixed instanceof Promise, 'an asynchronous member, a promise');
  t.same(await mixed, { decision: 'Allow', reason: '' });
  t.same(await unionAuthorizer([later, alwaysDenyAuthorizer]).authorize(attrs), { decision: 'NoOpinion', reason: 'later\nEverything is forbidden.' });
  t.throws(() => authorizerForModes(['RBAC']), AuthorizationModeError);
  const noInfo = await serve(withAuthorization(ok, alwaysAllowAuthorizer));
  t.teardown(noInfo.close);
  t.equal((await fetchText(noInfo.url)).status, 500);
});

t.test('long-running check', async (t) => {
  const check = basicLongRunningRequestCheck(['watch'], ['log']);
  const req = new IncomingMessage(new Socket());
  t.ok(check(req, factory.resolve('GET', '/api/v1/pods?watch=1')));
  t.ok(check(req, factory.resolve('GET', '/api/v1/namespaces/a/pods/p/log')));
  t.notOk(check(req, factory.resolve('GET', '/log/x/y/z')));
  t.ok(check(req, factory.resolve('GET', '/debug/pprof/profile')));
  t.notOk(check(req, factory.resolve('GET', '/api/v1/pods')));
});

t.test('max in flight: 429s in apiserver_request_terminations_total, in-flight high-water marks', async (t) => {
  const release: Array<() => void> = [];
  const hold: Handler = async (req, res) => {
    if (req.url?.includes('hold') === true) await new Promise<void>((resolve) => release.push(resolve));
    res.end('ok');
  };
  const metrics = new RequestMetrics();
  t.teardown(() => metrics.stop());
  const s = await serve(withRequestInfo(withMaxInFlightLimit(hold, { maxRequestsInFlight: 1, maxMutatingRequestsInFlight: 1, metrics }), factory));
  t.teardown(s.close);
  const held = fetchText(`${s.url}/api/v1/pods?hold=1`);
  while (release.length < 1) await sleep(5);
  t.equal((await fetchText(`${s.url}/api/v1/namespaces/a/pods/x`)).status, 429);
  for (const r of release) r();
  await held;
  metrics.inflight.publish();
  const text = await metrics.text();
  t.match(
    text,
    'apiserver_request_terminations_total{verb="GET",group="",version="v1",resource="pods",subresource="",scope="resource",component="apiserver",code="429"} 1\n',
  );
  t.match(text, 'apiserver_current_inflight_requests{request_kind="readOnly"} 1\n');
  t.match(text, 'apiserver_current_inflight_requests{request_kind="mutating"} 0\n');
  metrics.inflight.publish();
  t.match(await metrics.text(), 'apiserver_current_inflight_requests{request_kind="readOnly"} 0\n', 'a new period starts from 0');
});
