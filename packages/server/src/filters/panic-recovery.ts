import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../handler.js';
import { httpError } from '../responsewriters.js';

/** Where the server logs panics (the stack stays in the log, never in the response). */
export type PanicLogger = (message: string, panic: unknown) => void;

/** Logs panics with `console.error`. */
export const defaultPanicLogger: PanicLogger = (message, panic) => {
  console.error(message, panic);
};

/** The message upstream's panic filter answers with. */
export const PANIC_MESSAGE = 'This request caused apiserver to panic. Look in the logs for details.';

function recover(request: IncomingMessage, response: ServerResponse, panic: unknown, log: PanicLogger): void {
  log(`apiserver panic'd on ${request.method ?? ''} ${request.url ?? ''}`, panic);
  if (response.headersSent) {
    response.destroy();
    return;
  }
  httpError(response, PANIC_MESSAGE, 500);
}

/**
 * `WithPanicRecovery`: a throw or rejection of the wrapped handler becomes upstream's plain-text 500 (Go's
 * `http.Error` with {@link PANIC_MESSAGE}), or a reset connection when the response had started; the stack is only
 * logged.
 */
export function withPanicRecovery(handler: Handler, log: PanicLogger = defaultPanicLogger): Handler {
  return (request, response) => {
    try {
      const pending = handler(request, response);
      if (pending instanceof Promise) return pending.catch((panic: unknown) => recover(request, response, panic, log));
    } catch (panic) {
      recover(request, response, panic, log);
    }
    return undefined;
  };
}
