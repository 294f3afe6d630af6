import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This folder: frames in it are the logger's own, never a caller. */
const LOGS_DIR = dirname(fileURLToPath(import.meta.url));

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
 * The first frame of the current stack outside this folder (klog's `runtime.Caller` with the logger's own frames
 * skipped), or `undefined` when none can be read. Only called when a line is written.
 */
export function callerOutsideLogs(): Caller | undefined {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, callerOutsideLogs);
  for (const text of (holder.stack ?? '').split('\n').slice(1)) {
    const frame = frameOf(text);
    if (frame !== undefined && dirname(frame.file) !== LOGS_DIR && !frame.file.startsWith('node:')) return frame;
  }
  return undefined;
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
