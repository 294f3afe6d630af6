/**
 * The checks of one LimitRange bound against observed requests and limits (plugin/pkg/admission/limitranger
 * `minConstraint`, `maxConstraint`, `maxRequestConstraint`, `limitRequestRatioConstraint`), compared in thousandths
 * unless a value is too large for them, with upstream's messages.
 * @module
 */
import { formatQuantity, type ParsedQuantity, quantityMilliValue } from '@apiserver/runtime';
import type { ResourceList } from '../../../quota/resource-list.js';

/** int64's largest value over 1000: past it Go compares whole units. */
const MAX_MILLI_VALUE = (2n ** 63n - 1n) / 1000n;

function wholeValue(q: ParsedQuantity | undefined): bigint {
  if (q === undefined) return 0n;
  const milli = quantityMilliValue(q);
  return milli >= 0n ? (milli + 999n) / 1000n : -((-milli + 999n) / 1000n);
}

/** Request, limit and enforced values at one common precision (`requestLimitEnforcedValues`). */
function comparable(req: ParsedQuantity | undefined, lim: ParsedQuantity | undefined, enforced: ParsedQuantity): [bigint, bigint, bigint] {
  const values: [bigint, bigint, bigint] = [wholeValue(req), wholeValue(lim), wholeValue(enforced)];
  if (values.every((v) => v <= MAX_MILLI_VALUE)) {
    const milli = (q: ParsedQuantity | undefined): bigint => (q === undefined ? 0n : quantityMilliValue(q));
    return [milli(req), milli(lim), milli(enforced)];
  }
  return values;
}

const text = formatQuantity;

/** The request (and limit, when set) of `name` must be at least `enforced`. */
export function minConstraint(type: string, name: string, enforced: ParsedQuantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const req = requests.get(name);
  const lim = limits.get(name);
  const [r, l, e] = comparable(req, lim, enforced);
  if (req === undefined) return `minimum ${name} usage per ${type} is ${text(enforced)}.  No request is specified`;
  if (r < e) return `minimum ${name} usage per ${type} is ${text(enforced)}, but request is ${text(req)}`;
  if (lim !== undefined && l < e) return `minimum ${name} usage per ${type} is ${text(enforced)}, but limit is ${text(lim)}`;
  return undefined;
}

/** The limit of `name` must be set and at most `enforced`, and so must the request when set. */
export function maxConstraint(type: string, name: string, enforced: ParsedQuantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const req = requests.get(name);
  const lim = limits.get(name);
  const [r, l, e] = comparable(req, lim, enforced);
  if (lim === undefined) return `maximum ${name} usage per ${type} is ${text(enforced)}.  No limit is specified`;
  if (l > e) return `maximum ${name} usage per ${type} is ${text(enforced)}, but limit is ${text(lim)}`;
  if (req !== undefined && r > e) return `maximum ${name} usage per ${type} is ${text(enforced)}, but request is ${text(req)}`;
  return undefined;
}

/** The request of `name` must be set and at most `enforced` (claims, whose limits are not user input). */
export function maxRequestConstraint(type: string, name: string, enforced: ParsedQuantity, requests: ResourceList): string | undefined {
  const req = requests.get(name);
  const [r, , e] = comparable(req, undefined, enforced);
  if (req === undefined) return `maximum ${name} usage per ${type} is ${text(enforced)}.  No request is specified`;
  if (r > e) return `maximum ${name} usage per ${type} is ${text(enforced)}, but request is ${text(req)}`;
  return undefined;
}

/** Limit over request of `name` must be at most `enforced`; both must be set and non-zero. */
export function limitRequestRatioConstraint(type: string, name: string, enforced: ParsedQuantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const req = requests.get(name);
  const lim = limits.get(name);
  const [r, l] = comparable(req, lim, enforced);
  const bound = text(enforced);
  if (req === undefined || r === 0n) return `${name} max limit to request ratio per ${type} is ${bound}, but no request is specified or request is 0`;
  if (lim === undefined || l === 0n) return `${name} max limit to request ratio per ${type} is ${bound}, but no limit is specified or limit is 0`;
  const observed = Number(l) / Number(r);
  const whole = wholeValue(enforced);
  const exceeds = whole <= MAX_MILLI_VALUE ? observed * 1000 > Number(quantityMilliValue(enforced)) : observed > Number(whole);
  return exceeds ? `${name} max limit to request ratio per ${type} is ${bound}, but provided ratio is ${observed.toFixed(6)}` : undefined;
}
