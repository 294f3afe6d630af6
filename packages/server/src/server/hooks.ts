import type { HealthChecker } from '../healthz/health-checker.js';

/** What a post-start hook receives (k8s `PostStartHookContext`). */
export interface PostStartHookContext {
  /** Aborts when the server shuts down. */
  readonly signal: AbortSignal;
}

/** A function run once the server listens; the server is not ready until it resolves. */
export type PostStartHookFunc = (context: PostStartHookContext) => void | Promise<void>;

/** A function run when shutdown starts, before the listeners close. */
export type PreShutdownHookFunc = () => void | Promise<void>;

/** Thrown for a duplicate or late hook registration. */
export class HookRegistrationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'HookRegistrationError';
  }
}

interface PostStartHookEntry {
  readonly hook: PostStartHookFunc;
  state: 'pending' | 'done' | 'failed';
  error?: unknown;
}

/** The `poststarthook/<name>` check of a hook: failing until the hook finished. */
function hookCheck(name: string, entry: PostStartHookEntry): HealthChecker {
  return {
    name: `poststarthook/${name}`,
    check: () => {
      if (entry.state === 'failed') throw new Error(`hook failed: ${String(entry.error)}`);
      if (entry.state !== 'done') throw new Error('not finished');
    },
  };
}

/**
 * Named post-start and pre-shutdown hooks, each post-start hook with its `poststarthook/<name>` check, and the
 * boot-sequence checks added among them (upstream keeps one ordered list of checks per health endpoint, which a
 * hook and a check both append to).
 */
export class HookRegistry {
  readonly #postStart = new Map<string, PostStartHookEntry>();
  /** The hooks' checks, in registration order (made once per hook: health handlers read them on every request). */
  readonly #checks: HealthChecker[] = [];
  readonly #preShutdown = new Map<string, PreShutdownHookFunc>();
  #started = false;

  /** Adds a post-start hook; throws on a duplicate name or once hooks ran. */
  addPostStartHook(name: string, hook: PostStartHookFunc): void {
    if (name === '') throw new HookRegistrationError('missing name');
    if (this.#started) throw new HookRegistrationError(`unable to add ${JSON.stringify(name)} because PostStartHooks have already been run`);
    if (this.#postStart.has(name)) throw new HookRegistrationError(`unable to add ${JSON.stringify(name)} because it was already registered`);
    const entry: PostStartHookEntry = { hook, state: 'pending' };
    this.#postStart.set(name, entry);
    this.#checks.push(hookCheck(name, entry));
  }

  /** Adds checks after the hooks' checks registered so far; throws once hooks ran (the endpoints serve by then). */
  addChecks(checks: readonly HealthChecker[]): void {
    if (this.#started) throw new HookRegistrationError(`unable to add ${checks.map((c) => JSON.stringify(c.name)).join(', ')} because PostStartHooks have already been run`);
    this.#checks.push(...checks);
  }

  /** Adds a pre-shutdown hook; throws on a duplicate name. */
  addPreShutdownHook(name: string, hook: PreShutdownHookFunc): void {
    if (name === '') throw new HookRegistrationError('missing name');
    if (this.#preShutdown.has(name)) throw new HookRegistrationError(`unable to add ${JSON.stringify(name)} because it is already registered`);
    this.#preShutdown.set(name, hook);
  }

  /** The `poststarthook/<name>` checks (failing until the hook finished) and the added checks, in the order added. */
  checks(): readonly HealthChecker[] {
    return this.#checks;
  }

  /** Runs every post-start hook concurrently; resolves when all settled. Failures are reported to `onError`. */
  async runPostStartHooks(context: PostStartHookContext, onError: (name: string, err: unknown) => void): Promise<void> {
    this.#started = true;
    await Promise.all(
      [...this.#postStart].map(async ([name, entry]) => {
        try {
          await entry.hook(context);
          entry.state = 'done';
        } catch (err) {
          entry.state = 'failed';
          entry.error = err;
          onError(name, err);
        }
      }),
    );
  }

  /** Runs every pre-shutdown hook concurrently; failures are reported to `onError`. */
  async runPreShutdownHooks(onError: (name: string, err: unknown) => void): Promise<void> {
    await Promise.all(
      [...this.#preShutdown].map(async ([name, hook]) => {
        try {
          await hook();
        } catch (err) {
          onError(name, err);
        }
      }),
    );
  }
}
