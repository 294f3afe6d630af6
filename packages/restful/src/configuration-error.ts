/**
 * Why a {@link ConfigurationError} was thrown; each replaces an `os.Exit(1)` or a
 * returned error of go-restful.
 */
export type ConfigurationErrorCode =
  | 'DuplicateRootPath'
  | 'MissingRouteFunction'
  | 'DynamicRoutesDisabled'
  | 'InvalidPattern'
  | 'MissingPathParameter';

/**
 * Thrown at registration time for a setup go-restful would reject by exiting the
 * process (duplicate WebService root, route without `to()`), or for API misuse.
 */
export class ConfigurationError extends Error {
  /** The stable error code. */
  readonly code: ConfigurationErrorCode;

  /** Creates the error with its code and message. */
  constructor(code: ConfigurationErrorCode, message: string) {
    super(message);
    this.name = 'ConfigurationError';
    this.code = code;
  }
}
