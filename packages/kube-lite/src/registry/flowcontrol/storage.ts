/**
 * FlowSchema and PriorityLevelConfiguration storage (pkg/registry/flowcontrol/{flowschema,prioritylevelconfiguration}/storage): the cluster-scoped
 * `flowschemas` and `prioritylevelconfigurations` of flowcontrol.apiserver.k8s.io/v1, each with `/status`; no
 * short names or categories, as in 1.32.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions, type TableConvertor } from '@apiserver/registry';
import { flowcontrolV1 } from '@apiserver/runtime/apis';
import type { PrinterOptions } from '../../printers/index.js';
import type { RESTOptionsGetter } from '../rest-options.js';
import { type ResourceNames, storeOptionsFor } from '../store-options.js';
import { type ConfigurationKind, ConfigurationStrategy } from './configuration-strategy.js';
import { defaultFlowSchema, defaultPriorityLevelConfiguration } from './defaults.js';
import { newFlowSchemaTableConvertor } from './flowschema/printer.js';
import { validateFlowSchema, validateFlowSchemaStatus } from './flowschema/validation.js';
import { FLOWCONTROL_GROUP_NAME } from './names.js';
import { newPriorityLevelConfigurationTableConvertor } from './prioritylevelconfiguration/printer.js';
import { validatePriorityLevelConfiguration, validatePriorityLevelStatus } from './prioritylevelconfiguration/validation.js';

/** Options of the flowcontrol storage. */
export interface FlowControlStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

const FLOW_SCHEMA: ConfigurationKind = { schema: flowcontrolV1.FlowSchemaSchema, defaults: defaultFlowSchema, validate: validateFlowSchema, validateStatus: validateFlowSchemaStatus };
const PRIORITY_LEVEL: ConfigurationKind = {
  schema: flowcontrolV1.PriorityLevelConfigurationSchema,
  defaults: defaultPriorityLevelConfiguration,
  validate: validatePriorityLevelConfiguration,
  validateStatus: validatePriorityLevelStatus,
};

function configurationStorage(getter: RESTOptionsGetter, names: ResourceNames, kind: ConfigurationKind, tableConvertor: TableConvertor): Record<string, Storage> {
  const strategy = new ConfigurationStrategy(kind);
  const options: StoreOptions = { ...storeOptionsFor(getter, names), strategies: { create: strategy, update: strategy, delete: strategy }, tableConvertor };
  return { [names.resource]: new Store(options), [`${names.resource}/status`]: new StatusREST(options, strategy.statusStrategy()) };
}

/** The `flowschemas` and `flowschemas/status` storage. */
export function newFlowSchemaStorage(getter: RESTOptionsGetter, options: FlowControlStorageOptions = {}): Record<string, Storage> {
  const names = { group: FLOWCONTROL_GROUP_NAME, version: 'v1', kind: 'FlowSchema', resource: 'flowschemas', singular: 'flowschema' };
  return configurationStorage(getter, names, FLOW_SCHEMA, newFlowSchemaTableConvertor(options.printer));
}

/** The `prioritylevelconfigurations` and `prioritylevelconfigurations/status` storage. */
export function newPriorityLevelConfigurationStorage(getter: RESTOptionsGetter, options: FlowControlStorageOptions = {}): Record<string, Storage> {
  const names = { group: FLOWCONTROL_GROUP_NAME, version: 'v1', kind: 'PriorityLevelConfiguration', resource: 'prioritylevelconfigurations', singular: 'prioritylevelconfiguration' };
  return configurationStorage(getter, names, PRIORITY_LEVEL, newPriorityLevelConfigurationTableConvertor(options.printer));
}
