/**
 * autoscaling/v1 ↔ v2 metric conversion (pkg/apis/autoscaling/v1 conversion.go `Convert_*MetricSource*`,
 * `Convert_*MetricStatus*`): v1's flat, v2beta1-style sources (`metricName`, `targetAverageValue`, …) against v2's
 * `metric` identifiers and `target`/`current` structs. Objects are built in Go's field order, so the JSON put in
 * the round-trip annotations reads as upstream's.
 * @module
 */
import { isRecord, type JSONRecord, recordAt, stringAt } from '../../../object-fields.js';

type Rec = JSONRecord;
const set = (v: unknown): boolean => v !== undefined && v !== null;
/** A non-pointer v1 Quantity: the zero Quantity when v2 has none. */
const requiredQuantity = (v: unknown): unknown => (set(v) ? v : '0');
/** Drops unset (omitempty) fields. */
function compact(obj: Rec): Rec {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => set(v)));
}
const crossRef = (ref: Rec | undefined): Rec => compact({ kind: stringAt(ref, 'kind'), name: stringAt(ref, 'name'), apiVersion: ref?.apiVersion });

/** A v2 MetricSpec as v1 MetricSpec. */
export function metricSpecToV1(spec: Rec): Rec {
  const out: Rec = { type: spec.type };
  const object = recordAt(spec, 'object');
  if (object !== undefined) {
    const target = recordAt(object, 'target');
    const metric = recordAt(object, 'metric');
    out.object = compact({ target: crossRef(recordAt(object, 'describedObject')), metricName: stringAt(metric, 'name'), targetValue: requiredQuantity(target?.value), selector: metric?.selector, averageValue: target?.averageValue });
  }
  const pods = recordAt(spec, 'pods');
  if (pods !== undefined) {
    const metric = recordAt(pods, 'metric');
    out.pods = compact({ metricName: stringAt(metric, 'name'), targetAverageValue: requiredQuantity(recordAt(pods, 'target')?.averageValue), selector: metric?.selector });
  }
  const resource = recordAt(spec, 'resource');
  if (resource !== undefined) {
    const target = recordAt(resource, 'target');
    out.resource = compact({ name: resource.name, targetAverageUtilization: target?.averageUtilization, targetAverageValue: target?.averageValue });
  }
  const container = recordAt(spec, 'containerResource');
  if (container !== undefined) {
    const target = recordAt(container, 'target');
    out.containerResource = compact({ name: container.name, targetAverageUtilization: target?.averageUtilization, targetAverageValue: target?.averageValue, container: container.container });
  }
  const external = recordAt(spec, 'external');
  if (external !== undefined) {
    const target = recordAt(external, 'target');
    const metric = recordAt(external, 'metric');
    out.external = compact({ metricName: stringAt(metric, 'name'), metricSelector: metric?.selector, targetValue: target?.value, targetAverageValue: target?.averageValue });
  }
  return out;
}

const identifier = (name: unknown, selector: unknown): Rec => compact({ name: typeof name === 'string' ? name : '', selector });

/** A v1 MetricSpec (from the annotation) as v2 MetricSpec. */
export function metricSpecFromV1(spec: Rec): Rec {
  const out: Rec = { type: spec.type };
  const object = recordAt(spec, 'object');
  if (object !== undefined) {
    const target = compact({ type: set(object.averageValue) ? 'AverageValue' : 'Value', value: requiredQuantity(object.targetValue), averageValue: object.averageValue });
    out.object = { describedObject: crossRef(recordAt(object, 'target')), target, metric: identifier(object.metricName, object.selector) };
  }
  const pods = recordAt(spec, 'pods');
  if (pods !== undefined) out.pods = { metric: identifier(pods.metricName, pods.selector), target: { type: 'AverageValue', averageValue: requiredQuantity(pods.targetAverageValue) } };
  for (const key of ['resource', 'containerResource']) {
    const src = recordAt(spec, key);
    if (src === undefined) continue;
    const type = set(src.targetAverageUtilization) ? 'Utilization' : 'AverageValue';
    const target = compact({ type, averageValue: src.targetAverageValue, averageUtilization: src.targetAverageUtilization });
    out[key] = compact({ name: src.name, target, container: key === 'containerResource' ? src.container : undefined });
  }
  const external = recordAt(spec, 'external');
  if (external !== undefined) {
    const target = compact({ type: set(external.targetValue) ? 'Value' : 'AverageValue', value: external.targetValue, averageValue: external.targetAverageValue });
    out.external = { metric: identifier(external.metricName, external.metricSelector), target };
  }
  return out;
}

/** A v2 MetricStatus as v1 MetricStatus. */
export function metricStatusToV1(status: Rec): Rec {
  const out: Rec = { type: status.type };
  const object = recordAt(status, 'object');
  if (object !== undefined) {
    const current = recordAt(object, 'current');
    const metric = recordAt(object, 'metric');
    out.object = compact({ target: crossRef(recordAt(object, 'describedObject')), metricName: stringAt(metric, 'name'), currentValue: requiredQuantity(current?.value), selector: metric?.selector, averageValue: current?.averageValue });
  }
  const pods = recordAt(status, 'pods');
  if (pods !== undefined) {
    const metric = recordAt(pods, 'metric');
    out.pods = compact({ metricName: stringAt(metric, 'name'), currentAverageValue: requiredQuantity(recordAt(pods, 'current')?.averageValue), selector: metric?.selector });
  }
  for (const key of ['resource', 'containerResource']) {
    const src = recordAt(status, key);
    if (src === undefined) continue;
    const current = recordAt(src, 'current');
    out[key] = compact({ name: src.name, currentAverageUtilization: current?.averageUtilization, currentAverageValue: requiredQuantity(current?.averageValue), container: key === 'containerResource' ? src.container : undefined });
  }
  const external = recordAt(status, 'external');
  if (external !== undefined) {
    const current = recordAt(external, 'current');
    const metric = recordAt(external, 'metric');
    out.external = compact({ metricName: stringAt(metric, 'name'), metricSelector: metric?.selector, currentValue: requiredQuantity(current?.value), currentAverageValue: current?.averageValue });
  }
  return out;
}

/** A v1 MetricStatus (from the annotation) as v2 MetricStatus. */
export function metricStatusFromV1(status: Rec): Rec {
  const out: Rec = { type: status.type };
  const object = recordAt(status, 'object');
  if (object !== undefined) {
    out.object = { metric: identifier(object.metricName, object.selector), current: compact({ value: requiredQuantity(object.currentValue), averageValue: object.averageValue }), describedObject: crossRef(recordAt(object, 'target')) };
  }
  const pods = recordAt(status, 'pods');
  if (pods !== undefined) out.pods = { metric: identifier(pods.metricName, pods.selector), current: { averageValue: requiredQuantity(pods.currentAverageValue) } };
  for (const key of ['resource', 'containerResource']) {
    const src = recordAt(status, key);
    if (src === undefined) continue;
    const current = compact({ averageValue: requiredQuantity(src.currentAverageValue), averageUtilization: src.currentAverageUtilization });
    out[key] = compact({ name: src.name, current, container: key === 'containerResource' ? src.container : undefined });
  }
  const external = recordAt(status, 'external');
  if (external !== undefined) {
    out.external = { metric: identifier(external.metricName, external.metricSelector), current: compact({ value: requiredQuantity(external.currentValue), averageValue: external.currentAverageValue }) };
  }
  return out;
}

/** The records of a parsed annotation list (non-records skipped). */
export function recordList(v: unknown): Rec[] {
  return Array.isArray(v) ? v.filter(isRecord) : [];
}
