import { ServiceError } from '../service-error.js';
import type { Request } from '../request.js';
import type { Response } from '../response.js';
import type { EntityReaderWriter } from './entity-accessors.js';

const htmlUnsafe = /[<>&\u2028\u2029]/g;
const escapes: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** Go's `encoding/json` escapes `<`, `>`, `&`, U+2028 and U+2029 in strings. */
function escapeHtml(json: string): string {
  return json.replace(htmlUnsafe, (c) => escapes[c] ?? c);
}

/**
 * Encodes as go-restful: pretty is `json.MarshalIndent(v, "", " ")` (1-space indent,
 * no trailing newline); compact is `json.Encoder` output (trailing newline).
 */
export function encodeJSON(value: unknown, pretty: boolean): string {
  const text = pretty ? JSON.stringify(value, null, 1) : JSON.stringify(value);
  const escaped = escapeHtml(text ?? 'null');
  return pretty ? escaped : `${escaped}\n`;
}

/** A JSON accessor writing `contentType` (go-restful's `NewEntityAccessorJSON`). */
export function newEntityAccessorJSON(contentType: string): EntityReaderWriter {
  return {
    read(_request: Request, body: Buffer): unknown {
      try {
        return JSON.parse(body.toString('utf8'));
      } catch (error) {
        throw new ServiceError(400, error instanceof Error ? error.message : String(error));
      }
    },
    write(response: Response, status: number, value: unknown): void {
      if (value === undefined || value === null) {
        response.writeHeader(status);
        return;
      }
      const output = encodeJSON(value, response.isPrettyPrint());
      response.header().set('Content-Type', contentType);
      response.writeHeader(status);
      response.write(output);
    },
  };
}
