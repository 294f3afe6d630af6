import { MIME_JSON, MIME_XML, MIME_ZIP } from '../constants.js';
import type { Request } from '../request.js';
import type { Response } from '../response.js';
import { newEntityAccessorJSON } from './json-accessor.js';

/**
 * Reads and writes entities of one MIME type (go-restful's `EntityReaderWriter`).
 * `read` gets the (decompressed) body bytes; `write` sets Content-Type, the status and the body.
 */
export interface EntityReaderWriter {
  /** Decodes a request body; throwing rejects `readEntity` with a 400. */
  read(request: Request, body: Buffer): unknown;
  /** Writes `value` with `status`; undefined/null writes only the status. */
  write(response: Response, status: number, value: unknown): void;
}

const accessors = new Map<string, EntityReaderWriter>();
let defaultRequestType = '';
let defaultResponseType = '';

/** Adds or replaces the accessor for a MIME type (go-restful's `RegisterEntityAccessor`). */
export function registerEntityAccessor(mime: string, accessor: EntityReaderWriter): void {
  accessors.set(mime, accessor);
}

/**
 * The accessor for a MIME type: the exact key, else the first registered key that is
 * a substring of `mime` (registration order; go-restful's map order is random).
 */
export function accessorAt(mime: string): EntityReaderWriter | undefined {
  const exact = accessors.get(mime);
  if (exact !== undefined) return exact;
  for (const [key, accessor] of accessors) if (mime.includes(key)) return accessor;
  return undefined;
}

/** Sets the reader type used when a request's Content-Type has no accessor. */
export function defaultRequestContentType(mime: string): void {
  defaultRequestType = mime;
}

/** The reader fallback type (empty when unset). */
export function defaultRequestContentTypeValue(): string {
  return defaultRequestType;
}

/** Sets the writer fallback when negotiation finds nothing (only JSON, XML and ZIP are honoured). */
export function defaultResponseContentType(mime: string): void {
  defaultResponseType = mime;
}

/** The writer fallback accessor, if one is configured and registered. */
export function defaultResponseAccessor(): EntityReaderWriter | undefined {
  if (defaultResponseType === MIME_JSON || defaultResponseType === MIME_XML || defaultResponseType === MIME_ZIP) {
    return accessorAt(defaultResponseType);
  }
  return undefined;
}

registerEntityAccessor(MIME_JSON, newEntityAccessorJSON(MIME_JSON));
