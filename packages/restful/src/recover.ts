import { logPrint } from './log.js';
import type { Response } from './response.js';

/** Handles a panic (a throw or rejection) of a filter or handler when recovery is on. */
export type RecoverHandleFunction = (panicReason: unknown, response: Response) => void;

function describe(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/** The stack frames of the panic as `file:line:column`, innermost first. */
function framesOf(reason: unknown): string[] {
  const stack = reason instanceof Error ? (reason.stack ?? '') : (new Error().stack ?? '');
  const frames: string[] = [];
  for (const line of stack.split('\n')) {
    const at = /^\s+at (?:.*\()?(.+?)\)?$/.exec(line);
    if (at?.[1] !== undefined) frames.push(at[1]);
  }
  return frames;
}

/**
 * go-restful's `logStackOnRecover`: logs and writes status 500 with the body
 * `recover from panic situation: - <reason>\r\n` and one `    <frame>\r\n` per stack frame.
 */
export function logStackOnRecover(panicReason: unknown, response: Response): void {
  let text = `recover from panic situation: - ${describe(panicReason)}\r\n`;
  for (const frame of framesOf(panicReason)) text += `    ${frame}\r\n`;
  logPrint(text);
  // Go's net/http would sniff this body as text/plain.
  if (!response.header().has('Content-Type')) response.header().set('Content-Type', 'text/plain; charset=utf-8');
  response.writeHeader(500);
  response.write(text);
}
