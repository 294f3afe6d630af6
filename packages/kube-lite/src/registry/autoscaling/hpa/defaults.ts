/**
 * autoscaling/v2 HorizontalPodAutoscaler defaulting (pkg/apis/autoscaling/v2 `SetDefaults_HorizontalPodAutoscaler`):
 * minReplicas 1, a CPU utilization metric of 80% when there are no metrics, and a given behavior completed with
 * the default scale-up (0 s window, Max of 4 pods or 100% per 15 s) and scale-down (Max of 100% per 15 s) rules.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ensureRecord, isRecord, type JSONRecord } from '../../../object-fields.js';

/** The CPU utilization the HPA targets when no metric is given (`autoscaling.DefaultCPUUtilization`). */
export const DEFAULT_CPU_UTILIZATION = 80;

/** The default metric list: average CPU utilization at 80%. */
export function defaultCPUMetrics(): JSONRecord[] {
  return [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
}

const scaleUpDefaults = (): JSONRecord => ({
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
});
const scaleDownDefaults = (): JSONRecord => ({ selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });

/** `copyHPAScalingRules`: the set fields of `given` over `defaults`. */
function completedRules(given: unknown, defaults: JSONRecord): JSONRecord {
  if (!isRecord(given)) return defaults;
  for (const key of ['selectPolicy', 'stabilizationWindowSeconds', 'policies']) if (given[key] !== undefined && given[key] !== null) defaults[key] = given[key];
  return defaults;
}

/** Applies `SetDefaults_HorizontalPodAutoscaler` in place. */
export function defaultHPA(hpa: ApiObject): void {
  const spec = ensureRecord(hpa, 'spec');
  if (spec.minReplicas === undefined || spec.minReplicas === null) spec.minReplicas = 1;
  if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) spec.metrics = defaultCPUMetrics();
  const behavior = spec.behavior;
  if (isRecord(behavior)) {
    behavior.scaleUp = completedRules(behavior.scaleUp, scaleUpDefaults());
    behavior.scaleDown = completedRules(behavior.scaleDown, scaleDownDefaults());
  }
}
