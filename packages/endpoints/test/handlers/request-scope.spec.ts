import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import t from 'tap';
import { withRequestAuditRecorder } from '../../src/audit/request-audit.js';
import { handlerRequest, requestContextOf, requestInfoOf } from '../../src/handlers/request-scope.js';
import { requestUserFrom, withRequestUser } from '../../src/handlers/request-user.js';

/** A response as requestContextOf uses it: its `close` event and `closed` flag. */
function newResponse(): ServerResponse & EventEmitter {
  const res = new EventEmitter() as EventEmitter & { closed: boolean };
  res.closed = false;
  res.on('close', () => {
    res.closed = true;
  });
  return res as unknown as ServerResponse & EventEmitter;
}

t.test('the context signal is created on demand and aborts when the response closes', async (t) => {
  const req = { url: '/api/v1/namespaces/a/configmaps/b?x=1', headers: {} } as IncomingMessage;
  const res = newResponse();
  const ctx = requestContextOf(handlerRequest(req, res, { namespace: 'a', name: 'b' }), 'a', true);
  t.same([ctx.namespace, ctx.dryRun], ['a', true]);
  const signal = ctx.signal;
  t.equal(ctx.signal, signal, 'one signal per context');
  t.equal(signal?.aborted, false);
  res.emit('close');
  t.equal(signal?.aborted, true, 'aborted once the client side is done');

  const unread = newResponse();
  const quiet = requestContextOf(handlerRequest(req, unread, {}), '');
  unread.emit('close');
  t.equal(quiet.signal?.aborted, true, 'a signal first read after the close is aborted');
  t.equal(quiet.signal?.aborted, true);
  quiet.addWarning?.('w');

  const never = newResponse();
  requestContextOf(handlerRequest(req, never, {}), '');
  t.equal(never.listenerCount('close'), 1, 'no close listener of its own until the signal is asked for');
});

t.test('a copy of the context ({ ...ctx }) keeps the signal, the warnings, the audit annotations and the request info', async (t) => {
  const req = { url: '/api/v1/namespaces/a/configmaps/b', headers: {} } as IncomingMessage;
  const res = newResponse();
  const request = handlerRequest(req, res, { namespace: 'a', name: 'b' });
  const info = { isResourceRequest: true, path: '/x', verb: 'get', apiPrefix: 'api', apiGroup: '', apiVersion: 'v1', namespace: 'a', resource: 'configmaps', subresource: '', name: 'b', parts: ['configmaps', 'b'] };
  const ctx = requestContextOf(request, 'a', false, info);
  t.same(Object.keys(ctx).sort(), ['addAuditAnnotation', 'addWarning', 'dryRun', 'namespace', 'requestInfo', 'signal']);
  t.notOk('requestInfo' in requestContextOf(request, 'a'), 'no request info, no property');
  const copy = { ...ctx, namespace: 'c' };
  t.equal(copy.requestInfo, info);
  t.equal(copy.signal, ctx.signal, 'the copy holds the same signal');
  copy.addWarning?.('from the copy');
  t.same(request.warnings, ['from the copy']);
  copy.addAuditAnnotation?.('dropped', 'no recorder attached yet');
  const annotations: unknown[][] = [];
  withRequestAuditRecorder(req, { logRequestObject() {}, logRequestPatch() {}, logResponseObject() {}, addAnnotation: (...a) => annotations.push(a) });
  copy.addAuditAnnotation?.('webhook/key', 'v', 'Request');
  t.same(annotations, [['webhook/key', 'v', 'Request']], "audit annotations go to the request's audit recorder");
  res.emit('close');
  t.equal(copy.signal?.aborted, true);
});

t.test("ctx.user is the user the server's filters attached to the request, and copies keep it", async (t) => {
  const req = { url: '/api/v1/namespaces/a/configmaps', headers: {} } as IncomingMessage;
  const request = handlerRequest(req, newResponse(), { namespace: 'a' });
  t.notOk('user' in requestContextOf(request, 'a'), 'no user attached, no property');
  t.equal(requestUserFrom(req), undefined);
  withRequestUser(req, { name: 'alice', uid: 'a-1', groups: ['system:authenticated'] });
  const impersonated = { name: 'bob', uid: '', groups: ['devs'], extra: { scopes: ['view'] } };
  withRequestUser(req, impersonated);
  const ctx = requestContextOf(request, 'a');
  t.equal(ctx.user, impersonated, 'the last attached user (impersonation replaces the authenticated one)');
  t.equal({ ...ctx, namespace: 'b' }.user, impersonated);
});

t.test('requestInfoOf: the parts are resource, name, subresource and the subpath segments, empty ones left out', async (t) => {
  const scopeOf = (group: string, subresource: string) =>
    ({ resource: { group, version: 'v1', resource: 'pods' }, subresource }) as unknown as Parameters<typeof requestInfoOf>[0];
  const res = newResponse();
  const rows: [string, string, Record<string, string>, string, string[]][] = [
    ['/api/v1/namespaces/a/pods', '', { namespace: 'a' }, 'list', ['pods']],
    ['/api/v1/namespaces/a/pods/p?x=1', '', { namespace: 'a', name: 'p' }, 'get', ['pods', 'p']],
    ['/api/v1/namespaces/a/pods/p/status', 'status', { namespace: 'a', name: 'p' }, 'update', ['pods', 'p', 'status']],
    ['/api/v1/namespaces/a/pods/p/proxy/x//y/', 'proxy', { namespace: 'a', name: 'p', path: 'x//y' }, 'proxy', ['pods', 'p', 'proxy', 'x', 'y']],
  ];
  for (const [url, subresource, params, verb, parts] of rows) {
    const request = handlerRequest({ url, headers: {} } as IncomingMessage, res, params);
    const info = requestInfoOf(scopeOf('', subresource), request, verb);
    t.same(info, {
      isResourceRequest: true,
      path: url.split('?')[0],
      verb,
      apiPrefix: 'api',
      apiGroup: '',
      apiVersion: 'v1',
      namespace: params.namespace ?? '',
      resource: 'pods',
      subresource,
      name: params.name ?? '',
      parts,
    }, url);
  }
  t.equal(requestInfoOf(scopeOf('apps', ''), handlerRequest({ url: '/apis/apps/v1/pods' } as IncomingMessage, res, {}), 'list').apiPrefix, 'apis');
});
