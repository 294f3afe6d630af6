/**
 * kube-apiserver's `priority-and-fairness-config-producer` post-start hook (pkg/registry/flowcontrol/rest
 * `ensureAPFBootstrapConfiguration`): ensures the suggested, then the mandatory configuration, then removes
 * dangling bootstrap objects, and keeps doing so every minute. As kube-lite's other bootstrap hooks, it finishes
 * after its first successful round, so `/readyz` reports it ready once the objects exist.
 * @module
 */
import type { ApiObject, Storage } from '@apiserver/registry';
import { flowcontrolV1 } from '@apiserver/runtime/apis';
import type { APIGroupInfo, GenericAPIServer } from '@apiserver/server';
import { PeriodicLoop } from '../../controllers/bootstrap/periodic-loop.js';
import { storageOf } from '../../server/group-storage.js';
import { MANDATORY_FLOW_SCHEMAS, MANDATORY_PRIORITY_LEVELS, SUGGESTED_FLOW_SCHEMAS, SUGGESTED_PRIORITY_LEVELS } from './bootstrap-configuration.js';
import { defaultFlowSchema, defaultPriorityLevelConfiguration } from './defaults.js';
import { type EnsuredKind, ensureConfigurations, removeUnwantedObjects } from './ensurer.js';
import { FLOWCONTROL_GROUP_NAME } from './names.js';

/** The hook's name. */
export const APF_CONFIG_PRODUCER_HOOK = 'priority-and-fairness-config-producer';
/** How often the configuration is ensured again (a minute upstream). */
export const DEFAULT_APF_CONFIG_INTERVAL_MS = 60_000;

const ALL_FLOW_SCHEMAS: readonly ApiObject[] = [...MANDATORY_FLOW_SCHEMAS, ...SUGGESTED_FLOW_SCHEMAS];
const ALL_PRIORITY_LEVELS: readonly ApiObject[] = [...MANDATORY_PRIORITY_LEVELS, ...SUGGESTED_PRIORITY_LEVELS];

/** One round of the config producer over the two storages. */
export async function ensureAPFBootstrapConfiguration(flowSchemas: Storage, priorityLevels: Storage): Promise<void> {
  const fs: EnsuredKind = { storage: flowSchemas, specSchema: flowcontrolV1.FlowSchemaSpecSchema, defaults: defaultFlowSchema };
  const plc: EnsuredKind = { storage: priorityLevels, specSchema: flowcontrolV1.PriorityLevelConfigurationSpecSchema, defaults: defaultPriorityLevelConfiguration };
  await ensureConfigurations(plc, SUGGESTED_PRIORITY_LEVELS, false);
  await ensureConfigurations(fs, SUGGESTED_FLOW_SCHEMAS, false);
  await ensureConfigurations(plc, MANDATORY_PRIORITY_LEVELS, true);
  await ensureConfigurations(fs, MANDATORY_FLOW_SCHEMAS, true);
  await removeUnwantedObjects(fs, ALL_FLOW_SCHEMAS);
  await removeUnwantedObjects(plc, ALL_PRIORITY_LEVELS);
}

/** Options of the hook. */
export interface APFConfigProducerOptions {
  /** The interval in ms (default a minute). */
  readonly intervalMs?: number;
  /** Where failed rounds are logged. */
  readonly log?: (message: string) => void;
}

/** Registers the hook on `server` when `groups` serve both flowschemas and prioritylevelconfigurations. */
export function addAPFConfigProducerHook(server: GenericAPIServer, groups: readonly APIGroupInfo[], options: APFConfigProducerOptions = {}): void {
  const flowSchemas = storageOf(groups, FLOWCONTROL_GROUP_NAME, 'flowschemas');
  const priorityLevels = storageOf(groups, FLOWCONTROL_GROUP_NAME, 'prioritylevelconfigurations');
  if (flowSchemas === undefined || priorityLevels === undefined) return;
  const loop = new PeriodicLoop(() => ensureAPFBootstrapConfiguration(flowSchemas, priorityLevels), options.intervalMs ?? DEFAULT_APF_CONFIG_INTERVAL_MS, (err) =>
    options.log?.(`APF bootstrap ensurer ran into error, will retry later: ${err instanceof Error ? err.message : String(err)}`),
  );
  server.addPostStartHook(APF_CONFIG_PRODUCER_HOOK, ({ signal }) => loop.start(signal));
  server.addPreShutdownHook('stop-priority-and-fairness-config-producer', () => loop.stop());
}
