/**
 * Keeps a WatchCache in sync with storage: paged LIST at one revision, then WATCH from it; any error or end
 * of the watch starts over (client-go Reflector.ListAndWatch as used by the cacher).
 * @module
 */
import type { StorageInterface } from '../interfaces.js';
import type { StorageObject } from '../object.js';
import type { Watch } from '../watch.js';
import type { CacheEvent, WatchCache } from './watch-cache.js';

/** Callbacks and settings of a Reflector. */
export interface ReflectorOptions {
  /** The storage to mirror. */
  storage: StorageInterface;
  /** The resource prefix listed and watched recursively. */
  resourcePrefix: string;
  /** Cache key of an object. */
  keyFunc: (obj: StorageObject) => string;
  /** The cache to fill. */
  cache: WatchCache;
  /** Delay before listing again after a failure, in milliseconds. */
  backoffMs: number;
  /** Called after each successful (re)list. */
  onReady: () => void;
  /** Called when the watch breaks (before relisting). */
  onReset: () => void;
  /** Called for each applied change. */
  onEvent: (e: CacheEvent) => void;
  /** Receives one structured (JSON) line per reset, with its reason. */
  log: (line: string) => void;
}

/** Why a list-and-watch round ended: the error it failed with, or the watch ending on its own. */
function resetReason(err: unknown): string {
  if (err === undefined) return 'storage watch ended';
  return err instanceof Error ? err.message : String(err);
}

const pageSize = 10_000;

/** The list-and-watch loop. */
export class Reflector {
  readonly #o: ReflectorOptions;
  #stopped = false;
  #watch: Watch | undefined;
  #wake: (() => void) | undefined;
  /** What the loop was doing when it failed: `list`, `watch` (opening it) or `stream` (reading it). */
  #phase: 'list' | 'watch' | 'stream' = 'list';

  /** Creates a stopped reflector; call `run`. */
  constructor(options: ReflectorOptions) {
    this.#o = options;
  }

  /** Runs until `stop`; never rejects. */
  async run(): Promise<void> {
    while (!this.#stopped) {
      let failure: unknown;
      try {
        await this.#listAndWatch();
      } catch (err) {
        failure = err ?? new Error('unknown error');
      }
      if (this.#stopped) break;
      this.#logReset(failure);
      this.#o.onReset();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#o.backoffMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  #logReset(failure: unknown): void {
    const { resourcePrefix, cache, backoffMs } = this.#o;
    const phase = this.#phase;
    const reason = resetReason(failure);
    this.#o.log(
      JSON.stringify({ msg: 'watch cache reset', resource: resourcePrefix, phase, reason, resourceVersion: cache.resourceVersion, relistAfterMs: backoffMs }),
    );
  }

  /** Stops the loop and the storage watch. */
  stop(): void {
    this.#stopped = true;
    this.#watch?.stop();
    this.#wake?.();
  }

  async #list(): Promise<number> {
    const { storage, resourcePrefix, keyFunc, cache } = this.#o;
    const items: [string, StorageObject][] = [];
    let token = '';
    let rv = 0;
    do {
      const page = await storage.getList(resourcePrefix, { recursive: true, predicate: { limit: pageSize, continue: token } });
      rv ||= Number(page.resourceVersion);
      for (const obj of page.items) items.push([keyFunc(obj), obj]);
      token = page.continue ?? '';
    } while (token !== '' && !this.#stopped);
    cache.replace(items, rv);
    return rv;
  }

  async #listAndWatch(): Promise<void> {
    this.#phase = 'list';
    const rv = await this.#list();
    const { storage, resourcePrefix, keyFunc, cache } = this.#o;
    this.#phase = 'watch';
    this.#watch = await storage.watch(resourcePrefix, { recursive: true, resourceVersion: String(rv), progressNotify: true });
    if (this.#stopped) this.#watch.stop();
    this.#phase = 'stream';
    this.#o.onReady();
    for await (const ev of this.#watch) {
      if (ev.type === 'ERROR') throw new Error(`storage watch failed: ${ev.object.message}`);
      const evRv = Number(ev.object.metadata.resourceVersion ?? '0');
      if (ev.type === 'BOOKMARK') cache.updateResourceVersion(evRv);
      else this.#o.onEvent(cache.process(ev.type, keyFunc(ev.object), ev.object, evRv));
    }
  }
}
