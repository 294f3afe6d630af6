import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import t from 'tap';
import { afterResponseClose, onResponseClose, requestSignal, withSignalSource, withSignalValue } from '../../src/request/context.js';

/** A request object as the context keys it (only identity matters). */
const newRequest = (): IncomingMessage => Object.create(null) as IncomingMessage;

t.test('request signals are combined only when asked for', async (t) => {
  const request = newRequest();
  t.equal(requestSignal(request), undefined, 'no source, no signal');
  const outer = new AbortController();
  withSignalValue(request, outer.signal);
  t.equal(requestSignal(request), outer.signal, 'one source: its own signal');

  let touched = 0;
  const inner = new AbortController();
  withSignalSource(request, {
    get signal() {
      touched++;
      return inner.signal;
    },
  });
  t.equal(touched, 0, 'attaching a source does not create its signal');
  const combined = requestSignal(request);
  t.not(combined, outer.signal, 'a new combined signal once a second source is attached');
  t.equal(requestSignal(request), combined, 'built once');
  t.equal(touched, 1);
  inner.abort(new Error('deadline'));
  t.equal(combined?.aborted, true);
  t.match(combined?.reason, { message: 'deadline' });

  const late = newRequest();
  const first = new AbortController();
  first.abort(new Error('first'));
  withSignalSource(late, first);
  withSignalSource(late, new AbortController());
  t.match(requestSignal(late)?.reason, { message: 'first' }, 'an already aborted source aborts the combination');
});

t.test('every source, in the order attached, is in the combination; one attached later makes a new one', async (t) => {
  const request = newRequest();
  const sources = [new AbortController(), new AbortController()];
  for (const s of sources) withSignalSource(request, s);
  const two = requestSignal(request);
  const third = new AbortController();
  withSignalSource(request, third);
  const three = requestSignal(request);
  t.not(three, two, 'rebuilt after a source was added');
  third.abort(new Error('third'));
  t.equal(two?.aborted, false, 'the earlier combination does not include the later source');
  t.match(three?.reason, { message: 'third' }, 'the last source aborts the new combination');
  sources[1]?.abort(new Error('second'));
  t.match(two?.reason, { message: 'second' }, 'the second source aborts the first combination');
});

t.test('close callbacks of one request share one listener and run once, in order', async (t) => {
  const request = newRequest();
  const response = new EventEmitter() as EventEmitter & ServerResponse;
  const ran: string[] = [];
  onResponseClose(request, response, () => ran.push('metrics'));
  onResponseClose(request, response, () => ran.push('deadline'));
  onResponseClose(request, response, () => ran.push('in-flight'));
  t.equal(response.listenerCount('close'), 1);
  response.emit('close');
  response.emit('close');
  t.same(ran, ['metrics', 'deadline', 'in-flight']);
});

t.test('the after-close callback runs last, whenever the others were added, in the same listener', async (t) => {
  const request = newRequest();
  const response = new EventEmitter() as EventEmitter & ServerResponse;
  const ran: string[] = [];
  afterResponseClose(request, response, () => ran.push('server in-flight'));
  onResponseClose(request, response, () => ran.push('metrics'));
  onResponseClose(request, response, () => ran.push('in-flight limit'));
  t.equal(response.listenerCount('close'), 1);
  response.emit('close');
  response.emit('close');
  onResponseClose(request, response, () => ran.push('too late'));
  response.emit('close');
  t.same(ran, ['metrics', 'in-flight limit', 'server in-flight']);
});

t.test('objects with a responseClosed method are close callbacks too, in the same order', async (t) => {
  const request = newRequest();
  const response = new EventEmitter() as EventEmitter & ServerResponse;
  const ran: string[] = [];
  afterResponseClose(request, response, { responseClosed: () => ran.push('server in-flight') });
  onResponseClose(request, response, () => ran.push('metrics'));
  onResponseClose(request, response, { responseClosed: () => ran.push('deadline') });
  onResponseClose(request, response, () => ran.push('in-flight limit'));
  t.equal(response.listenerCount('close'), 1);
  response.emit('close');
  response.emit('close');
  t.same(ran, ['metrics', 'deadline', 'in-flight limit', 'server in-flight']);
});
