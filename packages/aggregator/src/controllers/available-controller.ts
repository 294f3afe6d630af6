/**
 * The availability controller (kube-aggregator `pkg/controllers/status/available_controller.go`): keeps each
 * APIService's `Available` condition current — `Local` for local ones; for remote ones the Service and
 * Endpoints checks (when a {@link ServiceGetter} is given) and a discovery request on the resolved backend.
 * Runs for every APIService on each change and periodically; writes through the status subresource only when
 * the status changed.
 * @module
 */
import { defaultUpdatedObjectInfo, type Updater } from '@apiserver/registry';
import { isConflict, isNotFound } from '@apiserver/runtime';
import { AVAILABLE, apiServiceObject, localAvailableCondition, setCondition } from '../apis/apiregistration/v1/helpers.js';
import type { APIService, APIServiceCondition } from '../apis/apiregistration/v1/types.js';
import { DEFAULT_SERVICE_PORT } from '../apis/apiregistration/v1/register.js';
import type { APIServiceCache } from '../apiserver/apiservice-cache.js';
import type { ServiceGetter, ServiceResolver } from '../apiserver/service-resolver.js';
import type { ProxyClientCertificate } from '../proxy/backend-tls.js';
import { discoveryCheck, discoveryPath } from './discovery-check.js';
import { serviceCheck } from './service-check.js';

/** Settings of the controller. */
export interface AvailableConditionControllerOptions {
  /** The APIServices. */
  readonly apiServices: APIServiceCache;
  /** The `apiservices/status` storage. */
  readonly status: Updater;
  /** Resolves Services to backends (absent: remote APIServices fail their discovery check). */
  readonly serviceResolver?: ServiceResolver;
  /** Reads Services and Endpoints for the ServiceNotFound/EndpointsNotFound/… checks (absent: skipped). */
  readonly services?: ServiceGetter;
  /** How often every APIService is checked again, in ms (default 30 000). */
  readonly intervalMillis?: number;
  /** Discovery request timeout in ms (default 5 000). */
  readonly timeoutMillis?: number;
  /** The aggregator's client certificate, presented to backends (absent: none). */
  readonly proxyClientCertificate?: ProxyClientCertificate;
  /** Clock for lastTransitionTime. */
  readonly now?: () => Date;
  /** Error log. */
  readonly log?: (message: string) => void;
}

function rfc3339(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** Maintains the `Available` condition. */
export class AvailableConditionController {
  readonly #o: AvailableConditionControllerOptions;
  readonly #queued = new Set<string>();
  #running: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;
  #stopped = false;

  /** Creates the controller (not started). */
  constructor(options: AvailableConditionControllerOptions) {
    this.#o = options;
  }

  /** Starts reacting to APIService changes and the periodic resync. */
  start(): void {
    this.#unsubscribe = this.#o.apiServices.onChange((name, apiService) => {
      if (apiService !== undefined) this.enqueue(name);
    });
    const resync = (): void => {
      for (const s of this.#o.apiServices.list()) this.enqueue(s.metadata?.name ?? '');
    };
    this.#timer = setInterval(resync, this.#o.intervalMillis ?? 30_000);
    this.#timer.unref();
    resync();
  }

  /** Stops the controller; resolves when the current round ended. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    if (this.#timer !== undefined) clearInterval(this.#timer);
    await this.#running;
  }

  /** Schedules a check of one APIService. */
  enqueue(name: string): void {
    if (this.#stopped || name === '') return;
    this.#queued.add(name);
    this.#running ??= this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#queued.size > 0 && !this.#stopped) this.enqueue([...this.#queued][0] ?? '');
    });
  }

  async #drain(): Promise<void> {
    // Let a burst of events coalesce into one check per APIService.
    await new Promise((r) => setImmediate(r));
    while (this.#queued.size > 0 && !this.#stopped) {
      const names = [...this.#queued];
      this.#queued.clear();
      await Promise.all(names.map((n) => this.sync(n)));
    }
  }

  /** Checks one APIService now and records the result. */
  async sync(name: string): Promise<void> {
    const original = this.#o.apiServices.get(name);
    if (original === undefined) return;
    const condition = await this.#condition(original);
    const updated = structuredClone(original);
    setCondition(updated, condition);
    if (JSON.stringify(updated.status) === JSON.stringify(original.status)) return;
    try {
      await this.#o.status.update({}, name, defaultUpdatedObjectInfo(apiServiceObject(updated)), undefined, undefined, false);
    } catch (err) {
      // A newer version (or a deletion) triggers its own sync.
      if (!isConflict(err) && !isNotFound(err)) this.#o.log?.(`${name} failed with: ${String(err)}`);
    }
  }

  async #condition(apiService: APIService): Promise<APIServiceCondition> {
    const now = rfc3339(this.#o.now?.() ?? new Date());
    const service = apiService.spec?.service;
    if (service === undefined || service === null) return localAvailableCondition(now);
    const failed = (status: string, reason: string, message: string): APIServiceCondition => ({ type: AVAILABLE, status, lastTransitionTime: now, reason, message });
    if (this.#o.services !== undefined) {
      const problem = await serviceCheck(this.#o.services, service);
      if (problem !== undefined) return failed(problem.status, problem.reason, problem.message);
    }
    const message = await this.#discover(apiService);
    if (message !== undefined) return failed('False', 'FailedDiscoveryCheck', message);
    return { type: AVAILABLE, status: 'True', lastTransitionTime: now, reason: 'Passed', message: 'all checks passed' };
  }

  async #discover(apiService: APIService): Promise<string | undefined> {
    const service = apiService.spec?.service;
    const resolver = this.#o.serviceResolver;
    if (resolver === undefined) return 'no service resolver configured';
    let url: URL;
    try {
      url = await resolver.resolveEndpoint(service?.namespace ?? '', service?.name ?? '', service?.port ?? DEFAULT_SERVICE_PORT);
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
    url.pathname = discoveryPath(apiService);
    return discoveryCheck(url, apiService, {
      timeoutMillis: this.#o.timeoutMillis ?? 5000,
      ...(this.#o.proxyClientCertificate !== undefined && { proxyClientCertificate: this.#o.proxyClientCertificate }),
    });
  }
}
