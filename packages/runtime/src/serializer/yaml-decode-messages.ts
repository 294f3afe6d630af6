/** The messages between the event loop and the YAML decoding worker thread (yaml-decode-thread.ts). */

/** A text to convert, with the nesting limit. */
export interface YAMLDecodeRequest {
  /** Matches the answer to its request. */
  readonly id: number;
  /** The YAML text. */
  readonly text: string;
  /** The nesting limit (yamlToJSON's `max`). */
  readonly max: number;
}

/**
 * The conversion of one request: its value as JSON text (parsed on the event loop in time slices) and the strict
 * errors; or the value itself, structured-cloned, when JSON text cannot carry it exactly (a `-0`); or the error
 * it threw.
 */
export type YAMLDecodeAnswer =
  | { readonly id: number; readonly json: string; readonly strictErrors: readonly string[] }
  | { readonly id: number; readonly value: unknown; readonly strictErrors: readonly string[] }
  | { readonly id: number; readonly error: { readonly name: string; readonly message: string } };
