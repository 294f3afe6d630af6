import type { Request } from './request.js';
import type { Response } from './response.js';
import type { ServiceError } from './service-error.js';

/** Writes a routing error (go-restful's `ServiceErrorHandleFunction`). */
export type ServiceErrorHandleFunction = (error: ServiceError, request: Request, response: Response) => void;

/**
 * go-restful's default `writeServiceError`: adds the error's headers (e.g. `Allow`),
 * then writes the message as plain text with the error's status.
 */
export function writeServiceError(error: ServiceError, _request: Request, response: Response): void {
  for (const [name, value] of Object.entries(error.header)) response.addHeader(name, value);
  response.writeErrorString(error.code, error.message);
}
