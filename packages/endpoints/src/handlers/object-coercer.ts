/**
 * The part of a scope's decoder that a kind outside the scheme brings with it (apiextensions' schema-coercing
 * decoder and defaulter of custom resources): what Go's typed decode and the scheme's defaulting do for built-in
 * kinds, done by the kind's own schema when a body or a patched object is decoded, before managedFields, admission
 * and the audit log see it.
 */
import type { ApiObject } from '@apiserver/registry';

/** The object a coercion made and the unknown fields it dropped. */
export interface CoercedObject {
  /** The object without the fields its schema does not know. */
  readonly object: ApiObject;
  /** The dropped fields' paths (`metadata.foo`, `spec.bar`), in the order the decoder reports them. */
  readonly unknownFields: readonly string[];
}

/** Coerces and defaults decoded objects of one served kind. */
export interface ObjectCoercer {
  /**
   * Prunes a decoded object to its schema and checks its metadata as Go decodes ObjectMeta; a value the decoder
   * refuses throws an `Error` whose message is the problem (the handler answers it as a decode error).
   */
  coerce(obj: ApiObject): CoercedObject;
  /** Applies the schema's defaults to `obj` in place. */
  default(obj: ApiObject): void;
}

/** The strict decoding messages of unknown field paths (`unknown field "spec.foo"`). */
export function unknownFieldProblems(paths: readonly string[]): string[] {
  return paths.map((p) => `unknown field ${JSON.stringify(p)}`);
}
