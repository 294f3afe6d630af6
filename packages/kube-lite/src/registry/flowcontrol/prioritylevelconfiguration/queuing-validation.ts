/**
 * Validation of a limited level's limit response (`ValidateLimitResponse`, `ValidatePriorityLevelQueuingConfiguration`):
 * Queue needs a queuing configuration and Reject forbids one; positive queue length limit, queues ≤ 10^7, a hand
 * no larger than the deck, and a shuffle-sharding hand that needs at most 60 bits of entropy
 * (k8s.io/apiserver/pkg/util/shufflesharding `RequiredEntropyBits`, `MaxHashBits`).
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired } from '@apiserver/runtime';
import { isRecord, type JSONRecord } from '../../../object-fields.js';

const MAX_QUEUES = 10_000_000;
/** `shufflesharding.MaxHashBits`. */
export const MAX_HASH_BITS = 60;
const SUPPORTED_LIMIT_RESPONSE_TYPES = ['Queue', 'Reject'];

/** `RequiredEntropyBits`: the bits a hash needs to deal a hand of `handSize` from `deckSize` cards. */
export function requiredEntropyBits(deckSize: number, handSize: number): number {
  return Math.ceil(Math.log2(deckSize) * handSize);
}

const intOf = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** `ValidatePriorityLevelQueuingConfiguration`. */
export function validateQueuing(queuing: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const limit = intOf(queuing.queueLengthLimit);
  if (limit <= 0) errs.push(fieldInvalid(path.child('queueLengthLimit'), limit, 'must be positive'));
  const queues = intOf(queuing.queues);
  if (queues <= 0) errs.push(fieldInvalid(path.child('queues'), queues, 'must be positive'));
  else if (queues > MAX_QUEUES) errs.push(fieldInvalid(path.child('queues'), queues, `must not be greater than ${MAX_QUEUES}`));
  const handSize = intOf(queuing.handSize);
  const handPath = path.child('handSize');
  if (handSize <= 0) errs.push(fieldInvalid(handPath, handSize, 'must be positive'));
  else if (handSize > queues) errs.push(fieldInvalid(handPath, handSize, `should not be greater than queues (${queues})`));
  else if (requiredEntropyBits(queues, handSize) > MAX_HASH_BITS) {
    errs.push(fieldInvalid(handPath, handSize, `required entropy bits of deckSize ${queues} and handSize ${handSize} should not be greater than ${MAX_HASH_BITS}`));
  }
  return errs;
}

/** `ValidateLimitResponse`. */
export function validateLimitResponse(response: JSONRecord, path: FieldPath): FieldError[] {
  const type = typeof response.type === 'string' ? response.type : '';
  const queuing = response.queuing;
  switch (type) {
    case 'Reject':
      return queuing === undefined || queuing === null ? [] : [fieldForbidden(path.child('queuing'), 'must be nil if limited.limitResponse.type is not Limited')];
    case 'Queue':
      return isRecord(queuing) ? validateQueuing(queuing, path.child('queuing')) : [fieldRequired(path.child('queuing'), 'must not be empty if limited.limitResponse.type is Limited')];
    default:
      return [fieldNotSupported(path.child('type'), type, SUPPORTED_LIMIT_RESPONSE_TYPES)];
  }
}
