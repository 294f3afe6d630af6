/**
 * Discovery routes (pkg/endpoints/discovery): `GET /` on each group-version WebService (APIResourceList), `/api`
 * (APIVersions), `/apis` (APIGroupList) and `/apis/<group>` (APIGroup), the roots also serving aggregated
 * discovery v2 when the Accept header asks for it.
 */
import type { IncomingMessage } from 'node:http';
import { type Request, type Response, WebService } from '@apiserver/restful';
import {
  type APIGroup,
  type APIGroupDiscoveryList,
  type APIResource,
  type CodecFactory,
  type GroupVersion,
  formatGroupVersion,
} from '@apiserver/runtime';
import { negotiateAggregated, serveAggregated } from './aggregated.js';
import { writeDiscovery } from './write.js';

function produces(codecs: CodecFactory): string[] {
  return codecs.supportedMediaTypes.map((i) => i.mediaType);
}

/** Adds the `GET /` APIResourceList route (operation `getAPIResources`) to a group-version WebService. */
export function addAPIResourceListRoute(
  ws: WebService,
  codecs: CodecFactory,
  groupVersion: GroupVersion,
  resources: () => readonly APIResource[],
): void {
  const handler = (req: Request, resp: Response): void => {
    const doc = { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: formatGroupVersion(groupVersion), resources: [...resources()] };
    writeDiscovery(codecs, req.raw, resp.raw, doc, { stripVersion: groupVersion.group === '' });
  };
  ws.route(ws.get('/').to(handler).doc('get available resources').operation('getAPIResources').produces(...produces(codecs)));
}

/** Options of the `/api` WebService. */
export interface LegacyRootOptions {
  /** Serializers. */
  readonly codecs: CodecFactory;
  /** Core versions served (`["v1"]`). */
  readonly versions: () => readonly string[];
  /** The aggregated document of the core group, when aggregated discovery is on. */
  readonly aggregated?: () => APIGroupDiscoveryList;
  /** Address advertised for `0.0.0.0/0` (default: the address the request came in on). */
  readonly serverAddress?: string;
}

function localAddress(req: IncomingMessage): string {
  const { localAddress: host = '', localPort = 0 } = req.socket;
  return host.includes(':') ? `[${host}]:${localPort}` : `${host}:${localPort}`;
}

/** The `/api` WebService: APIVersions (`getAPIVersions`), or aggregated discovery v2 on request. */
export function legacyRootWebService(options: LegacyRootOptions): WebService {
  const ws = new WebService().path('/api').doc('get available API versions').consumes('*/*').produces(...produces(options.codecs));
  const handler = (req: Request, resp: Response): void => {
    const aggregated = options.aggregated === undefined ? undefined : negotiateAggregated(options.codecs, req.raw);
    if (aggregated !== undefined && options.aggregated !== undefined) {
      serveAggregated(options.codecs, req.raw, resp.raw, options.aggregated(), aggregated);
      return;
    }
    const doc = {
      kind: 'APIVersions',
      apiVersion: 'v1',
      versions: [...options.versions()],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: options.serverAddress ?? localAddress(req.raw) }],
    };
    writeDiscovery(options.codecs, req.raw, resp.raw, doc, { stripVersion: true });
  };
  ws.route(ws.get('/').to(handler).doc('get available API versions').operation('getAPIVersions'));
  return ws;
}

/** Options of the `/apis` WebService. */
export interface RootAPIsOptions {
  /** Serializers. */
  readonly codecs: CodecFactory;
  /** The groups served, in registration order. */
  readonly groups: () => readonly APIGroup[];
  /** The aggregated document of every `/apis` group, when aggregated discovery is on. */
  readonly aggregated?: () => APIGroupDiscoveryList;
}

/** The `/apis` WebService: APIGroupList, or aggregated discovery v2 on request. */
export function rootAPIsWebService(options: RootAPIsOptions): WebService {
  const ws = new WebService().path('/apis').doc('get available API versions').consumes('*/*').produces(...produces(options.codecs));
  const handler = (req: Request, resp: Response): void => {
    const aggregated = options.aggregated === undefined ? undefined : negotiateAggregated(options.codecs, req.raw);
    if (aggregated !== undefined && options.aggregated !== undefined) {
      serveAggregated(options.codecs, req.raw, resp.raw, options.aggregated(), aggregated);
      return;
    }
    const doc = { kind: 'APIGroupList', apiVersion: 'v1', groups: options.groups().map((g) => ({ ...g })) };
    writeDiscovery(options.codecs, req.raw, resp.raw, doc, { stripVersion: true });
  };
  ws.route(ws.get('/').to(handler).doc('get available API versions').operation('getAPIVersions'));
  return ws;
}

/** The `/apis/<group>` WebService: the APIGroup (`getAPIGroup`). */
export function apiGroupWebService(codecs: CodecFactory, group: () => APIGroup, name: string): WebService {
  const ws = new WebService().path(`/apis/${name}`).doc('get information of a group').consumes('*/*').produces(...produces(codecs));
  const handler = (req: Request, resp: Response): void => {
    const g = group();
    writeDiscovery(codecs, req.raw, resp.raw, { kind: 'APIGroup', apiVersion: 'v1', ...g }, { stripVersion: name === 'extensions' });
  };
  ws.route(ws.get('/').to(handler).doc('get information of a group').operation('getAPIGroup'));
  return ws;
}
