/**
 * Aggregated discovery (apidiscovery.k8s.io/v2): installed resources become `APIResourceDiscovery` entries with
 * subresources nested under their parent (`ConvertGroupVersionIntoToDiscovery`), and groups are served as one
 * `APIGroupDiscoveryList` with an ETag.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  aggregatedDiscoveryRestrictions,
  type APIGroupDiscovery,
  type APIGroupDiscoveryList,
  type APIResourceDiscovery,
  type CodecFactory,
  type NegotiatedMediaType,
  negotiateOutputMediaType,
} from '@apiserver/runtime';
import type { InstalledResource } from '../installer/api-installer.js';
import { encodeDiscovery } from './write.js';

/** The resources of one group-version in aggregated form. */
export interface AggregatedVersion {
  /** The version. */
  readonly version: string;
  /** Its resources, subresources nested. */
  readonly resources: readonly APIResourceDiscovery[];
}

type SubDiscovery = NonNullable<APIResourceDiscovery['subresources']>[number];

/** Converts installed resources (sorted) to APIResourceDiscovery entries with nested subresources. */
export function toAggregatedResources(installed: readonly InstalledResource[]): APIResourceDiscovery[] {
  const byName = new Map<string, APIResourceDiscovery>();
  const subsOf = new Map<string, SubDiscovery[]>();
  for (const { info, apiResource } of installed) {
    const responseKind = { group: info.gvk.group, version: info.gvk.version, kind: info.gvk.kind };
    const scope = info.scope.namespaced ? 'Namespaced' : 'Cluster';
    const { resource, subresource } = info.parts;
    if (subresource === '') {
      byName.set(resource, {
        resource,
        responseKind,
        scope,
        singularResource: apiResource.singularName,
        ...(apiResource.shortNames === undefined ? {} : { shortNames: apiResource.shortNames }),
        ...(apiResource.categories === undefined ? {} : { categories: apiResource.categories }),
        verbs: apiResource.verbs,
      });
      continue;
    }
    if (!byName.has(resource)) byName.set(resource, { resource, responseKind: { group: '', version: '', kind: '' }, scope, singularResource: '', verbs: [] });
    subsOf.set(resource, [...(subsOf.get(resource) ?? []), { subresource, responseKind, verbs: apiResource.verbs }]);
  }
  return [...byName.values()].map((r) => {
    const subs = subsOf.get(r.resource);
    return subs === undefined ? r : { ...r, subresources: subs };
  });
}

/** Builds the APIGroupDiscoveryList of groups in priority order (each with versions, preferred first). */
export function aggregatedDiscoveryList(groups: ReadonlyArray<{ name: string; versions: readonly AggregatedVersion[] }>): APIGroupDiscoveryList {
  // Items carry no TypeMeta (Go's embedded TypeMeta fields are omitempty).
  const items: APIGroupDiscovery[] = groups.map((g) => ({
    metadata: { name: g.name },
    versions: g.versions.map((v) => ({ version: v.version, resources: [...v.resources], freshness: 'Current' })),
  }));
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}

/** The aggregated-discovery media type the client asked for, or undefined to serve the legacy document. */
export function negotiateAggregated(codecs: CodecFactory, req: IncomingMessage): NegotiatedMediaType | undefined {
  const accept = req.headers.accept;
  if (accept === undefined || !accept.includes('apidiscovery.k8s.io')) return undefined;
  try {
    const negotiated = negotiateOutputMediaType(accept, codecs.supportedMediaTypes, aggregatedDiscoveryRestrictions);
    return negotiated.target === undefined ? undefined : negotiated;
  } catch {
    return undefined;
  }
}

/** Serves an aggregated document with ETag / If-None-Match (304), `Vary: Accept` and the GVK Content-Type. */
export function serveAggregated(
  codecs: CodecFactory,
  req: IncomingMessage,
  res: ServerResponse,
  list: APIGroupDiscoveryList,
  negotiated: NegotiatedMediaType,
): void {
  const target = negotiated.target;
  const version = target?.version ?? 'v2';
  const doc = { ...list, apiVersion: `apidiscovery.k8s.io/${version}` };
  const { body, mediaType } = encodeDiscovery(codecs, req, doc, { stripVersion: false, negotiated });
  const etag = `"${createHash('sha512').update(body).digest('hex')}"`;
  res.setHeader('Vary', 'Accept');
  res.setHeader('Cache-Control', 'public');
  res.setHeader('ETag', etag);
  res.setHeader('Content-Type', `${mediaType};g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`);
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304);
    res.end();
    return;
  }
  res.setHeader('Content-Length', body.length);
  res.writeHead(200);
  res.end(body);
}
