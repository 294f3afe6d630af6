/** Where the package logs (go-restful's `log.StdLogger`). */
export interface Logger {
  /** Prints one message. */
  print(message: string): void;
}

let logger: Logger = { print: (message) => console.error(`[restful] ${message}`) };

/** Replaces the package logger (default: stderr with a `[restful] ` prefix, as go-restful). */
export function setLogger(next: Logger): void {
  logger = next;
}

/** Logs a message with the package logger. */
export function logPrint(message: string): void {
  logger.print(message);
}
