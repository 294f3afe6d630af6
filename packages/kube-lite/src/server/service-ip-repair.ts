/**
 * `start-service-ip-repair-controllers` (the post-start hook of kube-apiserver's core group): repairs the stored
 * cluster IP and node port sets of the services now and then every 3 minutes (see the services' RangeAllocationStore);
 * `/readyz` waits for the first round, as upstream's hook waits for the first success of both repair loops.
 * @module
 */
import type { APIGroupInfo, GenericAPIServer } from '@apiserver/server';
import { PeriodicLoop } from '../controllers/bootstrap/periodic-loop.js';
import { isAllocationRepairer } from '../registry/core/service/storage.js';
import { storageOf } from './group-storage.js';

/** How often the sets are repaired (upstream's `repairLoopInterval`). */
export const DEFAULT_SERVICE_IP_REPAIR_INTERVAL_MS = 3 * 60_000;

/** Options of {@link addServiceIPRepairHook}. */
export interface ServiceIPRepairOptions {
  /** The interval between repair rounds in ms (default {@link DEFAULT_SERVICE_IP_REPAIR_INTERVAL_MS}). */
  readonly intervalMs?: number;
  /** Where failed rounds are logged. */
  readonly log?: (message: string) => void;
}

/** Registers `start-service-ip-repair-controllers` on `server` when `groups` serve services. */
export function addServiceIPRepairHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], options: ServiceIPRepairOptions = {}): void {
  const services = storageOf(groups, '', 'services');
  if (!isAllocationRepairer(services)) return;
  const loop = new PeriodicLoop(() => services.repairAllocations(), options.intervalMs ?? DEFAULT_SERVICE_IP_REPAIR_INTERVAL_MS, (err) =>
    options.log?.(`unable to repair the service IP and node port allocations: ${err instanceof Error ? err.message : String(err)}`),
  );
  // The loop ends with the server's lifecycle signal.
  server.addPostStartHook('start-service-ip-repair-controllers', ({ signal }) => loop.start(signal));
}
