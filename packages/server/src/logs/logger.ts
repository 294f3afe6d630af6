/** klog's severities of unstructured lines (`klog.Info`, `klog.Warning`, `klog.Error`). */
export type Severity = 'info' | 'warning' | 'error';

/** A verbosity-gated logger (klog's `Verbose`, what `V(n)` returns). */
export interface Verbose {
  /** Whether lines at this level are written (`V(n).Enabled()`). */
  readonly enabled: boolean;
  /** A structured line at this level (`V(n).InfoS`): a message and key/value pairs. */
  info(message: string, ...keysAndValues: unknown[]): void;
  /** An unstructured line at this level (`V(n).Infof` with the message formatted by the caller). */
  print(message: string): void;
}

/**
 * A structured logger with klog v2's surface: `info` and `error` write key/value pairs (`InfoS`, `ErrorS`), `v(n)`
 * gates lines on the verbosity (`-v`), `print` writes an unstructured line (`Infof`, `Warningf`, `Errorf`).
 * Keys are plain identifiers (`pod`, `URI`, `audit-ID`); values are formatted by the output format.
 */
export interface Logger {
  /** The verbosity (`-v`): `v(n)` lines are written when `n <= verbosity`. */
  readonly verbosity: number;
  /** A structured info line at level 0 (`klog.InfoS`). */
  info(message: string, ...keysAndValues: unknown[]): void;
  /** A structured error line (`klog.ErrorS`); `err` (if not `undefined`) is written as `err`. */
  error(err: unknown, message: string, ...keysAndValues: unknown[]): void;
  /** The logger for level `level` (`klog.V`). */
  v(level: number): Verbose;
  /** An unstructured line of `severity`, the message written as it is. */
  print(severity: Severity, message: string): void;
}

/** A logger whose verbosity can change at runtime (`/debug/flags/v`). */
export interface VerbositySetter {
  /** Sets the verbosity. */
  setVerbosity(level: number): void;
}

/** Whether `logger` lets its verbosity be changed. */
export function isVerbositySetter(logger: Logger): logger is Logger & VerbositySetter {
  return typeof (logger as Partial<VerbositySetter>).setVerbosity === 'function';
}
