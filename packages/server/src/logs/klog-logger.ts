import { callerAt, shortCaller, shortFile } from './caller.js';
import { jsonLine } from './json-format.js';
import type { Logger, Severity, Verbose, VerbositySetter } from './logger.js';
import { klogHeader, structuredText } from './text-format.js';

/** The output formats of `--logging-format`. */
export type LoggingFormat = 'text' | 'json';

/** The logging formats kube-apiserver's `--logging-format` accepts (and we write). */
export const LOGGING_FORMATS: readonly LoggingFormat[] = ['text', 'json'];

/** Options of {@link KlogLogger}. */
export interface KlogLoggerOptions {
  /** `text` (klog's header and pairs, default) or `json` (component-base's JSON lines). */
  readonly format?: LoggingFormat;
  /** The verbosity (`-v`, default 0). */
  readonly verbosity?: number;
  /** Where each line goes, newline included (default standard error, as klog and component-base write). */
  readonly write?: (line: string) => void;
  /** The clock, in milliseconds since the epoch with a fraction (default `performance.timeOrigin + performance.now()`). */
  readonly now?: () => number;
  /** The process ID written in text headers (default `process.pid`). */
  readonly pid?: number;
}

/** One written line, before it is formatted. */
interface Entry {
  readonly severity: Severity;
  readonly level: number;
  readonly message: string;
  readonly err: unknown;
  readonly keysAndValues: readonly unknown[];
  readonly structured: boolean;
}

const defaultWrite = (line: string): void => {
  process.stderr.write(line);
};

const defaultNow = (): number => performance.timeOrigin + performance.now();

/**
 * The server's logger: klog v2's text format or component-base's JSON format, gated on a verbosity that
 * `/debug/flags/v` may change while the server runs.
 */
export class KlogLogger implements Logger, VerbositySetter {
  /** The output format. */
  readonly format: LoggingFormat;
  #verbosity: number;
  readonly #write: (line: string) => void;
  readonly #now: () => number;
  readonly #pid: number;
  readonly #verbose = new Map<number, Verbose>();

  /** A logger with `options`. */
  constructor(options: KlogLoggerOptions = {}) {
    this.format = options.format ?? 'text';
    this.#verbosity = options.verbosity ?? 0;
    this.#write = options.write ?? defaultWrite;
    this.#now = options.now ?? defaultNow;
    this.#pid = options.pid ?? process.pid;
  }

  /** The verbosity. */
  get verbosity(): number {
    return this.#verbosity;
  }

  /** Sets the verbosity (`/debug/flags/v`). */
  setVerbosity(level: number): void {
    this.#verbosity = level;
  }

  /** A structured info line at level 0. */
  info(message: string, ...keysAndValues: unknown[]): void {
    this.#emit({ severity: 'info', level: 0, message, err: undefined, keysAndValues, structured: true });
  }

  /** A structured error line. */
  error(err: unknown, message: string, ...keysAndValues: unknown[]): void {
    this.#emit({ severity: 'error', level: 0, message, err, keysAndValues, structured: true });
  }

  /** An unstructured line. */
  print(severity: Severity, message: string): void {
    this.#emit({ severity, level: 0, message, err: undefined, keysAndValues: [], structured: false });
  }

  /** The logger of level `level` (one object per level, made once). */
  v(level: number): Verbose {
    let verbose = this.#verbose.get(level);
    if (verbose === undefined) {
      verbose = this.#newVerbose(level);
      this.#verbose.set(level, verbose);
    }
    return verbose;
  }

  #newVerbose(level: number): Verbose {
    const logger = this;
    return {
      get enabled() {
        return level <= logger.#verbosity;
      },
      info(message, ...keysAndValues) {
        if (level <= logger.#verbosity) logger.#emit({ severity: 'info', level, message, err: undefined, keysAndValues, structured: true });
      },
      print(message) {
        if (level <= logger.#verbosity) logger.#emit({ severity: 'info', level, message, err: undefined, keysAndValues: [], structured: false });
      },
    };
  }

  /** Writes a line; always called by a public method, itself called where the line is logged. */
  #emit(entry: Entry): void {
    const caller = callerAt(2);
    const now = this.#now();
    if (this.format === 'json') {
      const line = jsonLine({
        ts: now,
        caller: shortCaller(caller),
        msg: entry.message,
        v: entry.severity === 'error' ? undefined : entry.level,
        err: entry.err,
        keysAndValues: entry.keysAndValues,
      });
      this.#write(`${line}\n`);
      return;
    }
    const body = entry.structured ? structuredText(entry.message, entry.err, entry.keysAndValues) : entry.message;
    const text = `${klogHeader(entry.severity, now, this.#pid, shortFile(caller))}${body}`;
    this.#write(text.endsWith('\n') ? text : `${text}\n`);
  }
}
