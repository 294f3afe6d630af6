/**
 * `pods/proxy` (pkg/registry/core/pod/rest/subresources.go `ProxyREST`, strategy.go `ResourceLocation`): the id
 * is `name`, `name:port` or `scheme:name:port`; the port defaults to the first declared container port; the
 * pod's IP must be a global unicast address (else 400 `address not allowed`, what a pod without an IP gets).
 * The request is then forwarded to the pod, path and query appended.
 * @module
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { ApiObject, Connecter, ConnectHandler, OptionsSpec, RequestContext, Responder } from '@apiserver/registry';
import { newBadRequest, newServiceUnavailable } from '@apiserver/runtime';
import { recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { PodConnectStorage } from './connect-rest.js';

/** `utilnet.SplitSchemeNamePort`: `name`, `name:port` or `scheme:name:port` (scheme http or https). */
export function splitSchemeNamePort(id: string): { scheme: string; name: string; port: string } | undefined {
  const parts = id.split(':');
  const [a = '', b = '', c = ''] = parts;
  if (parts.length === 1) return a === '' ? undefined : { scheme: '', name: a, port: '' };
  if (parts.length === 2) return a === '' ? undefined : { scheme: '', name: a, port: b };
  if (parts.length === 3 && (a === '' || a === 'http' || a === 'https') && b !== '') return { scheme: a, name: b, port: c };
  return undefined;
}

/** Whether `ip` is a global unicast address (`net.IP.IsGlobalUnicast`). */
export function isGlobalUnicast(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return !(a === 0 || a === 127 || a >= 224 || (a === 169 && b === 254));
  }
  if (family === 6) {
    const lower = ip.toLowerCase();
    if (lower === '::' || lower === '::1' || lower.startsWith('ff')) return false;
    return !/^fe[89ab]/.test(lower);
  }
  return false;
}

function podIP(pod: ApiObject): string {
  const status = recordAt(pod, 'status');
  return stringAt(recordsAt(status, 'podIPs')[0], 'ip') || stringAt(status, 'podIP');
}

function firstContainerPort(pod: ApiObject): string {
  for (const c of recordsAt(recordAt(pod, 'spec'), 'containers')) {
    const port = recordsAt(c, 'ports')[0]?.containerPort;
    if (port !== undefined) return String(port);
  }
  return '';
}

/** Forwards `req` to `target`, answering 503 when the pod cannot be reached. */
function forward(target: URL, responder: Responder): ConnectHandler {
  return (req: IncomingMessage, res: ServerResponse) =>
    new Promise<void>((resolve) => {
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const upstream = send(target, { method: req.method, headers: { ...req.headers, host: target.host }, rejectUnauthorized: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res).on('finish', resolve);
      });
      upstream.on('error', (err) => {
        responder.error(newServiceUnavailable(`error trying to reach service: ${err.message}`));
        resolve();
      });
      req.pipe(upstream);
    });
}

/** `pods/proxy` and `pods/proxy/{path}`. */
export class PodProxyREST extends PodConnectStorage implements Connecter {
  /** PodProxyOptions: the subpath lands in `path`. */
  newConnectOptions(): OptionsSpec {
    return { newOptions: () => ({ path: '' }), subpath: true, subpathKey: 'path' };
  }

  /** The methods upstream proxies. */
  connectMethods(): string[] {
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
  }

  /** Resolves the pod's address, then forwards. */
  async connect(ctx: RequestContext, id: string, options: Record<string, unknown>, responder: Responder): Promise<ConnectHandler> {
    const parsed = splitSchemeNamePort(id);
    if (parsed === undefined) throw newBadRequest(`invalid pod request "${id}"`);
    const pod = await this.pods.get(ctx, parsed.name, {});
    const ip = podIP(pod);
    if (!isGlobalUnicast(ip)) throw newBadRequest('address not allowed');
    const port = parsed.port || firstContainerPort(pod);
    const host = isIP(ip) === 6 ? `[${ip}]` : ip;
    const target = new URL(`${parsed.scheme || 'http'}://${host}${port === '' ? '' : `:${port}`}`);
    target.pathname = typeof options.path === 'string' && options.path !== '' ? options.path : '/';
    return forward(target, responder);
  }
}
