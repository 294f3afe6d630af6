/**
 * A routing or request error with an HTTP status, as go-restful's `ServiceError`.
 *
 * Routers throw it for 404/405/406/415; `Request.readEntity` rejects with it for
 * unreadable bodies. The container's service-error handler turns it into a response.
 */
export class ServiceError extends Error {
  /** The HTTP status code. */
  readonly code: number;
  /** Headers to send with the error response (for 405, `Allow`). */
  readonly header: Readonly<Record<string, string>>;

  /** Creates a ServiceError with a status code, a message and optional response headers. */
  constructor(code: number, message: string, header: Readonly<Record<string, string>> = {}) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.header = header;
  }

  /** Formats the error as go-restful does: `[ServiceError:<code>] <message>`. */
  override toString(): string {
    return `[ServiceError:${this.code}] ${this.message}`;
  }
}

/** Type guard for {@link ServiceError}. */
export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
