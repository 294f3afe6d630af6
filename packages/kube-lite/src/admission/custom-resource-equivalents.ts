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

/** A served CRD that converts with `None`, with the kind it serves. */
interface NoneConversionCRD {
  readonly crd: CustomResourceDefinition;
  readonly kind: string;
}

/**
 * The served CRDs with the `None` conversion by `group/plural` and by `group/kind`: built on first use and again after
 * each change of the served custom resources, so the admission path (asked once per webhook that did not match
 * exactly) looks a resource up instead of listing every CRD.
 */
class NoneConversionIndex {
  readonly #source: () => CustomResourceSource | undefined;
  #listening = false;
  #byResource: Map<string, NoneConversionCRD> | undefined;
  #byKind: Map<string, NoneConversionCRD> | undefined;

  constructor(source: () => CustomResourceSource | undefined) {
    this.#source = source;
  }

  #build(): void {
    const source = this.#source();
    if (source === undefined) return;
    if (!this.#listening) {
      this.#listening = true;
      source.addChangeListener(() => {
        this.#byResource = undefined;
        this.#byKind = undefined;
      });
    }
    this.#byResource = new Map();
    this.#byKind = new Map();
    for (const served of source.servedResources()) {
      if ((served.crd.spec.conversion?.strategy ?? 'None') !== 'None') continue;
      const entry = { crd: served.crd, kind: served.kind };
      this.#byResource.set(`${served.group}/${served.resource}`, entry);
      this.#byKind.set(`${served.group}/${served.kind}`, entry);
    }
  }

  /** The CRD of `resource`'s group and plural, when it serves `resource`'s version. */
  ofResource(resource: GroupVersionResource): NoneConversionCRD | undefined {
    if (this.#byResource === undefined) this.#build();
    const found = this.#byResource?.get(`${resource.group}/${resource.resource}`);
    return found?.crd.spec.versions.some((v) => v.served && v.name === resource.version) ? found : undefined;
  }

  /** Whether `kind` is a kind such a CRD serves. */
  hasKind(kind: GroupVersionKind): boolean {
    if (this.#byKind === undefined) this.#build();
    return this.#byKind?.has(`${kind.group}/${kind.kind}`) ?? false;
  }
}

/** Whether version `name` of `crd` serves `subresource` (`''` for the resource itself). */
function servesSubresource(crd: CustomResourceDefinition, name: string, subresource: string): boolean {
  if (subresource === '') return true;
  const subresources = crd.spec.versions.find((v) => v.name === name)?.subresources;
  return (subresource === 'status' && subresources?.status !== undefined) || (subresource === 'scale' && subresources?.scale !== undefined);
}

/** The equivalent resources of the custom resources `source` serves (indexed, the index renewed on each change). */
export function customResourceEquivalents(source: () => CustomResourceSource | undefined): EquivalentResources {
  const index = new NoneConversionIndex(source);
  return {
    equivalentResourcesFor(resource, subresource) {
      const found = index.ofResource(resource);
      if (found === undefined || !servesSubresource(found.crd, resource.version, subresource)) return [];
      return found.crd.spec.versions
        .filter((v) => v.served && servesSubresource(found.crd, v.name, subresource))
        .map((v) => ({ group: resource.group, version: v.name, resource: resource.resource }));
    },
    kindFor(resource, subresource) {
      const found = index.ofResource(resource);
      if (found === undefined || !servesSubresource(found.crd, resource.version, subresource)) return undefined;
      return subresource === 'scale' ? { ...SCALE_KIND } : { group: resource.group, version: resource.version, kind: found.kind };
    },
    convert(obj: ApiObject, from, to) {
      if (!index.hasKind(from) || from.group !== to.group || from.kind !== to.kind) {
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
