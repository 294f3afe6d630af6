/**
 * kube-lite's answers to type checking (what kube-controller-manager's RESTMapper and OpenAPI schema resolver give
 * upstream): a group, version and resource is served as a built-in kind of the installed groups or as a custom
 * resource's kind; a built-in kind's type is its OpenAPI v3 schema as the server publishes it, a custom resource's
 * that of its CRD version with `metadata` as ObjectMeta and string `apiVersion` and `kind`, as the published document
 * has them.
 * @module
 */
import { type OpenAPIObject, openAPISchemaCelType, type SchemaCelType } from '@apiserver/apiextensions';
import { ObjectMetaSchema, openAPIComponentSchemas, openAPIComponentsForKind, typeNameOf } from '@apiserver/runtime';
import type { APIGroupInfo } from '@apiserver/server';
import type { CustomResourceSource } from '../../server/controller-hooks.js';
import { versionStorages } from '../../server/group-storage.js';
import type { GroupVersionKind, TypeCheckingResolver } from './type-checking.js';

const REF = '#/components/schemas/';

function builtInKind(groups: readonly APIGroupInfo[], group: string, version: string, resource: string): GroupVersionKind | undefined {
  const kind = versionStorages(groups, group, version).find(([path]) => path === resource)?.[1].newObject().kind;
  return kind === undefined ? undefined : { group, version, kind };
}

/** The resolver over the installed `groups` and the custom resources served now. */
export function servedTypeCheckingResolver(groups: readonly APIGroupInfo[], customResources: () => CustomResourceSource | undefined): TypeCheckingResolver {
  const scheme = groups[0]?.scheme;
  const servedCRD = (group: string, version: string, match: (r: { resource: string; kind: string }) => boolean) => {
    const served = customResources()
      ?.servedResources()
      .find((r) => r.group === group && match(r));
    return served?.crd.spec.versions.find((v) => v.name === version && v.served) === undefined ? undefined : served;
  };
  const metaName = typeNameOf(ObjectMetaSchema) ?? 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
  let metaComponents: Record<string, OpenAPIObject> | undefined;
  return {
    kindsFor(group, version, resource) {
      const builtIn = builtInKind(groups, group, version, resource);
      if (builtIn !== undefined) return [builtIn];
      const custom = servedCRD(group, version, (r) => r.resource === resource);
      return custom === undefined ? [] : [{ group, version, kind: custom.kind }];
    },
    typeOf(gvk): SchemaCelType | undefined {
      if (scheme?.recognizes(gvk) === true) {
        const { name, components } = openAPIComponentsForKind(scheme, gvk);
        return openAPISchemaCelType({ $ref: `${REF}${name}` }, components);
      }
      const custom = servedCRD(gvk.group, gvk.version, (r) => r.kind === gvk.kind);
      const schema = custom?.crd.spec.versions.find((v) => v.name === gvk.version)?.schema?.openAPIV3Schema;
      if (schema === undefined) return undefined;
      metaComponents ??= openAPIComponentSchemas(ObjectMetaSchema);
      const str = { type: 'string' };
      const published = { ...schema, properties: { ...schema.properties, apiVersion: str, kind: str, metadata: { allOf: [{ $ref: `${REF}${metaName}` }] } } };
      return openAPISchemaCelType(published, metaComponents);
    },
  };
}
