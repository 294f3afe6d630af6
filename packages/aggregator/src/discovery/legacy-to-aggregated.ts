/**
 * Converting a legacy APIResourceList to its aggregated form (the aggregator's fallback for servers that do
 * not serve aggregated discovery): `<resource>/<sub>` entries become subresources of their parent.
 * @module
 */
import type { APIResourceDiscovery, APIResourceList, APIVersionDiscovery } from '@apiserver/runtime';

type SubDiscovery = NonNullable<APIResourceDiscovery['subresources']>[number];

/** The APIVersionDiscovery of one group-version's APIResourceList. */
export function aggregatedVersionOf(list: APIResourceList, group: string, version: string): APIVersionDiscovery {
  const parents = new Map<string, APIResourceDiscovery>();
  const subs = new Map<string, SubDiscovery[]>();
  for (const r of list.resources ?? []) {
    const responseKind = { group: r.group ?? group, version: r.version ?? version, kind: r.kind };
    const slash = r.name.indexOf('/');
    if (slash === -1) {
      parents.set(r.name, {
        resource: r.name,
        responseKind,
        scope: r.namespaced ? 'Namespaced' : 'Cluster',
        singularResource: r.singularName,
        verbs: [...r.verbs],
        ...(r.shortNames !== undefined && r.shortNames.length > 0 && { shortNames: [...r.shortNames] }),
        ...(r.categories !== undefined && r.categories.length > 0 && { categories: [...r.categories] }),
      });
      continue;
    }
    const parent = r.name.slice(0, slash);
    subs.set(parent, [...(subs.get(parent) ?? []), { subresource: r.name.slice(slash + 1), responseKind, verbs: [...r.verbs] }]);
  }
  const resources = [...parents.values()].map((p) => {
    const s = subs.get(p.resource);
    return s === undefined ? p : { ...p, subresources: s };
  });
  return { version, resources, freshness: 'Current' };
}
