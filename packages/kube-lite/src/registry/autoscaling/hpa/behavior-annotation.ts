/**
 * The behavior round-trip annotation: upstream marshals its internal `HorizontalPodAutoscalerBehavior`, which has
 * no JSON tags, so the keys are Go field names (`{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max",
 * "Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}]},"ScaleDown":…}`) and unset pointers are `null`.
 * @module
 */
import { isRecord, type JSONRecord, recordsAt } from '../../../object-fields.js';

const orNull = (v: unknown): unknown => (v === undefined ? null : v);

function rulesToGo(rules: unknown): unknown {
  if (!isRecord(rules)) return null;
  const policies = Array.isArray(rules.policies) ? recordsAt(rules, 'policies').map((p) => ({ Type: orNull(p.type), Value: p.value ?? 0, PeriodSeconds: p.periodSeconds ?? 0 })) : null;
  return { StabilizationWindowSeconds: orNull(rules.stabilizationWindowSeconds), SelectPolicy: orNull(rules.selectPolicy), Policies: policies };
}

function rulesFromGo(rules: unknown): JSONRecord | undefined {
  if (!isRecord(rules)) return undefined;
  const out: JSONRecord = {};
  if (rules.StabilizationWindowSeconds !== null && rules.StabilizationWindowSeconds !== undefined) out.stabilizationWindowSeconds = rules.StabilizationWindowSeconds;
  if (rules.SelectPolicy !== null && rules.SelectPolicy !== undefined) out.selectPolicy = rules.SelectPolicy;
  if (Array.isArray(rules.Policies)) out.policies = recordsAt(rules, 'Policies').map((p) => ({ type: p.Type ?? '', value: p.Value ?? 0, periodSeconds: p.PeriodSeconds ?? 0 }));
  return out;
}

/** A v2 behavior as the annotation's JSON text. */
export function behaviorAnnotation(behavior: JSONRecord): string {
  return JSON.stringify({ ScaleUp: rulesToGo(behavior.scaleUp), ScaleDown: rulesToGo(behavior.scaleDown) });
}

/** The v2 behavior of a parsed annotation, or undefined when it is not an object or is the zero value. */
export function behaviorFromAnnotation(parsed: unknown): JSONRecord | undefined {
  if (!isRecord(parsed)) return undefined;
  const scaleUp = rulesFromGo(parsed.ScaleUp);
  const scaleDown = rulesFromGo(parsed.ScaleDown);
  if (scaleUp === undefined && scaleDown === undefined) return undefined;
  return { ...(scaleUp !== undefined && { scaleUp }), ...(scaleDown !== undefined && { scaleDown }) };
}
