/**
 * Errors of the durable log and snapshots.
 * @module
 */

/** The data directory holds damage that is not a torn final write (a bad record followed by good data, a bad snapshot). */
export class CorruptLogError extends Error {
  /** The file with the damage. */
  readonly file: string;
  /** Byte offset of the damaged record. */
  readonly offset: number;
  constructor(file: string, offset: number, detail: string) {
    super(`corrupt storage file ${file} at offset ${offset}: ${detail}`);
    this.name = 'CorruptLogError';
    this.file = file;
    this.offset = offset;
  }
}
