import type { Parameter } from './parameter.js';
import type { Route } from './route.js';

/** A read-only view of the selected route (go-restful's `RouteReader`). */
export interface RouteReader {
  /** HTTP method. */
  readonly method: string;
  /** Consumed MIME types. */
  readonly consumes: readonly string[];
  /** Full path template. */
  readonly path: string;
  /** Summary. */
  readonly doc: string;
  /** Notes. */
  readonly notes: string;
  /** Operation name. */
  readonly operation: string;
  /** Parameter docs. */
  readonly parameterDocs: readonly Parameter[];
  /** A deep copy of the metadata. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** Whether the route is deprecated. */
  readonly deprecated: boolean;
}

function copyMetadata(metadata: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  try {
    return structuredClone({ ...metadata });
  } catch {
    // Values that cannot be cloned (functions) are shared rather than lost.
    return { ...metadata };
  }
}

/** Builds the reader of `route` (metadata deep-copied as go-restful does). */
export function routeReaderOf(route: Route): RouteReader {
  return Object.freeze({
    method: route.method,
    consumes: route.consumes,
    path: route.path,
    doc: route.doc,
    notes: route.notes,
    operation: route.operation,
    parameterDocs: route.parameterDocs,
    metadata: copyMetadata(route.metadata),
    deprecated: route.deprecated,
  });
}
