/**
 * The annotations autoscaling/v1 uses to carry what only autoscaling/v2 can express (pkg/apis/autoscaling
 * `MetricSpecsAnnotation` & co. and `DropRoundTripHorizontalPodAutoscalerAnnotations`).
 * @module
 */

/** Metrics other than the CPU utilization target, as a JSON list of v1 MetricSpec. */
export const METRIC_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
/** Current metrics, as a JSON list of v1 MetricStatus. */
export const METRIC_STATUSES_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';
/** Conditions, as a JSON list of v1 HorizontalPodAutoscalerCondition. */
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/conditions';
/** The scaling behavior, as JSON of the internal Go type (Go field names: `ScaleUp`, `Policies`, …). */
export const BEHAVIOR_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';

const ROUND_TRIP = [METRIC_SPECS_ANNOTATION, BEHAVIOR_ANNOTATION, METRIC_STATUSES_ANNOTATION, CONDITIONS_ANNOTATION];

/** The annotations without the round-trip ones (a copy; undefined when none are left). */
export function withoutRoundTripAnnotations(annotations: Readonly<Record<string, string>> | undefined): Record<string, string> | undefined {
  if (annotations === undefined) return undefined;
  const out = Object.fromEntries(Object.entries(annotations).filter(([k]) => !ROUND_TRIP.includes(k)));
  return Object.keys(out).length === 0 ? undefined : out;
}

/** Parses an annotation's JSON; undefined when absent or malformed (upstream ignores bad annotations). */
export function parsedAnnotation(annotations: Readonly<Record<string, string>> | undefined, key: string): unknown {
  const text = annotations?.[key];
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
