/**
 * kube-lite's equivalent resources for `matchPolicy: Equivalent` (upstream's `EquivalentResourceMapper` over the
 * installed storage): resources served from one storage in several versions or groups, with their conversions:
 * autoscaling/v2 and autoscaling/v1 `horizontalpodautoscalers` (and `/status`), core/v1 and events.k8s.io/v1
 * `events`. Only the members the server serves are equivalents.
 * @module
 */
import type { APIGroupInfo } from '@apiserver/server';
import type { ApiObject, EquivalentResources } from '@apiserver/registry';
import type { GroupVersionKind, GroupVersionResource } from '@apiserver/runtime';
import { hpaFromV1, hpaToV1 } from '../registry/autoscaling/hpa/v1-conversion.js';
import { eventFromCore, eventToCore } from '../registry/events/conversion.js';

/** One served form of a stored resource. */
interface Member {
  readonly resource: GroupVersionResource;
  readonly kind: GroupVersionKind;
  /** Subresources served in this form too. */
  readonly subresources: readonly string[];
  readonly toStored: (obj: ApiObject) => ApiObject;
  readonly fromStored: (obj: ApiObject) => ApiObject;
}

const identity = (obj: ApiObject): ApiObject => obj;

const EQUIVALENCE_CLASSES: readonly (readonly Member[])[] = [
  [
    {
      resource: { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' },
      kind: { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' },
      subresources: ['status'],
      toStored: identity,
      fromStored: identity,
    },
    {
      resource: { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' },
      kind: { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' },
      subresources: ['status'],
      toStored: hpaFromV1,
      fromStored: hpaToV1,
    },
  ],
  [
    {
      resource: { group: '', version: 'v1', resource: 'events' },
      kind: { group: '', version: 'v1', kind: 'Event' },
      subresources: [],
      toStored: identity,
      fromStored: identity,
    },
    {
      resource: { group: 'events.k8s.io', version: 'v1', resource: 'events' },
      kind: { group: 'events.k8s.io', version: 'v1', kind: 'Event' },
      subresources: [],
      toStored: eventToCore,
      fromStored: eventFromCore,
    },
  ],
];

function served(groups: readonly APIGroupInfo[], r: GroupVersionResource): boolean {
  return groups.some((info) => {
    if (info.prioritizedVersions[0]?.group !== r.group) return false;
    const map = info.versionedResourcesStorageMap[r.version];
    if (map === undefined) return false;
    return map instanceof Map ? map.has(r.resource) : Object.hasOwn(map, r.resource);
  });
}

const sameResource = (a: GroupVersionResource, b: GroupVersionResource): boolean =>
  a.group === b.group && a.version === b.version && a.resource === b.resource;
const sameKind = (a: GroupVersionKind, b: GroupVersionKind): boolean => a.group === b.group && a.version === b.version && a.kind === b.kind;

/** The equivalent resources among those `groups` serve. */
export function kubeLiteEquivalentResources(groups: readonly APIGroupInfo[]): EquivalentResources {
  const classes = EQUIVALENCE_CLASSES.map((members) => members.filter((m) => served(groups, m.resource))).filter((c) => c.length > 1);
  const classOf = (r: GroupVersionResource): readonly Member[] => classes.find((c) => c.some((m) => sameResource(m.resource, r))) ?? [];
  const memberOfKind = (k: GroupVersionKind): Member | undefined => classes.flat().find((m) => sameKind(m.kind, k));
  return {
    equivalentResourcesFor(resource, subresource) {
      return classOf(resource)
        .filter((m) => subresource === '' || m.subresources.includes(subresource))
        .map((m) => m.resource);
    },
    kindFor(resource, subresource) {
      const m = classOf(resource).find((c) => sameResource(c.resource, resource));
      return m !== undefined && (subresource === '' || m.subresources.includes(subresource)) ? m.kind : undefined;
    },
    convert(obj, from, to) {
      const source = memberOfKind(from);
      const target = memberOfKind(to);
      if (source === undefined || target === undefined) throw new Error(`no conversion from ${from.group}/${from.version}, Kind=${from.kind} to ${to.group}/${to.version}, Kind=${to.kind}`);
      return target.fromStored(source.toStored(obj));
    },
  };
}
