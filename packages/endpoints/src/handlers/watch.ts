/**
 * Watch streaming (handlers/watch.go `serveWatchHandler`, `WatchServer.HandleHTTP`): newline-delimited JSON or
 * length-delimited protobuf frames, flushed per event; ends on timeout, client close or the end of the watch.
 * Errors before the first byte are plain Status responses; after that they are ERROR events.
 */
import type { ApiObject, InternalListOptions, Watcher } from '@apiserver/registry';
import {
  encodeJSONWatchEvent,
  encodeProtobufWatchEvent,
  type KubeObject,
  type NegotiatedMediaType,
  negotiateOutputMediaTypeStream,
  resourceEndpointRestrictions,
  toStatus,
} from '@apiserver/runtime';
import type { WatchEvent } from '@apiserver/storage';
import { type HandlerRequest, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { statusErrorOf } from './status-of.js';
import { kubeObject, transformResponseObject, withTypeMeta } from './transform.js';

/** The watch duration: `timeoutSeconds`, else minRequestTimeout × (1 + rand) as upstream. */
export function watchTimeoutMs(scope: RequestScope, opts: InternalListOptions, random: () => number = Math.random): number {
  if (opts.timeoutSeconds !== undefined && opts.timeoutSeconds > 0) return opts.timeoutSeconds * 1000;
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

/** Serves a watch: negotiates a stream type (406), starts the storage watch, streams events until done. */
export async function serveWatch(scope: RequestScope, request: HandlerRequest, watcher: Watcher, opts: InternalListOptions): Promise<void> {
  const negotiated = negotiateOutputMediaTypeStream(
    request.req.headers.accept,
    scope.codecs.supportedMediaTypes,
    resourceEndpointRestrictions({ tableConvertor: scope.tableConvertor !== undefined }),
  );
  const ctx = requestContextOf(request, request.namespace, false, requestInfoOf(scope, request, 'watch'));
  const watch = await watcher.watch(ctx, opts);
  const { res } = request;
  const encode = encoderFor(scope, negotiated);
  const contentType = negotiated.info.mediaType === 'application/json' ? 'application/json' : (negotiated.info.stream?.mediaType ?? '');
  res.setHeader('Content-Type', contentType);
  res.setHeader('Transfer-Encoding', 'chunked');
  res.writeHead(200);
  res.flushHeaders();
  const timer = setTimeout(() => watch.stop(), watchTimeoutMs(scope, opts));
  const onClose = (): void => watch.stop();
  res.once('close', onClose);
  let first = true;
  try {
    for await (const event of watch) {
      if (res.destroyed) break;
      const object = await eventObject(scope, request, event, negotiated, first);
      if (event.type !== 'BOOKMARK' && event.type !== 'ERROR') first = false;
      res.write(encode(event.type, object));
    }
  } catch (err) {
    if (!res.destroyed) res.write(encode('ERROR', kubeObject(toStatus(statusErrorOf(err)))));
  } finally {
    clearTimeout(timer);
    res.off('close', onClose);
    watch.stop();
    res.end();
  }
}
