/**
 * What core/v1's hand-written conversions (pkg/apis/core/v1 `conversion.go`, 1.32) change when an object goes from
 * v1 to the internal version and back, as every object a cluster stores does. kube-lite stores v1 objects, so this
 * round trip runs where they are defaulted:
 * - a pod spec's deprecated `serviceAccount` repeats `serviceAccountName` (the internal spec has only the latter);
 * - a pod's `podIPs` and `hostIPs` follow the singular `podIP` and `hostIP` (older clients' fields win), and `podIP`
 *   is `podIPs[0]` again on the way out;
 * - a node's `podCIDRs` follow `podCIDR` the same way;
 * - a pod's negative `terminationGracePeriodSeconds` becomes 1 (pods only, not templates);
 * - the pre-1.8 init container annotations are dropped from pods and pod templates.
 * @module
 */
import { isRecord } from '../serializer/go-json.js';

type Rec = Record<string, unknown>;

/** The annotations that once carried init containers (`initContainerAnnotations`), dropped in both directions. */
export const INIT_CONTAINER_ANNOTATIONS: readonly string[] = [
  'pod.beta.kubernetes.io/init-containers',
  'pod.alpha.kubernetes.io/init-containers',
  'pod.beta.kubernetes.io/init-container-statuses',
  'pod.alpha.kubernetes.io/init-container-statuses',
];

/** `dropInitContainerAnnotations`: removes those annotations from `metadata` (a pod's or a pod template's). */
export function dropInitContainerAnnotations(metadata: unknown): void {
  if (!isRecord(metadata) || !isRecord(metadata.annotations)) return;
  for (const key of INIT_CONTAINER_ANNOTATIONS) Reflect.deleteProperty(metadata.annotations, key);
}

/**
 * The deprecated `serviceAccount` alias: a spec naming only `serviceAccount` runs as that account, and
 * `serviceAccount` always repeats `serviceAccountName` (absent when that is empty).
 */
export function syncDeprecatedServiceAccount(spec: Record<string, unknown>): void {
  const name = typeof spec.serviceAccountName === 'string' ? spec.serviceAccountName : '';
  const alias = typeof spec.serviceAccount === 'string' ? spec.serviceAccount : '';
  const effective = name !== '' ? name : alias;
  if (effective === '') {
    Reflect.deleteProperty(spec, 'serviceAccount');
    return;
  }
  spec.serviceAccountName = effective;
  spec.serviceAccount = effective;
}

/** The first element's value of a list: a string of a string list, the `ip` of an `{ip}` list. */
function firstOf(list: unknown, key: string | undefined): string {
  if (!Array.isArray(list) || list.length === 0) return '';
  const first: unknown = list[0];
  const value = key === undefined ? first : isRecord(first) ? first[key] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * One singular/plural pair on the way in (`Convert_v1_…`): a set singular value that the list does not start with
 * replaces the whole list by itself; an empty list gets the singular value. `key` is the field of a list element that
 * holds the value (`ip`), none for a list of strings.
 */
function pluralFromSingular(obj: Rec, singular: string, plural: string, key: string | undefined): void {
  const one = obj[singular];
  if (typeof one !== 'string' || one === '') return;
  const list = obj[plural];
  const empty = !Array.isArray(list) || list.length === 0;
  if (empty || firstOf(list, key) !== one) obj[plural] = [key === undefined ? one : { [key]: one }];
}

/** The singular field of the internal version's list on the way out (`Convert_core_…`): its first element. */
function singularFromPlural(obj: Rec, singular: string, plural: string, key: string | undefined): void {
  const first = firstOf(obj[plural], key);
  if (first !== '') obj[singular] = first;
}

/**
 * `Convert_v1_PodStatus_To_core_PodStatus` and back: `podIP` and `hostIP` are authoritative over their lists. The
 * internal status has no `podIP`, so it is `podIPs[0]` again on the way out; it keeps `hostIP`, so a `hostIPs` without
 * `hostIP` stays as it is (and fails validation).
 */
export function roundTripPodStatusIPs(status: unknown): void {
  if (!isRecord(status)) return;
  pluralFromSingular(status, 'podIP', 'podIPs', 'ip');
  singularFromPlural(status, 'podIP', 'podIPs', 'ip');
  pluralFromSingular(status, 'hostIP', 'hostIPs', 'ip');
}

/** `Convert_v1_NodeSpec_To_core_NodeSpec` and back: `podCIDR` wins over `podCIDRs`, and is `podCIDRs[0]` again. */
export function roundTripNodeSpecPodCIDRs(spec: unknown): void {
  if (!isRecord(spec)) return;
  pluralFromSingular(spec, 'podCIDR', 'podCIDRs', undefined);
  singularFromPlural(spec, 'podCIDR', 'podCIDRs', undefined);
}

/**
 * `Convert_v1_Pod_To_core_Pod` and back: the init container annotations dropped, a negative
 * `terminationGracePeriodSeconds` forced to 1 (pods only: a template keeps it, with a warning), the status addresses.
 */
export function roundTripPod(pod: Record<string, unknown>): void {
  dropInitContainerAnnotations(pod.metadata);
  const spec = pod.spec;
  if (isRecord(spec) && typeof spec.terminationGracePeriodSeconds === 'number' && spec.terminationGracePeriodSeconds < 0) {
    spec.terminationGracePeriodSeconds = 1;
  }
  roundTripPodStatusIPs(pod.status);
}
