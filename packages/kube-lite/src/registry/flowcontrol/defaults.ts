/**
 * flowcontrol.apiserver.k8s.io/v1 defaulting (pkg/apis/flowcontrol/v1/defaults.go): matchingPrecedence 1000; a
 * limited level's nominalConcurrencyShares 30 when absent (v1 keeps an explicit 0, the "jail" level) and
 * lendablePercent 0; queuing 64 queues, hand size 8, queue length limit 50; an exempt level's shares and
 * lendablePercent 0.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { isRecord } from '../../object-fields.js';

/** `FlowSchemaDefaultMatchingPrecedence`. */
export const DEFAULT_MATCHING_PRECEDENCE = 1000;
/** `PriorityLevelConfigurationDefaultNominalConcurrencyShares`. */
export const DEFAULT_NOMINAL_CONCURRENCY_SHARES = 30;
/** `PriorityLevelConfigurationDefaultQueues`. */
export const DEFAULT_QUEUES = 64;
/** `PriorityLevelConfigurationDefaultHandSize`. */
export const DEFAULT_HAND_SIZE = 8;
/** `PriorityLevelConfigurationDefaultQueueLengthLimit`. */
export const DEFAULT_QUEUE_LENGTH_LIMIT = 50;

const absent = (v: unknown): boolean => v === undefined || v === null;
const zero = (v: unknown): boolean => absent(v) || v === 0;

/** `SetObjectDefaults_FlowSchema`. */
export function defaultFlowSchema(fs: ApiObject): void {
  if (!isRecord(fs.spec)) fs.spec = {};
  const spec = fs.spec as Record<string, unknown>;
  if (zero(spec.matchingPrecedence)) spec.matchingPrecedence = DEFAULT_MATCHING_PRECEDENCE;
}

function defaultQueuing(queuing: Record<string, unknown>): void {
  if (zero(queuing.handSize)) queuing.handSize = DEFAULT_HAND_SIZE;
  if (zero(queuing.queues)) queuing.queues = DEFAULT_QUEUES;
  if (zero(queuing.queueLengthLimit)) queuing.queueLengthLimit = DEFAULT_QUEUE_LENGTH_LIMIT;
}

/** `SetObjectDefaults_PriorityLevelConfiguration`. */
export function defaultPriorityLevelConfiguration(plc: ApiObject): void {
  if (!isRecord(plc.spec)) plc.spec = {};
  const spec = plc.spec as Record<string, unknown>;
  const limited = spec.limited;
  if (isRecord(limited)) {
    if (absent(limited.nominalConcurrencyShares)) limited.nominalConcurrencyShares = DEFAULT_NOMINAL_CONCURRENCY_SHARES;
    if (absent(limited.lendablePercent)) limited.lendablePercent = 0;
    const queuing = isRecord(limited.limitResponse) ? limited.limitResponse.queuing : undefined;
    if (isRecord(queuing)) defaultQueuing(queuing);
  }
  const exempt = spec.exempt;
  if (isRecord(exempt)) {
    if (absent(exempt.nominalConcurrencyShares)) exempt.nominalConcurrencyShares = 0;
    if (absent(exempt.lendablePercent)) exempt.lendablePercent = 0;
  }
}
