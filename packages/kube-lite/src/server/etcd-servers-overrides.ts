/**
 * `--etcd-servers-overrides`: per-resource etcd servers `group/resource#servers` (servers `;`-separated), validated
 * as kube-apiserver's `EtcdOptions.Validate` and applied as `completedStorageFactoryConfig.New` does
 * (pkg/kubeapiserver/default_storage_factory_builder.go), with every bad entry reported.
 */
import type { GroupResource } from '@apiserver/runtime';

/** One override: the resource and the etcd servers that store it instead of `--etcd-servers`. */
export interface EtcdServersOverride {
  /** The overridden group-resource (`/events` is the core group's events). */
  readonly resource: GroupResource;
  /** Its etcd client URLs. */
  readonly servers: readonly string[];
}

/** The outcome of {@link parseEtcdServersOverrides}: the valid overrides and one message per invalid entry. */
export interface ParsedEtcdServersOverrides {
  /** Valid overrides in flag order (a later one for the same resource wins, as upstream's `SetEtcdLocation`). */
  readonly overrides: readonly EtcdServersOverride[];
  /** Upstream's format message, or kube-lite's URL message, per invalid entry. */
  readonly errors: readonly string[];
}

/** Upstream's message for an entry that is not `group/resource#servers`. */
export const ETCD_SERVERS_OVERRIDES_FORMAT_ERROR =
  '--etcd-servers-overrides invalid, must be of format: group/resource#servers, where servers are URLs, semicolon separated';

/** Whether `s` is an http(s) URL, the only etcd client URLs kube-lite dials. */
export function isHttpURL(s: string): boolean {
  return URL.canParse(s) && /^https?:$/.test(new URL(s).protocol);
}

function parseOne(entry: string): EtcdServersOverride | string {
  const tokens = entry.split('#');
  if (tokens.length !== 2) return ETCD_SERVERS_OVERRIDES_FORMAT_ERROR;
  const apiresource = (tokens[0] ?? '').split('/');
  if (apiresource.length !== 2) return ETCD_SERVERS_OVERRIDES_FORMAT_ERROR;
  // Upstream dials whatever it is given; kube-lite checks the URLs up front, as it does `--etcd-servers`.
  const servers = (tokens[1] ?? '').split(';');
  const bad = servers.find((s) => !isHttpURL(s));
  if (bad !== undefined) return `--etcd-servers-overrides ${JSON.stringify(entry)}: ${JSON.stringify(bad)} is not an http(s) URL`;
  return { resource: { group: apiresource[0] ?? '', resource: apiresource[1] ?? '' }, servers };
}

/** Parses `--etcd-servers-overrides` entries (e.g. `/events#http://127.0.0.1:2380`, `apps/deployments#http://a:2379;http://b:2379`). */
export function parseEtcdServersOverrides(entries: readonly string[]): ParsedEtcdServersOverrides {
  const overrides: EtcdServersOverride[] = [];
  const errors: string[] = [];
  for (const entry of entries) {
    const parsed = parseOne(entry);
    if (typeof parsed === 'string') errors.push(parsed);
    else overrides.push(parsed);
  }
  return { overrides, errors };
}
