/**
 * `StreamObject` (responsewriters/writers.go): the answer of a GET whose storage returned a
 * {@link ResourceStreamer} instead of an object (`pods/log`). The streamer opens its stream for the scope's
 * group-version and the request's Accept header; an error there is answered as any error (a Status), no stream is
 * `204 No Content`, and otherwise the bytes are copied under the streamer's Content-Type
 * (`application/octet-stream` when it names none), each chunk as it comes.
 * @module
 */
import { once } from 'node:events';
import type { RequestContext, ResourceStreamer } from '@apiserver/registry';
import type { HandlerRequest, RequestScope } from './request-scope.js';

/** Streams `streamer`'s bytes to the client with `status`; see the module comment. */
export async function streamObject(scope: RequestScope, request: HandlerRequest, ctx: RequestContext, status: number, streamer: ResourceStreamer): Promise<void> {
  const { group, version } = scope.kind;
  const apiVersion = group === '' ? version : `${group}/${version}`;
  const source = await streamer.inputStream(ctx, apiVersion, request.req.headers.accept ?? '');
  const res = request.res;
  if (source.stream === undefined) {
    res.writeHead(204);
    res.end();
    return;
  }
  res.setHeader('Content-Type', source.contentType === '' ? 'application/octet-stream' : source.contentType);
  res.writeHead(status);
  res.flushHeaders();
  try {
    for await (const chunk of source.stream) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
    res.end();
  } catch {
    // The headers are gone: a failed stream can only end the connection, as Go's io.Copy returning does.
    res.destroy();
  }
}
