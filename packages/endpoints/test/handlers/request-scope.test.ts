import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import t from 'tap';
import { handlerRequest, requestContextOf } from '../../src/handlers/request-scope.js';

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
