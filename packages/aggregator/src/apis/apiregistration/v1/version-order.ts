/**
 * Kubernetes-aware version ordering (apimachinery `version.CompareKubeAwareVersionStrings`): GA before beta
 * before alpha before versions that are not Kubernetes-like; higher major, then higher minor first.
 * @module
 */

const KUBE_VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;
const TYPE_RANK = { alpha: 0, beta: 1, ga: 2 } as const;

interface KubeVersion {
  readonly major: number;
  readonly rank: number;
  readonly minor: number;
}

function parseKubeVersion(v: string): KubeVersion | undefined {
  const m = KUBE_VERSION.exec(v);
  if (m === null) return undefined;
  const kind = (m[2] ?? 'ga') as keyof typeof TYPE_RANK;
  return { major: Number(m[1]), rank: TYPE_RANK[kind], minor: m[3] === undefined ? 0 : Number(m[3]) };
}

/**
 * Compares two version strings: positive when `v1` is preferred over `v2`, negative when `v2` is, zero
 * when equal. Non-Kubernetes-like versions sort lexically among themselves, the smaller string first.
 */
export function compareKubeAwareVersionStrings(v1: string, v2: string): number {
  if (v1 === v2) return 0;
  const a = parseKubeVersion(v1);
  const b = parseKubeVersion(v2);
  if (a === undefined && b === undefined) return v1 < v2 ? 1 : -1;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.major !== b.major) return a.major - b.major;
  return a.minor - b.minor;
}
