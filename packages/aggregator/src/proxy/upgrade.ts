/**
 * Upgrade requests (WebSocket, SPDY) through the proxy (apimachinery `UpgradeAwareHandler` with
 * `upgradeRequired`): node hands an upgrade to the server's `'upgrade'` listener with the raw socket; the
 * aggregator runs it through its handler chain with a response bound to that socket, and the proxy, finding the
 * socket here, opens the upgrade to the backend and splices the two connections once the backend switches
 * protocols. A backend answering without switching is relayed as a plain response.
 * @module
 */
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import { tlsRequestOptions, type UpstreamTLS } from './backend-tls.js';

/** The raw connection of an upgrade request. */
export interface UpgradeConnection {
  /** The client socket. */
  readonly socket: Duplex;
  /** Bytes the client sent after the request head. */
  readonly head: Buffer;
}

const UPGRADES = new WeakMap<IncomingMessage, UpgradeConnection>();

/** Records that `request` came through the `'upgrade'` event with this connection. */
export function markUpgrade(request: IncomingMessage, connection: UpgradeConnection): void {
  UPGRADES.set(request, connection);
}

/** The connection of an upgrade request, if `request` is one. */
export function upgradeOf(request: IncomingMessage): UpgradeConnection | undefined {
  return UPGRADES.get(request);
}

function statusHead(answer: IncomingMessage): string {
  const lines = [`HTTP/1.1 ${answer.statusCode ?? 101} ${answer.statusMessage ?? 'Switching Protocols'}`];
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Opens the upgrade at `target` with `headers` (the forwarded ones; `Connection`/`Upgrade` are set again) and
 * splices the sockets; resolves when the tunnel closes or a plain answer was relayed into `response`, rejects
 * when the backend cannot be reached.
 */
export function forwardUpgrade(
  request: IncomingMessage,
  response: ServerResponse,
  connection: UpgradeConnection,
  target: URL,
  headers: OutgoingHttpHeaders,
  tls: UpstreamTLS,
  signal: AbortSignal | undefined,
): Promise<void> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const { socket, head } = connection;
  return new Promise((resolve, reject) => {
    const upstream = send(target, {
      method: request.method ?? 'GET',
      headers: { ...headers, host: target.host, connection: 'Upgrade', upgrade: request.headers.upgrade ?? '' },
      agent: false,
      ...tlsRequestOptions(target, tls),
    });
    upstream.once('error', reject);
    upstream.once('upgrade', (answer, backend, backendHead) => {
      const close = (): void => {
        backend.destroy();
        socket.destroy();
        response.destroy();
        resolve();
      };
      signal?.addEventListener('abort', close, { once: true });
      socket.write(statusHead(answer));
      if (backendHead.length > 0) socket.write(backendHead);
      if (head.length > 0) backend.write(head);
      backend.on('error', close).on('close', close);
      socket.on('error', close).on('close', close);
      backend.pipe(socket);
      socket.pipe(backend);
    });
    upstream.once('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.once('end', () => resolve());
    });
    upstream.end();
  });
}
