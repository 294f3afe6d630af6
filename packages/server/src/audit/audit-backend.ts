/**
 * Audit backends (apiserver `pkg/audit` `Backend`) and the log backend (`plugin/pkg/audit/log`): one JSON line
 * per event, to a file (`--audit-log-path`, created with its folder, appended to) or to standard output (`-`).
 * @module
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { type AuditEvent, orderedAuditEvent } from './event.js';

/** Where audit events go. */
export interface AuditBackend {
  /** Takes events; an event object is reused for the request's later stages, so keep a copy, not the object. */
  processEvents(...events: AuditEvent[]): void;
  /** Flushes and releases the backend. */
  shutdown(): void;
}

/**
 * The log backend in its default (blocking) mode: each event is written before the request goes on, so a line is
 * on disk when the client has its answer. Lines are JSON, in the event's field order.
 */
export class AuditLogBackend implements AuditBackend {
  readonly #fd: number;
  readonly #owned: boolean;
  #closed = false;

  /** A backend writing to `path` (`-` = standard output). */
  constructor(path: string) {
    if (path === '-') {
      this.#fd = 1;
      this.#owned = false;
      return;
    }
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.#fd = openSync(path, 'a', 0o600);
    this.#owned = true;
  }

  /** Writes one line per event. */
  processEvents(...events: AuditEvent[]): void {
    if (this.#closed) return;
    for (const event of events) writeSync(this.#fd, `${JSON.stringify(orderedAuditEvent(event))}\n`);
  }

  /** Closes the file (standard output stays open). */
  shutdown(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#owned) closeSync(this.#fd);
  }
}
