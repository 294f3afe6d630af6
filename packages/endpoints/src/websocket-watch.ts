/**
 * WebSocket watch (handlers/watch.go `HandleWS`): a watch request with `Connection: Upgrade` and
 * `Upgrade: websocket` streams each event as one WebSocket message (text for JSON, binary for protobuf); client
 * messages are ignored. node:http hands upgrades to an `'upgrade'` listener, not to the restful container, so
 * `watchUpgradeHandler(container)` routes them to the watch routes the installer registered.
 */
import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { InternalListOptions, Watcher } from '@apiserver/registry';
import {
  type Container,
  CurlyRouter,
  defaultPathProcessor,
  type Route,
  type RouteFunction,
  type RouteSelector,
  type WebService,
} from '@apiserver/restful';
import { newBadRequest, newGenericServerResponse } from '@apiserver/runtime';
import { WebSocketServer } from 'ws';
import { listRequestOptions } from './handlers/list.js';
import { type HandlerRequest, handlerRequest, type RequestScope } from './handlers/request-scope.js';
import { errorNegotiated } from './handlers/responsewriters.js';
import { negotiateWatch, pumpWatch, watchContext, watchTimeoutMs } from './handlers/watch.js';

/** Serves one upgrade request on a watch route, given the route's path parameters. */
export type WebSocketWatch = (req: IncomingMessage, socket: Duplex, head: Buffer, params: Readonly<Record<string, string>>) => Promise<void>;

const upgraders = new WeakMap<RouteFunction, WebSocketWatch>();
const server = new WebSocketServer({ noServer: true });

/** Whether a request asks for a WebSocket (`wsstream.IsWebSocketRequest`). */
export function isWebSocketRequest(req: IncomingMessage): boolean {
  const connection = String(req.headers.connection ?? '').toLowerCase();
  return connection.split(',').some((t) => t.trim() === 'upgrade') && String(req.headers.upgrade ?? '').toLowerCase() === 'websocket';
}

/** Records the WebSocket variant of a watch route's handler (done by the installer). */
export function registerWebSocketWatch(fn: RouteFunction, watch: WebSocketWatch): void {
  upgraders.set(fn, watch);
}

function responseOn(req: IncomingMessage, socket: Duplex): ServerResponse {
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket as Socket);
  // No HTTP server owns an upgraded socket: close it once an error response is written.
  res.once('finish', () => socket.end());
  return res;
}

/** Bytes a WebSocket watch may have queued before the pump waits for the client (node's stream default). */
const WS_HIGH_WATER_MARK = 16 * 1024;

async function startWatch(scope: RequestScope, request: HandlerRequest, watcher: Watcher, opts: InternalListOptions, socket: Duplex, head: Buffer) {
  const negotiated = negotiateWatch(scope, request);
  const timeoutMs = watchTimeoutMs(scope, opts);
  const watch = await watcher.watch(watchContext(scope, request, timeoutMs), opts);
  const binary = negotiated.info.serializer.binary;
  server.handleUpgrade(request.req, socket, head, (ws) => {
    ws.on('message', () => undefined);
    let flushed: Promise<void> = Promise.resolve();
    void pumpWatch(scope, request, watch, negotiated, opts, {
      send: (frame) => {
        flushed = new Promise((resolve) => ws.send(binary ? frame : Buffer.from(frame).toString('utf8'), { binary }, () => resolve()));
        return ws.bufferedAmount < WS_HIGH_WATER_MARK;
      },
      drained: () => flushed,
      closed: () => ws.readyState !== ws.OPEN,
      onClose: (fn) => {
        ws.once('close', fn);
        return () => ws.off('close', fn);
      },
      end: () => ws.close(1000),
    }, timeoutMs);
  });
}

/** The WebSocket handler of a watch route (LIST with `watch=true`, WATCH, WATCHLIST). */
export function webSocketWatch(scope: RequestScope, watcher: Watcher, forceWatch: boolean): WebSocketWatch {
  return async (req, socket, head, params) => {
    const request = handlerRequest(req, responseOn(req, socket), params);
    try {
      const opts = listRequestOptions(scope, request, forceWatch);
      if (opts.watch !== true) throw newBadRequest('a WebSocket upgrade is only served for watch requests');
      await startWatch(scope, request, watcher, opts, socket, head);
    } catch (err) {
      errorNegotiated(scope, request, err);
    }
  };
}

function refuse(req: IncomingMessage, socket: Duplex, code: number): void {
  const res = responseOn(req, socket);
  const body = `${JSON.stringify(newGenericServerResponse(code).status)}\n`;
  res.writeHead(code, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** An `'upgrade'` listener for node:http serving WebSocket watches on the container's watch routes. */
export function watchUpgradeHandler(
  container: Container,
  router: RouteSelector = new CurlyRouter(),
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    let selected: { fn: RouteFunction; params: Readonly<Record<string, string>> };
    try {
      const webServices = container.registeredWebServices();
      const s = router.selectRoute<Route, WebService>(webServices, { method: 'GET', path, headers: req.headers, raw: req });
      selected = { fn: s.route.function, params: s.pathParameters ?? defaultPathProcessor.extractParameters(s.route, s.webService, path) };
    } catch {
      refuse(req, socket, 404);
      return;
    }
    const upgrade = upgraders.get(selected.fn);
    if (upgrade === undefined || !isWebSocketRequest(req)) {
      refuse(req, socket, 400);
      return;
    }
    void upgrade(req, socket, head, selected.params);
  };
}
