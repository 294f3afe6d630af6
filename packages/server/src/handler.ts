import type { IncomingMessage, ServerResponse } from 'node:http';

/** A plain node request handler; it may return a promise that settles when the response is done. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;
