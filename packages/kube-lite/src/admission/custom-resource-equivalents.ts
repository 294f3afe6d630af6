/**
 * Custom resources as equivalent resources for `matchPolicy: Equivalent` (upstream's CRD handler registers every served
 * version of a CRD, and its subresources, in the `EquivalentResourceRegistry`; the webhook dispatcher converts with the
 * CRD's converter): a webhook or policy for one version of a custom resource sees requests made through its other
 * served versions, with the object in its own version. Only CRDs with the `None` conversion strategy take part here:
 * their objects convert by their `apiVersion` alone (upstream's `nopConverter`); a `Webhook` conversion would need an
 * asynchronous conversion, which the admission dispatchers do not make, so such a CRD's versions match exactly.
 * @module
 */
import type { CustomResourceDefinition } from '@apiserver/apiextensions';
import type { ApiObject, EquivalentResources } from '@apiserver/registry';
import type { GroupVersionKind, GroupVersionResource } from '@apiserver/runtime';
import type { CustomResourceSource } from '../server/controller-hooks.js';

const SCALE_KIND: GroupVersionKind = { group: 'autoscaling', version: 'v1', kind: 'Scale' };

/** The served CRD of `resource`'s group and plural, when it converts with `None` and serves `resource`'s version. */
function crdOf(source: CustomResourceSource | undefined, resource: GroupVersionResource): { crd: CustomResourceDefinition; kind: string } | undefined {
  const served = source?.servedResources().find((r) => r.group === resource.group && r.resource === resource.resource);
  if (served === undefined) return undefined;
  const { crd } = served;
  if ((crd.spec.conversion?.strategy ?? 'None') !== 'None') return undefined;
  if (!crd.spec.versions.some((v) => v.served && v.name === resource.version)) return undefined;
  return { crd, kind: served.kind };
}

/** Whether version `name` of `crd` serves `subresource` (`''` for the resource itself). */
function servesSubresource(crd: CustomResourceDefinition, name: string, subresource: string): boolean {
  if (subresource === '') return true;
  const subresources = crd.spec.versions.find((v) => v.name === name)?.subresources;
  return (subresource === 'status' && subresources?.status !== undefined) || (subresource === 'scale' && subresources?.scale !== undefined);
}

/** The equivalent resources of the custom resources `source` serves now (read at each request). */
export function customResourceEquivalents(source: () => CustomResourceSource | undefined): EquivalentResources {
  return {
    equivalentResourcesFor(resource, subresource) {
      const found = crdOf(source(), resource);
      if (found === undefined || !servesSubresource(found.crd, resource.version, subresource)) return [];
      return found.crd.spec.versions
        .filter((v) => v.served && servesSubresource(found.crd, v.name, subresource))
        .map((v) => ({ group: resource.group, version: v.name, resource: resource.resource }));
    },
    kindFor(resource, subresource) {
      const found = crdOf(source(), resource);
      if (found === undefined || !servesSubresource(found.crd, resource.version, subresource)) return undefined;
      return subresource === 'scale' ? { ...SCALE_KIND } : { group: resource.group, version: resource.version, kind: found.kind };
    },
    convert(obj: ApiObject, from, to) {
      const served = source()?.servedResources().find((r) => r.group === from.group && r.kind === from.kind);
      const none = served !== undefined && (served.crd.spec.conversion?.strategy ?? 'None') === 'None';
      if (!none || from.group !== to.group || from.kind !== to.kind) {
        throw new Error(`no conversion from ${from.group}/${from.version}, Kind=${from.kind} to ${to.group}/${to.version}, Kind=${to.kind}`);
      }
      return { ...obj, apiVersion: `${to.group}/${to.version}` };
    },
  };
}

/**
 * Several sets of equivalent resources as one: each question goes to the first set that knows the resource (or, for
 * a conversion, the kinds).
 */
export function combinedEquivalentResources(...sets: readonly EquivalentResources[]): EquivalentResources {
  return {
    equivalentResourcesFor(resource, subresource) {
      for (const set of sets) {
        const found = set.equivalentResourcesFor(resource, subresource);
        if (found.length > 0) return found;
      }
      return [];
    },
    kindFor(resource, subresource) {
      for (const set of sets) {
        const kind = set.kindFor(resource, subresource);
        if (kind !== undefined) return kind;
      }
      return undefined;
    },
    convert(obj, from, to) {
      let failure: unknown;
      for (const set of sets) {
        try {
          return set.convert(obj, from, to);
        } catch (err) {
          failure = err;
        }
      }
      throw failure instanceof Error ? failure : new Error(`no conversion from ${from.group}/${from.version}, Kind=${from.kind}`);
    },
  };
}
