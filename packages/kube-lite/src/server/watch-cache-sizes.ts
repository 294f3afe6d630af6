/**
 * `--watch-cache-sizes`: per-resource watch cache settings `resource[.group]#size`, parsed as kube-apiserver's
 * `ParseWatchCacheSizes` (staging/src/k8s.io/apiserver/pkg/server/options/etcd.go), with every bad entry reported.
 */
import { type GroupResource, groupResourceString } from '@apiserver/runtime';

/** Watch cache size per group-resource, keyed `resource[.group]` (runtime's `groupResourceString`); 0 disables the cache of that resource. */
export type WatchCacheSizes = ReadonlyMap<string, number>;

/** The outcome of {@link parseWatchCacheSizes}: the sizes of the valid entries and one message per invalid entry. */
export interface ParsedWatchCacheSizes {
  /** Sizes of the valid entries (a later entry for the same resource wins, as upstream's map assignment). */
  readonly sizes: WatchCacheSizes;
  /** Upstream's messages for the invalid entries. */
  readonly errors: readonly string[];
}

/** `resource[.group]` → group-resource, split at the first dot (upstream `schema.ParseGroupResource`). */
export function parseGroupResource(s: string): GroupResource {
  const dot = s.indexOf('.');
  return dot === -1 ? { group: '', resource: s } : { group: s.slice(dot + 1), resource: s.slice(0, dot) };
}

/** Go's `strconv.Atoi` on the size: an optional sign and decimal digits, nothing else. */
function atoi(s: string): number | undefined {
  return /^[+-]?\d+$/.test(s) ? Number(s) : undefined;
}

/** Parses `--watch-cache-sizes` entries (e.g. `configmaps#0`, `deployments.apps#500`). */
export function parseWatchCacheSizes(entries: readonly string[]): ParsedWatchCacheSizes {
  const sizes = new Map<string, number>();
  const errors: string[] = [];
  for (const entry of entries) {
    const tokens = entry.split('#');
    if (tokens.length !== 2) {
      errors.push(`invalid value of watch cache size: ${entry}`);
      continue;
    }
    const size = atoi(tokens[1] ?? '');
    if (size === undefined) errors.push(`invalid size of watch cache size: ${entry}`);
    else if (size < 0) errors.push(`watch cache size cannot be negative: ${entry}`);
    else sizes.set(groupResourceString(parseGroupResource(tokens[0] ?? '')), size);
  }
  return { sizes, errors };
}

/**
 * Upstream's `DefaultWatchCacheSizes`: events (core and `events.k8s.io`) are not watch-cached, as they are many,
 * short-lived and rarely watched. `--watch-cache-sizes` entries override these.
 */
export function defaultWatchCacheSizes(): WatchCacheSizes {
  return new Map([
    ['events', 0],
    ['events.events.k8s.io', 0],
  ]);
}
