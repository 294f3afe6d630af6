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

/** The conversion of one request: its JSON value and strict errors, or the error it threw. */
export type YAMLDecodeAnswer =
  | { readonly id: number; readonly value: unknown; readonly strictErrors: readonly string[] }
  | { readonly id: number; readonly error: { readonly name: string; readonly message: string } };
