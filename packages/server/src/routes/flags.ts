import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../handler.js';
import { goQuote } from '@apiserver/runtime';
import { isVerbositySetter, type Logger } from '../logs/logger.js';
import type { PathRecorderMux } from '../mux/path-recorder-mux.js';

/** A flag's setter: the answer for a good value, or a throw with the message of a bad one (`StringFlagSetterFunc`). */
export type StringFlagSetter = (value: string) => string;

/** Thrown by a flag setter for a value it refuses. */
export class FlagValueError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'FlagValueError';
  }
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Go's `strconv.ParseInt(value, 10, 32)`, throwing its messages. */
function parseInt32(value: string): number {
  if (!/^[+-]?\d+$/.test(value)) throw new FlagValueError(`strconv.ParseInt: parsing ${goQuote(value)}: invalid syntax`);
  const n = Number(value);
  if (n < INT32_MIN || n > INT32_MAX) throw new FlagValueError(`strconv.ParseInt: parsing ${goQuote(value)}: value out of range`);
  return n;
}

/** component-base's `GlogSetter` for `logger`: sets the verbosity from a decimal body. */
export function verbositySetter(logger: Logger): StringFlagSetter {
  return (value) => {
    let level: number;
    try {
      level = parseInt32(value);
    } catch (err) {
      throw new FlagValueError(`failed set klog.logging.verbosity ${value}: ${(err as Error).message}`);
    }
    if (!isVerbositySetter(logger)) throw new FlagValueError(`failed set klog.logging.verbosity ${value}: the logger's verbosity is fixed`);
    logger.setVerbosity(level);
    return `successfully set klog.logging.verbosity to ${value}`;
  };
}

/** Upstream's `writePlainText`: `text/plain`, the text and a newline. */
function writePlainText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain' });
  response.end(`${text}\n`);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `routes.StringFlagPutHandler`: PUT sets the flag from the body; other methods get 406 `unsupported http method`. */
export function stringFlagPutHandler(setter: StringFlagSetter): Handler {
  return async (request, response) => {
    if (request.method !== 'PUT') return writePlainText(response, 406, 'unsupported http method');
    let body: string;
    try {
      body = await readBody(request);
    } catch (err) {
      return writePlainText(response, 400, `error reading request body: ${(err as Error).message}`);
    }
    try {
      writePlainText(response, 200, setter(body));
    } catch (err) {
      writePlainText(response, 400, (err as Error).message);
    }
  };
}

/** The `/debug/flags/` index page listing `flags` (upstream's template output). */
function flagsIndex(flags: readonly string[]): string {
  const rows = flags.map((f) => `\n<tr>${f}<br>\n`).join('');
  return `<html>\n<head>\n<title>/debug/flags/</title>\n</head>\n<body>\n/debug/flags/<br>\n<br>\nflags:<br>\n<table>\n${rows}\n</table>\n<br>\nfull flags configurable<br>\n</body>\n</html>\n`;
}

/**
 * `routes.DebugFlags` with the `v` flag: `/debug/flags` and `/debug/flags/` list it, `PUT /debug/flags/v` with a
 * number sets `logger`'s verbosity (component-base's `GlogSetter` answers). All unlisted.
 */
export function installDebugFlags(mux: PathRecorderMux, logger: Logger): void {
  const index: Handler = (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(flagsIndex(['v']));
  };
  mux.unlistedHandle('/debug/flags', index);
  mux.unlistedHandlePrefix('/debug/flags/', index);
  mux.unlistedHandle('/debug/flags/v', stringFlagPutHandler(verbositySetter(logger)));
}
