/**
 * Shutdown signals as apiserver's `SetupSignalContext` handles them: the first SIGTERM or SIGINT starts a graceful
 * shutdown; a second one, while it runs, ends the process at once with exit code 1.
 * @module
 */

/** What {@link setupSignalHandler} calls. */
export interface SignalHandlerOptions {
  /** The signals (default SIGTERM and SIGINT). */
  readonly signals?: readonly NodeJS.Signals[];
  /** Called at the first signal (start shutting down). */
  readonly onFirst: (signal: NodeJS.Signals) => void;
  /** Ends the process at the second signal (default `process.exit`). */
  readonly exit?: (code: number) => void;
}

/** Installs the handlers; returns a function removing them (once the shutdown is over). */
export function setupSignalHandler(o: SignalHandlerOptions): () => void {
  const signals = o.signals ?? ['SIGTERM', 'SIGINT'];
  let received = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received) {
      (o.exit ?? process.exit)(1);
      return;
    }
    received = true;
    o.onFirst(signal);
  };
  for (const s of signals) process.on(s, onSignal);
  return () => {
    for (const s of signals) process.off(s, onSignal);
  };
}
