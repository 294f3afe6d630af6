/**
 * One request at a time per connection, as Go's server reads the next request only once the previous response
 * is done. node parses pipelined requests ahead and runs their handlers at once: a client pipelining a thousand
 * watches on one connection got a thousand running handlers, and when it went away node closed none of the
 * responses queued behind the first (their 'close' never fires), so their in-flight entries and watches leaked.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { onResponseClose } from '../request/context.js';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** The requests of one connection: whether one is being served, and those parsed behind it. */
interface ConnectionRequests {
  serving: boolean;
  readonly waiting: [IncomingMessage, ServerResponse][];
}

const REQUESTS = Symbol('apiserver connection requests');

type TrackedSocket = Socket & { [REQUESTS]?: ConnectionRequests };

/**
 * `listener` serving the requests of a connection one after the other: a request parsed while another is
 * served waits (and the connection stops reading, as Go's does); the next starts when the response before it
 * closed; those still waiting when the connection closes never start.
 */
export function sequentialRequests(listener: Listener): Listener {
  const serve = (socket: TrackedSocket, state: ConnectionRequests, request: IncomingMessage, response: ServerResponse): void => {
    state.serving = true;
    onResponseClose(request, response, () => {
      state.serving = false;
      const next = state.waiting.shift();
      if (socket.destroyed) state.waiting.length = 0;
      else if (next !== undefined) serve(socket, state, next[0], next[1]);
      else socket.resume();
    });
    listener(request, response);
  };
  return (request, response) => {
    const socket = request.socket as TrackedSocket;
    let state = socket[REQUESTS];
    if (state === undefined) {
      state = { serving: false, waiting: [] };
      socket[REQUESTS] = state;
    }
    if (!state.serving) {
      serve(socket, state, request, response);
      return;
    }
    state.waiting.push([request, response]);
    socket.pause();
  };
}
