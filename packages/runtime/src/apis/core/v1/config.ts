/** core/v1 Namespace, ConfigMap, Secret and ServiceAccount, with their lists. */
import { type Static, Type } from 'typebox';
import { field, kindStruct, requiredField, stringList, stringMap, struct } from '../../../schema/define.js';
import { bytesSchema, TimeSchema } from '../../../schema/special-types.js';
import { ListMetaSchema, ObjectMetaSchema } from '../../meta/v1/object-meta.js';
import { LocalObjectReferenceSchema, ObjectReferenceSchema } from './references.js';

const CORE = 'io.k8s.api.core.v1';
const V1 = { group: '', version: 'v1' };
const metadata = () => field(1, ObjectMetaSchema, 'Standard object metadata.');

/** Schema of core/v1 NamespaceCondition. */
export const NamespaceConditionSchema = struct(`${CORE}.NamespaceCondition`, 'A condition of a namespace.', {
  type: requiredField(1, Type.String(), 'Type of the condition.'),
  status: requiredField(2, Type.String(), 'True, False or Unknown.'),
  lastTransitionTime: field(4, TimeSchema, 'Last time the condition changed.'),
  reason: field(5, Type.String(), 'Machine-readable reason.'),
  message: field(6, Type.String(), 'Human-readable message.'),
});

/** Schema of core/v1 Namespace. */
export const NamespaceSchema = kindStruct(`${CORE}.Namespace`, { ...V1, kind: 'Namespace' }, 'A scope for names.', {
  metadata: metadata(),
  spec: field(
    2,
    struct(`${CORE}.NamespaceSpec`, 'Desired state of a namespace.', {
      finalizers: field(1, stringList(), 'Finalizers that must run before the namespace is removed.', {
        listType: 'atomic',
      }),
    }),
    'Desired state of the namespace.',
  ),
  status: field(
    3,
    struct(`${CORE}.NamespaceStatus`, 'Observed state of a namespace.', {
      phase: field(1, Type.String(), 'Active or Terminating.'),
      conditions: field(2, Type.Array(NamespaceConditionSchema), 'Latest observations.', {
        listType: 'map',
        listMapKeys: ['type'],
        patchStrategy: 'merge',
        patchMergeKey: 'type',
      }),
    }),
    'Observed state of the namespace.',
  ),
});
/** core/v1 Namespace. */
export type Namespace = Static<typeof NamespaceSchema>;

/** Schema of core/v1 ConfigMap. */
export const ConfigMapSchema = kindStruct(`${CORE}.ConfigMap`, { ...V1, kind: 'ConfigMap' }, 'Non-secret data.', {
  metadata: metadata(),
  immutable: field(4, Type.Boolean(), 'When true, data cannot be updated.', { omit: 'nil' }),
  data: field(2, stringMap(), 'UTF-8 configuration data.'),
  binaryData: field(3, Type.Record(Type.String(), bytesSchema()), 'Binary configuration data, base64 in JSON.'),
});
/** core/v1 ConfigMap. */
export type ConfigMap = Static<typeof ConfigMapSchema>;

/** Schema of core/v1 Secret. */
export const SecretSchema = kindStruct(`${CORE}.Secret`, { ...V1, kind: 'Secret' }, 'Secret data.', {
  metadata: metadata(),
  immutable: field(5, Type.Boolean(), 'When true, data cannot be updated.', { omit: 'nil' }),
  data: field(2, Type.Record(Type.String(), bytesSchema()), 'Secret data, base64 in JSON.'),
  stringData: field(4, stringMap(), 'Write-only convenience: merged into data on write.'),
  type: field(3, Type.String(), 'Type of the secret, e.g. Opaque.'),
});
/** core/v1 Secret. */
export type Secret = Static<typeof SecretSchema>;

/** Schema of core/v1 ServiceAccount. */
export const ServiceAccountSchema = kindStruct(
  `${CORE}.ServiceAccount`,
  { ...V1, kind: 'ServiceAccount' },
  'An identity for processes in pods.',
  {
    metadata: metadata(),
    secrets: field(2, Type.Array(ObjectReferenceSchema), 'Secrets this account may use.', {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
    imagePullSecrets: field(3, Type.Array(LocalObjectReferenceSchema), 'Secrets for pulling images.', {
      listType: 'atomic',
    }),
    automountServiceAccountToken: field(4, Type.Boolean(), 'Whether pods mount the token.', { omit: 'nil' }),
  },
);
/** core/v1 ServiceAccount. */
export type ServiceAccount = Static<typeof ServiceAccountSchema>;

/** Builds the schema of a `<Kind>List` holding `items` of the given schema. */
export function listSchemaOf<T extends Parameters<typeof Type.Array>[0]>(
  typeName: string,
  gvk: { group: string; version: string; kind: string },
  item: T,
) {
  return kindStruct(typeName, gvk, `A list of ${gvk.kind.replace(/List$/, '')} objects.`, {
    metadata: field(1, ListMetaSchema, 'Standard list metadata.'),
    items: requiredField(2, Type.Array(item), 'The items.'),
  });
}

/** Schema of core/v1 NamespaceList. */
export const NamespaceListSchema = listSchemaOf(`${CORE}.NamespaceList`, { ...V1, kind: 'NamespaceList' }, NamespaceSchema);
/** Schema of core/v1 ConfigMapList. */
export const ConfigMapListSchema = listSchemaOf(`${CORE}.ConfigMapList`, { ...V1, kind: 'ConfigMapList' }, ConfigMapSchema);
/** Schema of core/v1 SecretList. */
export const SecretListSchema = listSchemaOf(`${CORE}.SecretList`, { ...V1, kind: 'SecretList' }, SecretSchema);
/** Schema of core/v1 ServiceAccountList. */
export const ServiceAccountListSchema = listSchemaOf(
  `${CORE}.ServiceAccountList`,
  { ...V1, kind: 'ServiceAccountList' },
  ServiceAccountSchema,
);
/** NamespaceList. */
export type NamespaceList = Static<typeof NamespaceListSchema>;
/** ConfigMapList. */
export type ConfigMapList = Static<typeof ConfigMapListSchema>;
/** SecretList. */
export type SecretList = Static<typeof SecretListSchema>;
/** ServiceAccountList. */
export type ServiceAccountList = Static<typeof ServiceAccountListSchema>;
