import type { Logger, Severity, Verbose } from './logger.js';
import { structuredText } from './text-format.js';

/**
 * A {@link Logger} handing each line's text, without header, to `log` (the `GenericAPIServerConfig.log` callback of
 * earlier versions): unstructured lines as they are, structured ones as klog's text body (`"message" key="value"`).
 * `v(n)` lines are written up to `verbosity` (default 0).
 */
export class CallbackLogger implements Logger {
  /** The verbosity. */
  readonly verbosity: number;
  readonly #log: (message: string) => void;

  /** A logger writing to `log`. */
  constructor(log: (message: string) => void, verbosity = 0) {
    this.#log = log;
    this.verbosity = verbosity;
  }

  /** A structured info line. */
  info(message: string, ...keysAndValues: unknown[]): void {
    this.#log(structuredText(message, undefined, keysAndValues));
  }

  /** A structured error line. */
  error(err: unknown, message: string, ...keysAndValues: unknown[]): void {
    this.#log(structuredText(message, err, keysAndValues));
  }

  /** An unstructured line (the severity is not written). */
  print(_severity: Severity, message: string): void {
    this.#log(message);
  }

  /** The logger of level `level`. */
  v(level: number): Verbose {
    const enabled = level <= this.verbosity;
    return {
      enabled,
      info: (message, ...keysAndValues) => {
        if (enabled) this.info(message, ...keysAndValues);
      },
      print: (message) => {
        if (enabled) this.#log(message);
      },
    };
  }
}
