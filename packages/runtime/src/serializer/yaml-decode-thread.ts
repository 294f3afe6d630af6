/**
 * YAML conversion off the event loop. {@link yamlToJSON} reads about 0.4–1 MB/s (the `yaml` library's lexer,
 * parser and composer, then Go's conversion rules), so a 3 MiB body would hold the event loop for seconds.
 * Texts of {@link YAML_OFF_THREAD_CHARS} characters or more are converted by one worker thread instead, started
 * on first use and reused (requests queue in it, one conversion at a time); smaller ones, every usual manifest,
 * are converted in place, sparing the messages. The worker runs the same code, so values, strict errors and
 * error messages are the same; the event loop only parses the answer's JSON text, in time slices (runtime/time-slice.ts).
 *
 * The thread is unreferenced while no conversion is pending: it never keeps a process alive.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { TimeSlicer } from '../runtime/time-slice.js';
import { parseJSONLimitedSteps } from './json-parse-steps.js';
import { MAX_NESTING_DEPTH } from './nesting-depth.js';
import type { YAMLDecodeAnswer, YAMLDecodeRequest } from './yaml-decode-messages.js';
import { type YAMLToJSONResult, YAMLToJSONError, yamlToJSON } from './yaml-to-json.js';

/**
 * The length (in UTF-16 characters) from which {@link yamlToJSONAsync} converts in the worker thread: 32 Ki
 * characters take 30–80 ms to convert in place on a loaded machine, more than handing them to the thread costs.
 */
export const YAML_OFF_THREAD_CHARS = 32 * 1024;

/** The thread failed (could not start, crashed or was closed): not a property of the YAML text. */
export class YAMLDecodeThreadError extends Error {
  /** Creates the error. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'YAMLDecodeThreadError';
  }
}

/**
 * The worker's entry, next to this module: the compiled `yaml-decode-worker.js` (in a package's dist, or the
 * copy kube-lite's bundle script writes next to its bundle), or its TypeScript source when the sources run as
 * they are (the tests' module hooks, which the worker inherits with the process' `execArgv`).
 */
function defaultEntry(): URL {
  const compiled = new URL('./yaml-decode-worker.js', import.meta.url);
  const source = new URL('./yaml-decode-worker.ts', import.meta.url);
  return !existsSync(fileURLToPath(compiled)) && existsSync(fileURLToPath(source)) ? source : compiled;
}

/** The error an answer carries, as the in-place conversion would have thrown it. */
function errorOf(error: { readonly name: string; readonly message: string }): Error {
  if (error.name === 'YAMLToJSONError') return new YAMLToJSONError(error.message);
  const err = new Error(error.message);
  err.name = error.name;
  return err;
}

interface Pending {
  readonly resolve: (result: YAMLToJSONResult) => void;
  readonly reject: (err: Error) => void;
}

/** One worker thread converting YAML texts with {@link yamlToJSON}, started on first use. */
export class YAMLDecodeThread {
  readonly #entry: URL | undefined;
  readonly #pending = new Map<number, Pending>();
  #worker: Worker | undefined;
  #nextId = 0;
  #conversions = 0;

  /** A thread running `entry` (by default the worker module next to this one); nothing starts before a decode. */
  constructor(entry?: URL) {
    this.#entry = entry;
  }

  /** How many conversions the thread has answered (with a value or an error). */
  get conversions(): number {
    return this.#conversions;
  }

  /** The worker's thread id while it runs; undefined before the first decode and after {@link close}. */
  get threadId(): number | undefined {
    return this.#worker?.threadId;
  }

  /**
   * Converts `text` in the thread: resolves as {@link yamlToJSON} returns, rejects with the error it throws (a
   * YAMLToJSONError with Go's message), or with a YAMLDecodeThreadError when the thread fails.
   */
  decode(text: string, max = MAX_NESTING_DEPTH): Promise<YAMLToJSONResult> {
    return new Promise((resolve, reject) => {
      const worker = this.#started();
      const id = this.#nextId++;
      if (this.#pending.size === 0) worker.ref();
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, max } satisfies YAMLDecodeRequest);
    });
  }

  /** Stops the thread; pending conversions fail with a YAMLDecodeThreadError. A later decode starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (worker === undefined) return;
    this.#stopped(worker, new YAMLDecodeThreadError('the YAML decoding thread was closed'));
    await worker.terminate();
  }

  #started(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    let worker: Worker;
    try {
      worker = new Worker(this.#entry ?? defaultEntry(), { name: 'yaml-decode' });
    } catch (err) {
      throw new YAMLDecodeThreadError(`the YAML decoding thread failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    worker.unref();
    worker.on('message', (answer: YAMLDecodeAnswer) => this.#settle(worker, answer));
    worker.on('error', (err) => this.#stopped(worker, new YAMLDecodeThreadError(`the YAML decoding thread failed: ${err.message}`, { cause: err })));
    worker.on('exit', (code) => this.#stopped(worker, new YAMLDecodeThreadError(`the YAML decoding thread exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }

  #settle(worker: Worker, answer: YAMLDecodeAnswer): void {
    const pending = this.#pending.get(answer.id);
    if (pending === undefined) return;
    this.#pending.delete(answer.id);
    this.#conversions++;
    if (this.#pending.size === 0) worker.unref();
    if ('error' in answer) pending.reject(errorOf(answer.error));
    else if ('value' in answer) pending.resolve({ value: answer.value, strictErrors: answer.strictErrors });
    else {
      const { strictErrors } = answer;
      new TimeSlicer().run(parseJSONLimitedSteps(answer.json)).then((value) => pending.resolve({ value, strictErrors }), pending.reject);
    }
  }

  /** Forgets a worker that stopped (once: `error` is followed by `exit`), failing what it had pending. */
  #stopped(worker: Worker, err: YAMLDecodeThreadError): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) p.reject(err);
  }
}

let shared: YAMLDecodeThread | undefined;

/** The process' YAML decoding thread, which {@link yamlToJSONAsync} uses (created on first call, started on first decode). */
export function yamlDecodeThread(): YAMLDecodeThread {
  shared ??= new YAMLDecodeThread();
  return shared;
}

/**
 * {@link yamlToJSON} without holding the event loop: a text of {@link YAML_OFF_THREAD_CHARS} characters or more
 * is converted by the process' YAML decoding thread, a smaller one in place. Same value, strict errors and
 * errors (rejections) as yamlToJSON; a YAMLDecodeThreadError when the thread fails.
 */
export function yamlToJSONAsync(text: string, max = MAX_NESTING_DEPTH): Promise<YAMLToJSONResult> {
  if (text.length >= YAML_OFF_THREAD_CHARS) return yamlDecodeThread().decode(text, max);
  return new Promise((resolve) => resolve(yamlToJSON(text, max)));
}
