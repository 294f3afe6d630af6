/** Typed errors raised while resolving the kind of a body; the API layer answers them with 400 BadRequest. */
import { formatGroupVersion, type GroupVersionKind } from './group-version.js';

/** Base class of errors about an object's kind or apiVersion. */
export class SchemeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SchemeError';
  }
}

/** The kind is not registered for that group/version (Go: `runtime.notRegisteredErr`). */
export class NotRegisteredError extends SchemeError {
  /** The kind that was looked up. */
  readonly gvk: GroupVersionKind;
  constructor(gvk: GroupVersionKind, schemeName: string) {
    super(
      `no kind ${JSON.stringify(gvk.kind)} is registered for version ${JSON.stringify(formatGroupVersion(gvk))} in scheme ${JSON.stringify(schemeName)}`,
    );
    this.name = 'NotRegisteredError';
    this.gvk = gvk;
  }
}

/** The body has no `kind` (Go: `runtime.NewMissingKindErr`). */
export class MissingKindError extends SchemeError {
  constructor(data: string) {
    super(`Object 'Kind' is missing in '${data}'`);
    this.name = 'MissingKindError';
  }
}

/** The body has no `apiVersion` (Go: `runtime.NewMissingVersionErr`). */
export class MissingVersionError extends SchemeError {
  constructor(data: string) {
    super(`Object 'apiVersion' is missing in '${data}'`);
    this.name = 'MissingVersionError';
  }
}

/** A body could not be decoded (bad JSON, YAML or protobuf, or the wrong shape). */
export class DecodeError extends SchemeError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DecodeError';
  }
}

/** Returns true when the error is one of this module's scheme errors. */
export function isSchemeError(err: unknown): err is SchemeError {
  return err instanceof SchemeError;
}
