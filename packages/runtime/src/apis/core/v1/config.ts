/** core/v1 Namespace, ConfigMap, Secret and ServiceAccount, with their lists. Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { ConfigMapListSchema, ConfigMapSchema, NamespaceConditionSchema, NamespaceListSchema, NamespaceSchema, SecretListSchema, SecretSchema, ServiceAccountListSchema, ServiceAccountSchema } from '../../generated/core/v1/types.js';

export { listSchemaOf } from './list-schema.js';
export { ConfigMapListSchema, ConfigMapSchema, NamespaceConditionSchema, NamespaceListSchema, NamespaceSchema, SecretListSchema, SecretSchema, ServiceAccountListSchema, ServiceAccountSchema };

/** core/v1 Namespace. */
export type Namespace = Static<typeof NamespaceSchema>;

/** core/v1 ConfigMap. */
export type ConfigMap = Static<typeof ConfigMapSchema>;

/** core/v1 Secret. */
export type Secret = Static<typeof SecretSchema>;

/** core/v1 ServiceAccount. */
export type ServiceAccount = Static<typeof ServiceAccountSchema>;

/** NamespaceList. */
export type NamespaceList = Static<typeof NamespaceListSchema>;

/** ConfigMapList. */
export type ConfigMapList = Static<typeof ConfigMapListSchema>;

/** SecretList. */
export type SecretList = Static<typeof SecretListSchema>;

/** ServiceAccountList. */
export type ServiceAccountList = Static<typeof ServiceAccountListSchema>;
