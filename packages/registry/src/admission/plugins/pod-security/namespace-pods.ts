/**
 * Dry-running a namespace's new enforce level against its pods (`EvaluatePodsInNamespace`): at most 3000 pods within
 * one second (or half the request's remaining time), one pod per controller first, identical verdicts grouped.
 * @module
 */
import { isRecord } from '../../../quota/json-record.js';
import type { ApiObject, RequestContext } from '../../../rest/types.js';
import { type LevelVersion, levelVersionString } from './api.js';
import { aggregateCheckResults, forbiddenReason } from './check.js';
import type { Evaluator } from './evaluator.js';
import { compareStrings, listAt, stringAt } from './pod-spec.js';

/** The most pods a namespace update checks. */
export const NAMESPACE_MAX_PODS_TO_CHECK = 3000;
/** The longest a namespace update spends checking pods, in ms. */
export const NAMESPACE_POD_CHECK_TIMEOUT_MILLIS = 1000;

/** Lists a namespace's pods (an abort ends the listing). */
export type PodLister = (namespace: string, signal: AbortSignal) => Promise<readonly ApiObject[]>;

function controllerUid(pod: ApiObject): string | undefined {
  const owner = listAt(pod.metadata as Record<string, unknown>, 'ownerReferences').find((r) => isRecord(r) && r['controller'] === true);
  return isRecord(owner) ? stringAt(owner, 'uid') : undefined;
}

/** The pods to evaluate: exempt runtime classes left out, the first pod of each controller before its replicas. */
function prioritizePods(pods: readonly ApiObject[], exemptRuntimeClass: (name: string) => boolean): ApiObject[] {
  const first: ApiObject[] = [];
  const replicas: ApiObject[] = [];
  const seen = new Set<string>();
  for (const pod of pods) {
    if (exemptRuntimeClass(stringAt(pod['spec'] as Record<string, unknown> | undefined, 'runtimeClassName'))) continue;
    const uid = controllerUid(pod);
    if (uid !== undefined && seen.has(uid)) {
      replicas.push(pod);
      continue;
    }
    if (uid !== undefined) seen.add(uid);
    first.push(pod);
  }
  return [...first, ...replicas];
}

function decorate(warning: string, podName: string, count: number): string {
  if (count === 1) return `${podName}: ${warning}`;
  if (count === 2) return `${podName} (and 1 other pod): ${warning}`;
  return `${podName} (and ${count - 1} other pods): ${warning}`;
}

/** What the namespace update needs to dry-run its pods. */
export interface NamespacePodsCheck {
  /** The evaluator. */
  readonly evaluator: Evaluator;
  /** The pod lister. */
  readonly listPods: PodLister;
  /** Whether a runtime class is exempt. */
  readonly exemptRuntimeClass: (name: string) => boolean;
}

/** The warnings for the pods of `namespace` violating `enforce`. */
export async function evaluatePodsInNamespace(ctx: RequestContext, check: NamespacePodsCheck, namespace: string, enforce: LevelVersion): Promise<string[]> {
  let timeout = NAMESPACE_POD_CHECK_TIMEOUT_MILLIS;
  if (ctx.deadline !== undefined) timeout = Math.min(timeout, (ctx.deadline - Date.now()) / 2);
  const deadline = Date.now() + timeout;
  let pods: readonly ApiObject[];
  try {
    pods = await check.listPods(namespace, AbortSignal.timeout(Math.max(0, timeout)));
  } catch {
    return ['failed to list pods while checking new PodSecurity enforce level'];
  }
  const prioritized = prioritizePods(pods, check.exemptRuntimeClass);
  const total = prioritized.length;
  const counts = new Map<string, { podName: string; count: number }>();
  let checked = Math.min(total, NAMESPACE_MAX_PODS_TO_CHECK);
  for (let i = 0; i < checked; i++) {
    const pod = prioritized[i] as ApiObject;
    const r = aggregateCheckResults(check.evaluator.evaluatePod(enforce, pod.metadata as Record<string, unknown>, isRecord(pod['spec']) ? pod['spec'] : {}));
    if (!r.allowed) {
      const warning = forbiddenReason(r);
      const name = pod.metadata.name ?? '';
      const c = counts.get(warning);
      if (c === undefined) counts.set(warning, { podName: name, count: 1 });
      else counts.set(warning, { podName: compareStrings(name, c.podName) < 0 ? name : c.podName, count: c.count + 1 });
    }
    if (Date.now() >= deadline) checked = i + 1;
  }
  const warnings: string[] = [];
  if (checked < total) warnings.push(`new PodSecurity enforce level only checked against the first ${checked} of ${total} existing pods`);
  if (counts.size > 0) warnings.push(`existing pods in namespace "${namespace}" violate the new PodSecurity enforce level "${levelVersionString(enforce)}"`);
  const podWarnings = [...counts].map(([w, c]) => decorate(w, c.podName, c.count)).sort(compareStrings);
  return [...warnings, ...podWarnings];
}
