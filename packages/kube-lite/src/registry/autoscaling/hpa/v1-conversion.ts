/**
 * autoscaling/v1 ↔ v2 HorizontalPodAutoscaler conversion (pkg/apis/autoscaling/v1 conversion.go): v1 has one CPU
 * utilization target; every other metric, the current metrics, the conditions and the behavior travel in the
 * `autoscaling.alpha.kubernetes.io/*` annotations. A v1 object without any metric gets the 80% CPU default.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type JSONRecord, recordAt, recordsAt } from '../../../object-fields.js';
import { behaviorAnnotation, behaviorFromAnnotation } from './behavior-annotation.js';
import { defaultCPUMetrics } from './defaults.js';
import { metricSpecFromV1, metricSpecToV1, metricStatusFromV1, metricStatusToV1, recordList } from './metric-conversion.js';
import {
  BEHAVIOR_ANNOTATION,
  CONDITIONS_ANNOTATION,
  METRIC_SPECS_ANNOTATION,
  METRIC_STATUSES_ANNOTATION,
  parsedAnnotation,
  withoutRoundTripAnnotations,
} from './round-trip-annotations.js';

const isCPUUtilization = (m: JSONRecord): boolean => {
  const resource = recordAt(m, 'resource');
  return m.type === 'Resource' && resource?.name === 'cpu' && typeof recordAt(resource, 'target')?.averageUtilization === 'number';
};

function withAnnotations(obj: ApiObject, annotations: Record<string, string> | undefined): ApiObject['metadata'] {
  const { annotations: _dropped, ...meta } = obj.metadata;
  return annotations === undefined ? meta : { ...meta, annotations };
}

function conditionToV1(c: JSONRecord): JSONRecord {
  return { type: c.type, status: c.status, lastTransitionTime: c.lastTransitionTime ?? null, ...(c.reason !== undefined && c.reason !== '' && { reason: c.reason }), ...(c.message !== undefined && c.message !== '' && { message: c.message }) };
}

function v1Status(status: JSONRecord | undefined): JSONRecord {
  const out: JSONRecord = {};
  if (status?.observedGeneration !== undefined) out.observedGeneration = status.observedGeneration;
  if (status?.lastScaleTime !== undefined) out.lastScaleTime = status.lastScaleTime;
  out.currentReplicas = status?.currentReplicas ?? 0;
  out.desiredReplicas = status?.desiredReplicas ?? 0;
  const cpu = recordsAt(status, 'currentMetrics').find((m) => m.type === 'Resource' && recordAt(m, 'resource')?.name === 'cpu');
  const utilization = recordAt(recordAt(cpu, 'resource'), 'current')?.averageUtilization;
  if (typeof utilization === 'number') out.currentCPUUtilizationPercentage = utilization;
  return out;
}

/** `Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler`. */
export function hpaToV1(hpa: ApiObject): ApiObject {
  const spec = recordAt(hpa, 'spec') ?? {};
  const status = recordAt(hpa, 'status');
  const metrics = recordsAt(spec, 'metrics');
  const annotations: Record<string, string> = { ...withoutRoundTripAnnotations(hpa.metadata.annotations) };
  const others = metrics.filter((m) => !isCPUUtilization(m)).map(metricSpecToV1);
  if (others.length > 0) annotations[METRIC_SPECS_ANNOTATION] = JSON.stringify(others);
  const current = recordsAt(status, 'currentMetrics');
  if (current.length > 0) annotations[METRIC_STATUSES_ANNOTATION] = JSON.stringify(current.map(metricStatusToV1));
  const behavior = recordAt(spec, 'behavior');
  if (behavior !== undefined) annotations[BEHAVIOR_ANNOTATION] = behaviorAnnotation(behavior);
  const conditions = recordsAt(status, 'conditions');
  if (conditions.length > 0) annotations[CONDITIONS_ANNOTATION] = JSON.stringify(conditions.map(conditionToV1));
  const cpu = metrics.find(isCPUUtilization);
  const v1Spec: JSONRecord = { scaleTargetRef: spec.scaleTargetRef ?? { kind: '', name: '' } };
  if (spec.minReplicas !== undefined) v1Spec.minReplicas = spec.minReplicas;
  v1Spec.maxReplicas = spec.maxReplicas ?? 0;
  if (cpu !== undefined) v1Spec.targetCPUUtilizationPercentage = recordAt(recordAt(cpu, 'resource'), 'target')?.averageUtilization;
  const metadata = withAnnotations(hpa, Object.keys(annotations).length === 0 ? undefined : annotations);
  return { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata, spec: v1Spec, status: v1Status(status) };
}

function v2Status(status: JSONRecord | undefined, annotations: Record<string, string> | undefined): JSONRecord {
  const out: JSONRecord = {};
  for (const key of ['observedGeneration', 'lastScaleTime', 'currentReplicas', 'desiredReplicas']) if (status?.[key] !== undefined) out[key] = status[key];
  const fromAnnotation = recordList(parsedAnnotation(annotations, METRIC_STATUSES_ANNOTATION)).map(metricStatusFromV1);
  const cpu = typeof status?.currentCPUUtilizationPercentage === 'number' ? [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }] : [];
  const annotated = annotations?.[METRIC_STATUSES_ANNOTATION] !== undefined && parsedAnnotation(annotations, METRIC_STATUSES_ANNOTATION) !== undefined;
  const currentMetrics = annotated ? [...fromAnnotation, ...cpu] : cpu;
  if (currentMetrics.length > 0) out.currentMetrics = currentMetrics;
  const conditions = parsedAnnotation(annotations, CONDITIONS_ANNOTATION);
  if (Array.isArray(conditions)) out.conditions = recordList(conditions).map((c) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== null)));
  return out;
}

/** `Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler`. */
export function hpaFromV1(hpa: ApiObject): ApiObject {
  const spec = recordAt(hpa, 'spec') ?? {};
  const annotations = hpa.metadata.annotations;
  const cpuTarget = spec.targetCPUUtilizationPercentage;
  const cpu = typeof cpuTarget === 'number' ? [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpuTarget } } }] : [];
  const others = parsedAnnotation(annotations, METRIC_SPECS_ANNOTATION);
  let metrics: JSONRecord[] = Array.isArray(others) ? [...recordList(others).map(metricSpecFromV1), ...cpu] : cpu;
  if (metrics.length === 0) metrics = defaultCPUMetrics();
  const v2Spec: JSONRecord = { scaleTargetRef: spec.scaleTargetRef };
  if (spec.minReplicas !== undefined) v2Spec.minReplicas = spec.minReplicas;
  v2Spec.maxReplicas = spec.maxReplicas;
  v2Spec.metrics = metrics;
  const behavior = behaviorFromAnnotation(parsedAnnotation(annotations, BEHAVIOR_ANNOTATION));
  if (behavior !== undefined) v2Spec.behavior = behavior;
  const out: ApiObject = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: withAnnotations(hpa, withoutRoundTripAnnotations(annotations)), spec: v2Spec };
  if (hpa.status !== undefined) out.status = v2Status(recordAt(hpa, 'status'), annotations);
  return out;
}
