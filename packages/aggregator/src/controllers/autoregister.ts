/**
 * Auto-registration (kube-apiserver's `apiServicesToRegister` + kube-aggregator's autoregister controller):
 * a local APIService `<version>.<group>` for every group-version the delegate lists (`/api/v1` and
 * `/apis/<group>/<version>`) that has a priority in the table, labelled as automanaged; kept in sync with the
 * delegate's listed paths on start and periodically — missing ones are created, drifted specs restored, and
 * automanaged APIServices whose group-version the delegate no longer serves are deleted.
 * @module
 */
import { defaultUpdatedObjectInfo, type Store } from '@apiserver/registry';
import { isAlreadyExists, isConflict, isNotFound } from '@apiserver/runtime';
import { apiServiceObject } from '../apis/apiregistration/v1/helpers.js';
import type { APIService } from '../apis/apiregistration/v1/types.js';
import { APIREGISTRATION_GROUP } from '../apis/apiregistration/v1/types.js';
import type { APIServiceCache } from '../apiserver/apiservice-cache.js';
import type { APIVersionPriorities } from '../apiserver/priorities.js';

/** The label marking APIServices the controller owns. */
export const AUTOMANAGED_LABEL = 'kube-aggregator.kubernetes.io/automanaged';
/** Its value for APIServices registered from the delegate's paths. */
export const AUTOMANAGED_ON_START = 'onstart';

/** Settings of the controller. */
export interface AutoRegisterControllerOptions {
  /** The APIService Store (writes bypass the handler chain, as the loopback client with system:masters). */
  readonly store: Store;
  /** The APIServices. */
  readonly apiServices: APIServiceCache;
  /** The delegate's listed paths. */
  readonly listedPaths: () => readonly string[];
  /** Priorities; group-versions missing from it are not registered (they may be CRDs). */
  readonly priorities: APIVersionPriorities;
  /** Re-sync period in ms (default 30 000). */
  readonly intervalMillis?: number;
  /** Error log. */
  readonly log?: (message: string) => void;
}

/** The group-versions of listed paths: `/api/v1` → core v1, `/apis/<group>/<version>` → that group-version. */
export function groupVersionsOfPaths(paths: readonly string[]): Array<{ group: string; version: string }> {
  const out: Array<{ group: string; version: string }> = [];
  for (const path of paths) {
    if (path === '/api/v1') out.push({ group: '', version: 'v1' });
    const parts = path.split('/');
    if (parts.length === 4 && parts[1] === 'apis' && parts[2] !== '' && parts[3] !== '') out.push({ group: parts[2] ?? '', version: parts[3] ?? '' });
  }
  return out;
}

/** Keeps the local APIServices of the delegate's group-versions. */
export class AutoRegisterController {
  readonly #o: AutoRegisterControllerOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  /** Creates the controller (not started). */
  constructor(options: AutoRegisterControllerOptions) {
    this.#o = options;
  }

  /** The APIServices that should exist. */
  desired(): APIService[] {
    const out: APIService[] = [];
    for (const { group, version } of groupVersionsOfPaths(this.#o.listedPaths())) {
      if (group === APIREGISTRATION_GROUP) continue;
      const priority = this.#o.priorities[group === '' ? version : `${group}/${version}`];
      if (priority === undefined) continue;
      out.push({
        apiVersion: `${APIREGISTRATION_GROUP}/v1`,
        kind: 'APIService',
        metadata: { name: `${version}.${group}`, labels: { [AUTOMANAGED_LABEL]: AUTOMANAGED_ON_START } },
        spec: { group, version, groupPriorityMinimum: priority.group, versionPriority: priority.version },
      });
    }
    return out;
  }

  /** Syncs once now, then every interval; resolves after the first sync. */
  async start(): Promise<void> {
    await this.sync();
    this.#timer = setInterval(() => void this.sync(), this.#o.intervalMillis ?? 30_000);
    this.#timer.unref();
  }

  /** Stops the periodic sync. */
  async stop(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    await this.#running;
  }

  /** One sync; concurrent calls share the running one. */
  sync(): Promise<void> {
    this.#running ??= this.#syncOnce().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #syncOnce(): Promise<void> {
    const desired = this.desired();
    const names = new Set(desired.map((d) => d.metadata?.name ?? ''));
    for (const want of desired) await this.#ensure(want);
    for (const existing of this.#o.apiServices.list()) {
      const name = existing.metadata?.name ?? '';
      if (existing.metadata?.labels?.[AUTOMANAGED_LABEL] === undefined || names.has(name)) continue;
      await this.#o.store.delete({}, name).catch((err: unknown) => this.#report(name, err));
    }
  }

  async #ensure(want: APIService): Promise<void> {
    const name = want.metadata?.name ?? '';
    const existing = this.#o.apiServices.get(name);
    try {
      if (existing === undefined) {
        await this.#o.store.create({}, apiServiceObject(want));
        return;
      }
      if (JSON.stringify(existing.spec) === JSON.stringify(want.spec)) return;
      const updated = apiServiceObject({ ...structuredClone(existing), spec: want.spec });
      await this.#o.store.update({}, name, defaultUpdatedObjectInfo(updated), undefined, undefined, false);
    } catch (err) {
      this.#report(name, err);
    }
  }

  #report(name: string, err: unknown): void {
    // Races with another writer settle on the next sync.
    if (!isAlreadyExists(err) && !isConflict(err) && !isNotFound(err)) this.#o.log?.(`autoregister ${name}: ${String(err)}`);
  }
}
