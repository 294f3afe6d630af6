import { fileURLToPath } from 'node:url';

/** `(file:line:column)` or `file:line:column` at the end of a V8 stack frame. */
const FRAME = /\(?([^\s()]+):(\d+):\d+\)?$/;

/** Where a log call was made: the source file and line. */
export interface Caller {
  /** The file path (a `file:` URL turned into a path). */
  readonly file: string;
  /** The 1-based line. */
  readonly line: number;
}

function frameOf(text: string): Caller | undefined {
  const match = FRAME.exec(text.trim());
  if (match === null) return undefined;
  const location = match[1] ?? '';
  const file = location.startsWith('file://') ? fileURLToPath(location) : location;
  return { file, line: Number(match[2]) };
}

/**
 * The frame `skip` frames above the function calling this one (klog's `runtime.Caller(depth)`), or `undefined` when
 * the stack does not reach it. Only called when a line is written.
 */
export function callerAt(skip: number): Caller | undefined {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, callerAt);
  // Line 0 is the error's message, line 1 the function calling this one.
  const text = (holder.stack ?? '').split('\n')[1 + skip];
  return text === undefined ? undefined : frameOf(text);
}

/** klog's header caller: the file's base name and line (`config.js:42`), `???:1` when unknown. */
export function shortFile(caller: Caller | undefined): string {
  if (caller === undefined) return '???:1';
  const slash = caller.file.lastIndexOf('/');
  return `${caller.file.slice(slash + 1)}:${caller.line}`;
}

/** zap's `ShortCallerEncoder`: the last folder, the file and line (`server/config.js:42`), `undefined` when unknown. */
export function shortCaller(caller: Caller | undefined): string | undefined {
  if (caller === undefined) return undefined;
  const last = caller.file.lastIndexOf('/');
  const before = caller.file.lastIndexOf('/', last - 1);
  return `${caller.file.slice(before + 1)}:${caller.line}`;
}
