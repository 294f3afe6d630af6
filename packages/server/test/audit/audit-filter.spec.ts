/**
 * The audit filters through a GenericAPIServer's whole chain (apiserver `WithAuditInit`, `WithAudit`,
 * `WithFailedAuthenticationAudit`): `Audit-Id` on every answer, one event per kept stage with upstream's fields
 * and field order, authorization annotations, the impersonated user, 401s, panics and long-running requests.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebService } from '@apiserver/restful';
import t, { type Test } from 'tap';
import { type AuditBackend, AuditLogBackend } from '../../src/audit/audit-backend.js';
import { type AuditEvent, orderedAuditEvent } from '../../src/audit/event.js';
import type { AuditPolicy } from '../../src/audit/policy.js';
import type { Authorizer } from '../../src/authorization/authorizer.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText, json, tempDir } from '../helpers.js';

const quiet = { log: () => undefined, panicLogger: () => undefined };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Keeps a JSON copy of every event, as a log backend would have written it. */
class CollectingBackend implements AuditBackend {
  readonly events: AuditEvent[] = [];
  processEvents(...events: AuditEvent[]): void {
    for (const e of events) this.events.push(JSON.parse(JSON.stringify(orderedAuditEvent(e))) as AuditEvent);
  }
  shutdown(): void {}
}

/** alice may do anything (impersonate too); bob nothing. */
const authorizer: Authorizer = {
  authorize: (a) => (a.user?.name === 'alice' ? { decision: 'Allow', reason: 'alice may' } : { decision: 'NoOpinion', reason: 'no rule for bob' }),
};

function apiV1(): WebService {
  const ws = new WebService().path('/api/v1');
  ws.route(ws.get('/namespaces/{namespace}/configmaps').to((_req, res) => res.writeAsJson({ items: [] })));
  ws.route(
    ws.get('/namespaces/{namespace}/configmaps/{name}').to(() => {
      throw new Error('handler bug');
    }),
  );
  return ws;
}

async function start(t: Test, policy: AuditPolicy, backend: AuditBackend = new CollectingBackend()): Promise<string> {
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const tokenFile = join(dir, 'tokens.csv');
  writeFileSync(tokenFile, 'tok-alice,alice,1,"devs"\ntok-bob,bob,2\n');
  const server = new GenericAPIServer({ ...quiet, authentication: { tokenAuthFile: tokenFile, anonymous: false }, authorization: { authorizer }, audit: { policy, backend } });
  server.handler.goRestfulContainer.add(apiV1());
  server.handler.nonGoRestfulMux.handle('/crash', () => {
    throw new Error('handler bug');
  });
  const [url = ''] = await server.listen({ port: 0 });
  t.teardown(() => server.shutdown());
  return url;
}

const metadataPolicy: AuditPolicy = { omitStages: ['RequestReceived'], rules: [{ level: 'None', nonResourceURLs: ['/healthz*'] }, { level: 'Metadata' }] };
const alice = { authorization: 'Bearer tok-alice', 'user-agent': 'audit-test/1.0' };
const path = '/api/v1/namespaces/default/configmaps';

t.test('Audit-Id on every answer; a Metadata event with upstream fields in order', async (t) => {
  const backend = new CollectingBackend();
  const url = await start(t, metadataPolicy, backend);
  const health = await fetchText(`${url}/healthz`, { headers: alice });
  t.match(health.headers['audit-id'], UUID, 'a new UUID, also for requests the policy does not audit');
  const echoed = await fetchText(`${url}/healthz`, { headers: { ...alice, 'Audit-ID': 'client-chosen' } });
  t.equal(echoed.headers['audit-id'], 'client-chosen', "the client's Audit-ID is echoed");
  t.same(backend.events, [], 'level None writes nothing');

  const list = await fetchText(`${url}${path}?limit=5`, { headers: { ...alice, 'X-Forwarded-For': '10.0.0.7, 10.0.0.8' } });
  t.equal(list.status, 200);
  t.equal(backend.events.length, 1, 'RequestReceived omitted, ResponseComplete written');
  const [e] = backend.events;
  t.same(Object.keys(e ?? {}), [
    'kind', 'apiVersion', 'level', 'auditID', 'stage', 'requestURI', 'verb', 'user', 'sourceIPs', 'userAgent',
    'objectRef', 'responseStatus', 'requestReceivedTimestamp', 'stageTimestamp', 'annotations',
  ]);
  t.match(e, {
    kind: 'Event',
    apiVersion: 'audit.k8s.io/v1',
    level: 'Metadata',
    auditID: list.headers['audit-id'],
    stage: 'ResponseComplete',
    requestURI: `${path}?limit=5`,
    verb: 'list',
    user: { username: 'alice', uid: '1', groups: ['devs', 'system:authenticated'] },
    sourceIPs: ['10.0.0.7', '10.0.0.8', '127.0.0.1'],
    userAgent: 'audit-test/1.0',
    objectRef: { resource: 'configmaps', namespace: 'default', apiVersion: 'v1' },
    responseStatus: { metadata: {}, code: 200 },
    annotations: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': 'alice may' },
  });
  t.notOk('requestObject' in (e ?? {}) || 'responseObject' in (e ?? {}), 'Metadata records no objects');
  t.match(e?.stageTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/, 'MicroTime');
  t.ok((e?.requestReceivedTimestamp ?? '') <= (e?.stageTimestamp ?? ''), 'received before the stage');
});

