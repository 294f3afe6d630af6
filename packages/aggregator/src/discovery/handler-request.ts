/**
 * An in-process GET against a handler (the delegate's unprotected handler): what kube-aggregator does for
 * local APIServices instead of a network round trip. The response is captured in memory.
 * @module
 */
import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Handler } from '@apiserver/server';

/** A captured response. */
export interface CapturedResponse {
  /** HTTP status. */
  readonly status: number;
  /** `Content-Type`, or "". */
  readonly contentType: string;
  /** The body. */
  readonly body: Buffer;
}

function headersArg(args: readonly unknown[]): OutgoingHttpHeaders | undefined {
  const last = args[args.length - 1];
  return typeof last === 'object' && last !== null && !Array.isArray(last) ? (last as OutgoingHttpHeaders) : undefined;
}

function captureInto(res: ServerResponse, done: (r: CapturedResponse) => void): void {
  const chunks: Buffer[] = [];
  const toBuffer = (chunk: unknown): Buffer | undefined =>
    chunk === undefined || chunk === null || typeof chunk === 'function' ? undefined : Buffer.from(chunk as string | Uint8Array);
  res.writeHead = ((status: number, ...args: unknown[]) => {
    res.statusCode = status;
    for (const [k, v] of Object.entries(headersArg(args) ?? {})) if (v !== undefined) res.setHeader(k, v);
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown) => {
    const b = toBuffer(chunk);
    if (b !== undefined) chunks.push(b);
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown) => {
    const b = toBuffer(chunk);
    if (b !== undefined) chunks.push(b);
    const type = res.getHeader('content-type');
    done({ status: res.statusCode, contentType: typeof type === 'string' ? type : '', body: Buffer.concat(chunks) });
    return res;
  }) as ServerResponse['end'];
}

/** Sends `GET path` with `accept` to `handler` in process and resolves with the captured answer. */
export function handlerGet(handler: Handler, path: string, accept: string): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.url = path;
    req.headers = { accept, host: 'localhost' };
    req.push(null);
    const res = new ServerResponse(req);
    captureInto(res, resolve);
    Promise.resolve(handler(req, res)).catch(reject);
  });
}
