/**
 * The server's in-flight entries: one per request until its response closes, each its request's abort source (the
 * controller made only when asked), aborting with the client's going away or shutdown's reason, once.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import t from 'tap';
import { InFlightRequests } from '../../src/server/in-flight-requests.js';

const response = (finished: boolean): ServerResponse => Object.assign(new EventEmitter(), { writableFinished: finished }) as unknown as ServerResponse;
const request = {} as IncomingMessage;

t.test('entries end when their response closes; an unfinished response aborts the signal', async (t) => {
  const requests = new InFlightRequests();
  let ended = 0;
  requests.onEnded = () => ended++;
  const done = requests.start(request, response(true));
  const gone = requests.start(request, response(false));
  t.equal(requests.size, 2);
  t.same([...requests], [done, gone], 'arrival order');
  const goneSignal = gone.signal;
  done.responseClosed();
  gone.responseClosed();
  t.equal(requests.size, 0);
  t.equal(ended, 2);
  t.notOk(requests.has(done));
  t.notOk(done.signal.aborted, 'a finished response does not abort');
  t.ok(goneSignal.aborted);
  t.equal((goneSignal.reason as Error).message, 'client closed the connection');
});

t.test('abort keeps the first reason, and a signal asked for after it is already aborted', async (t) => {
  const requests = new InFlightRequests();
  const entry = requests.start(request, response(false));
  entry.abort(new Error('the server is shutting down'));
  entry.abort(new Error('shutdown timeout'));
  t.ok(entry.signal.aborted);
  t.equal((entry.signal.reason as Error).message, 'the server is shutting down');
});