t.test('every stage the policy keeps, in order; long-running requests start, then complete', async (t) => {
  const backend = new CollectingBackend();
  const url = await start(t, { rules: [{ level: 'Metadata' }] }, backend);
  await fetchText(`${url}${path}`, { headers: alice });
  t.same(backend.events.map((e) => e.stage), ['RequestReceived', 'ResponseComplete']);
  t.notOk('responseStatus' in (backend.events[0] ?? {}), 'no status when received');
  backend.events.length = 0;
  await fetchText(`${url}${path}?watch=true`, { headers: alice });
  t.same(backend.events.map((e) => [e.stage, e.verb, e.responseStatus?.code]), [
    ['RequestReceived', 'watch', undefined],
    ['ResponseStarted', 'watch', 200],
    ['ResponseComplete', 'watch', 200],
  ]);
});

t.test('failed authentication, forbidden, impersonation and panics', async (t) => {
  const backend = new CollectingBackend();
  const url = await start(t, metadataPolicy, backend);
  const noToken = await fetchText(`${url}${path}`, { headers: { authorization: 'Bearer nope' } });
  t.equal(noToken.status, 401);
  t.match(backend.events, [{ stage: 'ResponseStarted', user: {}, verb: 'list', responseStatus: { code: 401, reason: 'Unauthorized' } }], 'one event, at ResponseStarted');
  t.same(backend.events[0]?.user, {}, 'no user');
  backend.events.length = 0;

  const forbidden = await fetchText(`${url}${path}`, { headers: { authorization: 'Bearer tok-bob' } });
  t.equal(forbidden.status, 403);
  t.match(backend.events, [
    {
      user: { username: 'bob' },
      responseStatus: { status: 'Failure', reason: 'Forbidden', code: 403, message: json(forbidden).message },
      annotations: { 'authorization.k8s.io/decision': 'forbid', 'authorization.k8s.io/reason': 'no rule for bob' },
    },
  ]);
  backend.events.length = 0;

  await fetchText(`${url}${path}`, { headers: { ...alice, 'Impersonate-User': 'carol' } });
  t.match(backend.events, [{ user: { username: 'alice' }, impersonatedUser: { username: 'carol', groups: ['system:authenticated'] } }], 'the event is the real user’s, naming whom it acted as');
  backend.events.length = 0;

  const panic = await fetchText(`${url}/crash`, { headers: alice });
  t.equal(panic.status, 500);
  t.same(backend.events.map((e) => [e.stage, e.verb, e.responseStatus]), [
    ['Panic', 'get', { metadata: {}, status: 'Failure', message: "APIServer panic'd: handler bug", reason: 'InternalError', code: 500 }],
  ], 'a panic reaching the filter: the Panic stage, no ResponseComplete');
  backend.events.length = 0;

  const recovered = await fetchText(`${url}${path}/c1`, { headers: alice });
  t.equal(recovered.status, 500);
  t.same(backend.events.map((e) => [e.stage, e.responseStatus]), [['ResponseComplete', { metadata: {}, code: 500 }]], 'a go-restful route panic is recovered inside the container, its Status written outside the request context (only the code), as logStackOnRecover');
  backend.events.length = 0;

  await fetchText(`${url}/api/v1/nothing-here`, { headers: alice });
  t.match(backend.events, [{ responseStatus: { reason: 'NotFound', code: 404 } }], "a routing error's Status is recorded");
});

t.test('the log backend writes one JSON line per event and closes with the server', async (t) => {
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const file = join(dir, 'nested', 'audit.log');
  const url = await start(t, metadataPolicy, new AuditLogBackend(file));
  const one = await fetchText(`${url}${path}`, { headers: alice });
  const two = await fetchText(`${url}${path}?limit=1`, { headers: alice });
  const lines = readFileSync(file, 'utf8').split('\n');
  t.equal(lines.pop(), '', 'each line ends with a newline');
  const events = lines.map((l) => JSON.parse(l) as AuditEvent);
  t.same(events.map((e) => e.auditID), [one.headers['audit-id'], two.headers['audit-id']], 'in request order, written before the answer');
  t.match(lines[0], /^\{"kind":"Event","apiVersion":"audit\.k8s\.io\/v1","level":"Metadata","auditID":/);
});
