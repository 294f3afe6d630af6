/** A built document kept serialized, with its ETag (kube-openapi `computeETag`) and derived encodings. */
import { createHash } from 'node:crypto';

/** kube-openapi `computeETag`: uppercase hex SHA-512. */
export function computeETag(data: Uint8Array): string {
  return createHash('sha512').update(data).digest('hex').toUpperCase();
}

/** One built document, serialized, with its ETag and build time. */
export class CachedDocument {
  /** The document. */
  readonly document: Record<string, unknown>;
  /** Its compact JSON. */
  readonly json: Buffer;
  /** {@link computeETag} of the JSON. */
  readonly etag: string;
  /** When it was built. */
  readonly lastModified = new Date();
  readonly #derived = new Map<string, Buffer>();

  /** Serializes a document. */
  constructor(document: Record<string, unknown>) {
    this.document = document;
    this.json = Buffer.from(JSON.stringify(document));
    this.etag = computeETag(this.json);
  }

  /** A derived representation (protobuf, gzip), computed once. */
  derived(key: string, make: () => Uint8Array): Buffer {
    let value = this.#derived.get(key);
    if (value === undefined) {
      value = Buffer.from(make());
      this.#derived.set(key, value);
    }
    return value;
  }
}
