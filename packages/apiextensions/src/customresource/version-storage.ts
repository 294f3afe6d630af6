/**
 * The storage map entries of one served version of a CRD: `<plural>`, and `<plural>/status` and
 * `<plural>/scale` when declared, with the version's schema, strategy, printer columns, selectable fields and names,
 * over a {@link ConvertingStorage} that stores the storage version and shows this one.
 *
 * @module
 */
import { type ApiList, type ApiObject, StatusREST, type Storage } from '@apiserver/registry';
import type { FieldLabelConversion } from '@apiserver/endpoints';
import type { FieldType } from '@apiserver/runtime';
import { compareKubeAwareVersions, defaultedNames } from '../apis/helpers.js';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from '../apis/types.js';
import { newStructural, type Structural } from '../structural-schema.js';
import { hasDefaults, withDefaults } from '../defaulting.js';
import { CustomResourceCoercer } from './coercion.js';
import { type CRConverter, nopConverter } from './cr-converter.js';
import { ConvertingStorage, type StoredObjectDefaulter } from './converting-storage.js';
import { CustomResourceScaleREST } from './scale-rest.js';
import { CustomResourceStore } from './cr-store.js';
import { newCustomResourceStatusStrategy, newCustomResourceStrategy } from './cr-strategy.js';
import { CustomResourceTableConvertor } from './printer-columns.js';
import { customResourceAttrs, customResourceFieldLabels } from './selectable-fields.js';
import { customResourceFieldType } from './type-converter.js';
import type { RESTOptions } from '../server/rest-options.js';

/** The storage of one served version and the main store (for cleanup). */
export interface VersionStorage {
  /** `<plural>`, `<plural>/status`, `<plural>/scale` → storage. */
  readonly entries: ReadonlyMap<string, Storage>;
  /** The main store. */
  readonly store: CustomResourceStore;
  /** `<plural>` and `<plural>/status` → the coercer their request decoders use (the scale subresource serves Scale). */
  readonly coercers: ReadonlyMap<string, CustomResourceCoercer>;
  /** The merge type server-side apply gives the version's objects (its type converter). */
  readonly fieldType: FieldType;
  /** The field selector labels the version accepts (its converter's `ConvertFieldLabel`). */
  readonly fieldLabels: FieldLabelConversion;
}

function structuralOf(version: CustomResourceDefinitionVersion): Structural | undefined {
  const props = version.schema?.openAPIV3Schema;
  return props === undefined ? undefined : newStructural(props);
}

/**
 * The storage codec's defaulter (upstream's `unstructuredDefaulter`): an object read from storage takes the defaults
 * of the version it was stored in.
 */
function storedObjectDefaulter(crd: CustomResourceDefinition): StoredObjectDefaulter {
  const schemas = new Map<string, Structural>();
  for (const v of crd.spec.versions) {
    const s = structuralOf(v);
    if (s !== undefined && hasDefaults(s)) schemas.set(`${crd.spec.group}/${v.name}`, s);
  }
  if (schemas.size === 0) return (obj) => obj;
  return (obj) => withDefaults(obj, schemas.get(obj.apiVersion ?? ''));
}

/**
 * The warning of a deprecated version (`deprecationWarning`, else upstream's default
 * `<group>/<version> <Kind> is deprecated; use <group>/<newer served version> <Kind>`).
 */
export function deprecationWarning(crd: CustomResourceDefinition, version: CustomResourceDefinitionVersion): string | undefined {
  if (version.deprecated !== true) return undefined;
  if (version.deprecationWarning !== undefined) return version.deprecationWarning;
  const { group, names } = crd.spec;
  const message = `${group}/${version.name} ${names.kind} is deprecated`;
  const newer = crd.spec.versions
    .filter((v) => v.served && v.deprecated !== true && compareKubeAwareVersions(version.name, v.name) > 0)
    .map((v) => v.name)
    .sort(compareKubeAwareVersions);
  return newer[0] === undefined ? message : `${message}; use ${group}/${newer[0]} ${names.kind}`;
}

/**
 * Builds the storage of `version` of an accepted CRD over the CRD's storage, objects converted between the storage
 * version and `version` by `converter` (the CRD's `spec.conversion`; `None` when absent).
 */
export function newVersionStorage(
  crd: CustomResourceDefinition,
  version: CustomResourceDefinitionVersion,
  restOptions: RESTOptions,
  converter: CRConverter = nopConverter,
): VersionStorage {
  const { group } = crd.spec;
  const names = defaultedNames(crd.status?.acceptedNames ?? crd.spec.names);
  const storageVersion = crd.spec.versions.find((v) => v.storage)?.name ?? version.name;
  const schema = structuralOf(version);
  const namespaced = crd.spec.scope === 'Namespaced';
  const selectableFields = version.selectableFields ?? [];
  const apiVersion = `${group}/${version.name}`;
  const coercer = new CustomResourceCoercer({ group, version: version.name, kind: names.kind, schema });
  const strategyOptions = { namespaced, schema, subresources: version.subresources };
  const strategy = newCustomResourceStrategy(strategyOptions);
  const options = {
    newObject: (): ApiObject => ({ apiVersion, kind: names.kind, metadata: {} }),
    newList: (): ApiList => ({ apiVersion, kind: names.listKind, metadata: {}, items: [] }),
    defaultQualifiedResource: { group, resource: names.plural },
    singularQualifiedResource: { group, resource: names.singular ?? names.kind.toLowerCase() },
    qualifiedKind: { group, kind: names.kind },
    storage: new ConvertingStorage(restOptions.storage, converter, apiVersion, `${group}/${storageVersion}`, storedObjectDefaulter(crd)),
    resourcePrefix: restOptions.resourcePrefix,
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: new CustomResourceTableConvertor(version.additionalPrinterColumns ?? []),
    attrFunc: customResourceAttrs(namespaced, selectableFields, schema),
    shortNames: names.shortNames ?? [],
    categories: names.categories ?? [],
  };
  const deprecation = deprecationWarning(crd, version);
  const subresources = version.subresources;
  // The strategies' GetResetFields: the main resource does not write status when the status subresource is on; the
  // status subresource writes nothing else.
  const store = new CustomResourceStore(options, { coercer, deprecationWarning: deprecation, resetFields: subresources?.status === undefined ? {} : { [apiVersion]: ['status'] } });
  const entries = new Map<string, Storage>([[names.plural, store]]);
  const coercers = new Map([[names.plural, coercer]]);
  if (subresources?.status !== undefined) {
    coercers.set(`${names.plural}/status`, coercer);
    const statusStrategy = newCustomResourceStatusStrategy(strategy, strategyOptions);
    const statusStore = new CustomResourceStore(
      { ...options, strategies: { ...options.strategies, update: statusStrategy } },
      { coercer, deprecationWarning: deprecation, resetFields: { [apiVersion]: ['apiVersion', 'kind', 'metadata', 'spec'] } },
    );
    entries.set(`${names.plural}/status`, new StatusREST(statusStore));
  }
  if (subresources?.scale !== undefined) entries.set(`${names.plural}/scale`, new CustomResourceScaleREST(store, subresources.scale, crd, apiVersion));
  const fieldLabels = customResourceFieldLabels(namespaced, selectableFields);
  return { entries, store, coercers, fieldType: customResourceFieldType(schema), fieldLabels };
}
