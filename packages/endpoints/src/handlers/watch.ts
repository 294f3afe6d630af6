/**
 * Watch streaming (handlers/watch.go `serveWatchHandler`, `WatchServer.HandleHTTP`): newline-delimited JSON or
 * length-delimited protobuf frames, flushed per event; ends on timeout, client close or the end of the watch.
 * Errors before the first byte are plain Status responses; after that they are ERROR events.
 */
import type { ApiObject, InternalListOptions, RequestContext, Watcher } from '@apiserver/registry';
import {
  encodeJSONWatchEvent,
  encodeProtobufWatchEvent,
  type KubeObject,
  type NegotiatedMediaType,
  negotiateOutputMediaTypeStream,
  resourceEndpointRestrictions,
  toStatus,
} from '@apiserver/runtime';
import type { Watch, WatchEvent } from '@apiserver/storage';
import { type HandlerRequest, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { statusErrorOf } from './status-of.js';
import { kubeObject, transformResponseObject, withTypeMeta } from './transform.js';
import { setLongTimeout } from './long-timer.js';
import { SharedWatchFrames, type StreamFrames } from './watch-frames.js';

/** The frames of the watch cache's shared events, for every watch handler of this process. */
const sharedFrames = new SharedWatchFrames();

/**
 * The watch duration: `timeoutSeconds` (any size: a huge value is a very long watch; a negative one ends the watch
 * at once, as Go's timer of a negative duration fires at once), else for 0 or none minRequestTimeout × (1 + rand)
 * as upstream.
 */
export function watchTimeoutMs(scope: RequestScope, opts: InternalListOptions, random: () => number = Math.random): number {
  if (opts.timeoutSeconds !== undefined && opts.timeoutSeconds !== 0) return Math.max(0, opts.timeoutSeconds * 1000);
  return Math.floor(scope.minRequestTimeoutSeconds * (1 + random()) * 1000);
}

function encoderFor(scope: RequestScope, negotiated: NegotiatedMediaType): (type: string, object: KubeObject) => Uint8Array {
  if (negotiated.info.stream?.framing === 'length-delimited') {
    return (type, object) => encodeProtobufWatchEvent(scope.codecs.protobuf, { type, object });
  }
  return (type, object) => encodeJSONWatchEvent(scope.codecs.json, { type, object });
}

async function eventObject(
  scope: RequestScope,
  request: HandlerRequest,
  event: WatchEvent<ApiObject>,
  negotiated: NegotiatedMediaType,
  first: boolean,
): Promise<KubeObject> {
  if (event.type === 'ERROR') return { ...event.object };
  const typed = withTypeMeta(scope, { ...event.object });
  if (event.type === 'BOOKMARK') return typed;
  // A watch of a PartialObjectMetadataList streams PartialObjectMetadata events.
  const target =
    negotiated.target?.kind === 'PartialObjectMetadataList' ? { ...negotiated.target, kind: 'PartialObjectMetadata' } : negotiated.target;
  return transformResponseObject(scope, { namespace: request.namespace }, typed, target, request.query, !first);
}

/**
 * The frame of one event. An object event of a watch that asks for no transformation (no Table or metadata-only
 * target) comes out the same for every such watcher of the handler: when its object is the watch cache's shared,
 * frozen one, the frame is encoded once and shared, and the other watchers only look it up (no copy, no promise).
 */
function eventFrame(
  scope: RequestScope,
  request: HandlerRequest,
  event: WatchEvent<ApiObject>,
  negotiated: NegotiatedMediaType,
  first: boolean,
  encode: (type: string, object: KubeObject) => Uint8Array,
  shared: StreamFrames,
): Uint8Array | Promise<Uint8Array> {
  if (negotiated.target === undefined && (event.type === 'ADDED' || event.type === 'MODIFIED' || event.type === 'DELETED')) {
    // With no target, the transformation returns the typed object as it is: what eventObject would give.
    return shared.frame(event.type, event.object, () => encode(event.type, withTypeMeta(scope, { ...event.object })));
  }
  return eventObject(scope, request, event, negotiated, first).then((object) => encode(event.type, object));
}

/** Where encoded watch events go: the chunked HTTP response or a WebSocket. */
export interface WatchSink {
  /**
   * Sends one encoded event; false when the client has not yet taken what was sent before, and the pump waits for
   * {@link WatchSink.drained} before it takes the next event from the storage watch (so a client that stops
   * reading fills the storage watch's bounded buffer, which ends the watch, instead of server memory).
   */
  send(frame: Uint8Array): boolean;
  /** Resolves once the client has taken what was sent (or is gone). */
  drained(): Promise<void>;
  /** Whether the client is gone. */
  closed(): boolean;
  /** Calls `fn` once when the client goes away. */
  onClose(fn: () => void): () => void;
  /** Ends the stream. */
  end(): void;
}

/** The stream media type a watch request negotiates (406 listing the stream types when none). */
export function negotiateWatch(scope: RequestScope, request: HandlerRequest): NegotiatedMediaType {
  return negotiateOutputMediaTypeStream(
    request.req.headers.accept,
    scope.serializers,
    resourceEndpointRestrictions({ tableConvertor: scope.tableConvertor !== undefined }),
  );
}

/** The Content-Type of a watch stream (`application/json` for JSON, as upstream). */
export function watchContentType(negotiated: NegotiatedMediaType): string {
  return negotiated.info.mediaType === 'application/json' ? 'application/json' : (negotiated.info.stream?.mediaType ?? '');
}

/**
 * The context of a watch's storage call: the request's, with the deadline at which the handler will end the watch
 * (upstream's handler wraps the request context in a timeout of the same length; the watch cache reads it).
 */
export function watchContext(scope: RequestScope, request: HandlerRequest, timeoutMs: number): RequestContext {
  const ctx = requestContextOf(request, request.namespace, false, requestInfoOf(scope, request, 'watch'));
  Object.defineProperty(ctx, 'deadline', { value: Date.now() + timeoutMs, enumerable: true });
  return ctx;
}

/**
 * Streams the events of a started watch into a sink until timeout (`timeoutMs`, by default {@link watchTimeoutMs}),
 * client close or the end of the watch.
 */
export async function pumpWatch(
  scope: RequestScope,
  request: HandlerRequest,
  watch: Watch<ApiObject>,
  negotiated: NegotiatedMediaType,
  opts: InternalListOptions,
  sink: WatchSink,
  timeoutMs: number = watchTimeoutMs(scope, opts),
): Promise<void> {
  const encode = encoderFor(scope, negotiated);
  const shared = sharedFrames.forStream(scope, `${negotiated.info.mediaType} ${negotiated.info.stream?.framing ?? ''}`);
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = () => {
      watch.stop();
      resolve();
    };
  });
  const cancelTimer = setLongTimeout(stop, timeoutMs);
  const off = sink.onClose(stop);
  let first = true;
  try {
    for await (const event of watch) {
      if (sink.closed()) break;
      const framed = eventFrame(scope, request, event, negotiated, first, encode, shared);
      const frame = framed instanceof Uint8Array ? framed : await framed;
      if (event.type !== 'BOOKMARK' && event.type !== 'ERROR') first = false;
      scope.watchEvents?.events.inc();
      scope.watchEvents?.sizes.observe(frame.byteLength);
      // Upstream's handler blocks on the client's TCP window the same way; the timeout still ends the watch.
      if (!sink.send(frame)) await Promise.race([sink.drained(), stopped]);
    }
  } catch (err) {
    if (!sink.closed()) sink.send(encode('ERROR', kubeObject(toStatus(statusErrorOf(err)))));
  } finally {
    cancelTimer();
    off();
    watch.stop();
    sink.end();
  }
}

/** Resolves on the stream's next `drain` or `close`. */
export function drainedOrClosed(stream: NodeJS.EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Serves a watch: negotiates a stream type (406), starts the storage watch, streams events until done. */
export async function serveWatch(scope: RequestScope, request: HandlerRequest, watcher: Watcher, opts: InternalListOptions): Promise<void> {
  const negotiated = negotiateWatch(scope, request);
  const timeoutMs = watchTimeoutMs(scope, opts);
  const watch = await watcher.watch(watchContext(scope, request, timeoutMs), opts);
  const { res } = request;
  res.setHeader('Content-Type', watchContentType(negotiated));
  res.setHeader('Transfer-Encoding', 'chunked');
  res.writeHead(200);
  res.flushHeaders();
  await pumpWatch(scope, request, watch, negotiated, opts, {
    send: (frame) => res.write(frame),
    drained: () => drainedOrClosed(res),
    closed: () => res.destroyed,
    onClose: (fn) => {
      res.once('close', fn);
      return () => res.off('close', fn);
    },
    end: () => res.end(),
  }, timeoutMs);
}
