/**
 * Writing discovery documents: negotiated like any response; the core group's documents (and `/api`, `/apis`)
 * drop `apiVersion` as kube-apiserver's `stripVersionNegotiatedSerializer` does.
 */
import type { ServerResponse, IncomingMessage } from 'node:http';
import {
  type CodecFactory,
  escapeGoJSON,
  type KubeObject,
  negotiateOutputMediaType,
  type NegotiatedMediaType,
  toStatus,
} from '@apiserver/runtime';
import { statusErrorOf } from '../handlers/status-of.js';
import { kubeObject } from '../handlers/transform.js';

/** How to write one discovery document. */
export interface DiscoveryWriteOptions {
  /** Drop `apiVersion` (group "" documents and the roots). */
  readonly stripVersion: boolean;
  /** The negotiated media type, when already chosen. */
  readonly negotiated?: NegotiatedMediaType;
  /** Extra response headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Content-Type to send instead of the negotiated media type. */
  readonly contentType?: string;
}

function pretty(req: IncomingMessage): boolean {
  const q = new URL(req.url ?? '/', 'http://x').searchParams.get('pretty');
  if (q !== null) return q === 'true' || q === '1';
  const ua = req.headers['user-agent'] ?? '';
  return ua.startsWith('curl') || ua.startsWith('Wget') || ua.startsWith('Mozilla/5.0');
}

/** Encodes a discovery document with the negotiated serializer (JSON text when stripping the version). */
export function encodeDiscovery(codecs: CodecFactory, req: IncomingMessage, obj: KubeObject, options: DiscoveryWriteOptions): { body: Uint8Array; mediaType: string } {
  const negotiated = options.negotiated ?? negotiateOutputMediaType(req.headers.accept, codecs.supportedMediaTypes);
  const indent = pretty(req) || negotiated.pretty;
  if (options.stripVersion && negotiated.info.mediaType === 'application/json') {
    const { apiVersion: _dropped, ...rest }: Record<string, unknown> = JSON.parse(codecs.json.encodeToString(obj));
    const text = indent ? JSON.stringify(rest, null, 2) : `${JSON.stringify(rest)}\n`;
    return { body: new TextEncoder().encode(escapeGoJSON(text)), mediaType: negotiated.info.mediaType };
  }
  return { body: negotiated.info.serializer.encode(obj, { pretty: indent }), mediaType: negotiated.info.mediaType };
}

/** Writes a discovery document, or its negotiation error as a Status. */
export function writeDiscovery(codecs: CodecFactory, req: IncomingMessage, res: ServerResponse, obj: KubeObject, options: DiscoveryWriteOptions): void {
  let encoded: { body: Uint8Array; mediaType: string };
  let status = 200;
  try {
    encoded = encodeDiscovery(codecs, req, obj, options);
    for (const [k, v] of Object.entries(options.headers ?? {})) res.setHeader(k, v);
  } catch (err) {
    const s = toStatus(statusErrorOf(err));
    status = s.code ?? 500;
    encoded = { body: codecs.json.encode(kubeObject(s)), mediaType: 'application/json' };
  }
  res.setHeader('Content-Type', status === 200 && options.contentType !== undefined ? options.contentType : encoded.mediaType);
  res.setHeader('Content-Length', encoded.body.length);
  res.writeHead(status);
  res.end(encoded.body);
}
