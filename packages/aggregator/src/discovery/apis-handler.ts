/**
 * The aggregator's discovery handlers (kube-aggregator `handler_apis.go`): `/apis` (a WebService owning
 * only `/apis` and `/apis/`) and `/apis/<group>` for groups with APIServices, both merging the delegate's
 * groups with the APIServices in priority order.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rootAPIsWebService } from '@apiserver/endpoints';
import type { Request, Response, WebService } from '@apiserver/restful';
import type { APIGroup, APIGroupDiscoveryList, CodecFactory } from '@apiserver/runtime';
import type { Handler } from '@apiserver/server';
import type { APIServiceCache } from '../apiserver/apiservice-cache.js';
import type { APIVersionPriorities } from '../apiserver/priorities.js';
import { type DiscoveryEntry, discoveryEntries, groupEntries, mergedAPIGroups, toAPIGroup } from './merged-groups.js';
import { localAPIGroups } from './local-discovery.js';

/** What the discovery handlers read. */
export interface APIsHandlerOptions {
  /** Serializers. */
  readonly codecs: CodecFactory;
  /** The APIServices. */
  readonly apiServices: APIServiceCache;
  /** The delegate's unprotected handler. */
  readonly delegate: Handler;
  /** Priorities of local group-versions without an APIService. */
  readonly priorities: APIVersionPriorities;
  /** The aggregated v2 document of `/apis`, computed before each request (absent: legacy only). */
  readonly aggregated?: () => Promise<APIGroupDiscoveryList>;
}

/** Serves `/apis` and `/apis/<group>` discovery. */
export class APIsHandler {
  readonly #options: APIsHandlerOptions;

  /** Creates the handlers. */
  constructor(options: APIsHandlerOptions) {
    this.#options = options;
  }

  /** The merged entries: APIServices and the delegate's group-versions. */
  async entries(): Promise<DiscoveryEntry[]> {
    const local = await localAPIGroups(this.#options.delegate);
    return discoveryEntries(this.#options.apiServices.list(), local, this.#options.priorities);
  }

  /** The `/apis` groups. */
  async apiGroups(): Promise<APIGroup[]> {
    return mergedAPIGroups(await this.entries());
  }

  /**
   * The `/apis` WebService: the endpoints' root WebService fed from a snapshot a WebService filter computes
   * before each request (the merge reads the delegate in process, which is asynchronous).
   */
  webService(): WebService {
    let groups: APIGroup[] = [];
    let aggregated: APIGroupDiscoveryList | undefined;
    const compute = this.#options.aggregated;
    const ws = rootAPIsWebService({
      codecs: this.#options.codecs,
      groups: () => groups,
      ...(compute !== undefined && {
        aggregated: () => aggregated ?? { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items: [] },
      }),
    });
    ws.filter(async (req: Request, resp: Response, chain) => {
      // The legacy list is always computed: an Accept naming apidiscovery may still negotiate to it.
      groups = await this.apiGroups();
      if (compute !== undefined && (req.raw.headers.accept ?? '').includes('apidiscovery.k8s.io')) aggregated = await compute();
      await chain.processFilter(req, resp);
    });
    return ws;
  }

  /** Whether `/apis/<group>` is the aggregator's to answer: some APIService names the group. */
  servesGroup(group: string): boolean {
    return this.#options.apiServices.list().some((s) => s.spec?.group === group);
  }

  /** `GET /apis/<group>` for a group with APIServices (`apiGroupHandler`). */
  async serveGroup(_request: IncomingMessage, response: ServerResponse, group: string): Promise<void> {
    const discovery = toAPIGroup(groupEntries(await this.entries(), group));
    if (discovery === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      response.end('\n');
      return;
    }
    const body = `${JSON.stringify({ kind: 'APIGroup', apiVersion: 'v1', ...discovery })}\n`;
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  }
}
