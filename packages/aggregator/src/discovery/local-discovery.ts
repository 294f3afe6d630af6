/**
 * The delegate's discovery, read in process: its `/apis` APIGroupList (legacy) and APIGroupDiscoveryList
 * (aggregated v2), as kube-aggregator reads local APIServices through the delegate handler.
 * @module
 */
import type { APIGroup, APIGroupDiscoveryList } from '@apiserver/runtime';
import type { Handler } from '@apiserver/server';
import { handlerGet } from './handler-request.js';

/** The Accept header asking for aggregated discovery v2 only. */
export const AGGREGATED_V2_ACCEPT = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/** Whether a Content-Type names the aggregated discovery list (`ContentTypeIsGVK`). */
export function isAggregatedContentType(contentType: string): boolean {
  const params = new Map(
    contentType
      .split(';')
      .slice(1)
      .map((p) => p.trim().split('=') as [string, string]),
  );
  return params.get('g') === 'apidiscovery.k8s.io' && params.get('as') === 'APIGroupDiscoveryList' && (params.get('v') ?? '').startsWith('v2');
}

/** The groups the delegate lists at `/apis` (none when it answers anything but an APIGroupList). */
export async function localAPIGroups(delegate: Handler): Promise<APIGroup[]> {
  const answer = await handlerGet(delegate, '/apis', 'application/json');
  if (answer.status !== 200) return [];
  try {
    const doc = JSON.parse(answer.body.toString('utf8')) as { kind?: string; groups?: APIGroup[] };
    return doc.kind === 'APIGroupList' ? (doc.groups ?? []) : [];
  } catch {
    return [];
  }
}

/** The delegate's aggregated `/apis` document, or undefined when it does not serve one. */
export async function localAggregatedGroups(delegate: Handler): Promise<APIGroupDiscoveryList | undefined> {
  const answer = await handlerGet(delegate, '/apis', AGGREGATED_V2_ACCEPT);
  if (answer.status !== 200 || !isAggregatedContentType(answer.contentType)) return undefined;
  try {
    return JSON.parse(answer.body.toString('utf8')) as APIGroupDiscoveryList;
  } catch {
    return undefined;
  }
}
