/**
 * The append-only commit log: one fsync'd frame per record.
 * @module
 */
import { closeSync, fsyncSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import type { Journal, JournalRecord } from '../mvcc/journal.js';
import { encodeRecord } from './record-codec.js';
import { encodeFrame } from './record-frame.js';

/** A Journal writing to `path`; each append returns only after the data is on disk. */
export class WriteAheadLog implements Journal {
  readonly #path: string;
  #fd: number | undefined;
  #size: number;
  #records = 0;

  /** Opens `path` for appending at `validLength`, cutting off anything after it (a torn tail). */
  constructor(path: string, validLength: number) {
    this.#path = path;
    this.#fd = openSync(path, 'a+');
    ftruncateSync(this.#fd, validLength);
    fsyncSync(this.#fd);
    this.#size = validLength;
  }

  /** {@inheritDoc Journal.append} */
  append(record: JournalRecord): void {
    const fd = this.#requireOpen();
    const frame = encodeFrame(encodeRecord(record));
    let written = 0;
    try {
      while (written < frame.length) written += writeSync(fd, frame, written, frame.length - written);
      fsyncSync(fd);
    } catch (err) {
      // Cut a partial frame so the log stays a sequence of whole records.
      try {
        ftruncateSync(fd, this.#size);
      } catch {
        // Recovery drops the torn tail anyway.
      }
      throw err;
    }
    this.#size += frame.length;
    this.#records++;
  }

  /** Empties the log (after a snapshot covered every record in it). */
  truncate(): void {
    const fd = this.#requireOpen();
    ftruncateSync(fd, 0);
    fsyncSync(fd);
    this.#size = 0;
    this.#records = 0;
  }

  /** Bytes in the log. */
  get size(): number {
    return this.#size;
  }

  /** Records appended since open or the last truncate. */
  get records(): number {
    return this.#records;
  }

  /** The log file path. */
  get path(): string {
    return this.#path;
  }

  /** Closes the file; later appends throw. */
  close(): void {
    if (this.#fd === undefined) return;
    closeSync(this.#fd);
    this.#fd = undefined;
  }

  #requireOpen(): number {
    if (this.#fd === undefined) throw new Error(`write-ahead log ${this.#path} is closed`);
    return this.#fd;
  }
}
