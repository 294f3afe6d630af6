/**
 * `rest.ResourceStreamer` (k8s.io/apiserver pkg/registry/rest): what a getter returns instead of an object when the
 * answer is a byte stream (`pods/log`). The GET handler asks it for the stream and copies that to the client
 * (`responsewriters.StreamObject`); a streamer with nothing to stream answers 204 No Content.
 * @module
 */
import type { RequestContext } from './types.js';

/** The stream a {@link ResourceStreamer} opened. */
export interface StreamSource {
  /** The bytes to send; absent when there is nothing to stream (the handler answers 204 No Content). */
  readonly stream?: AsyncIterable<Uint8Array>;
  /** Whether each chunk is flushed to the client as it comes (`follow` of a log). */
  readonly flush: boolean;
  /** The response's Content-Type; empty means `application/octet-stream`, as upstream. */
  readonly contentType: string;
}

/** A result that is streamed to the client rather than encoded (upstream's `InputStream(ctx, apiVersion, accept)`). */
export interface ResourceStreamer {
  /** Opens the stream for the negotiated group-version `apiVersion` and the request's `Accept` header. */
  inputStream(ctx: RequestContext, apiVersion: string, accept: string): Promise<StreamSource>;
}

/** Whether a getter's result is a {@link ResourceStreamer} (upstream's `object.(rest.ResourceStreamer)`). */
export function isResourceStreamer(result: object): result is ResourceStreamer {
  return typeof (result as Partial<ResourceStreamer>).inputStream === 'function';
}
