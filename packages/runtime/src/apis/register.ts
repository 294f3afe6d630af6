/** Registration of the built-in core/v1 and apps/v1 kinds. */
import { Scheme } from '../runtime/scheme.js';
import { DeploymentListSchema, DeploymentSchema } from './apps/v1/deployment.js';
import {
  ConfigMapListSchema,
  ConfigMapSchema,
  NamespaceListSchema,
  NamespaceSchema,
  SecretListSchema,
  SecretSchema,
  ServiceAccountListSchema,
  ServiceAccountSchema,
} from './core/v1/config.js';
import { listSchemaOf } from './core/v1/config.js';
import { PodSchema } from './core/v1/pod.js';
import { ServiceListSchema, ServiceSchema } from './core/v1/service.js';
import { addBuiltinDefaults } from './defaults.js';
import { addMetaKinds, addMetaToGroupVersion } from './meta/v1/register.js';

/** Schema of core/v1 PodList. */
export const PodListSchema = listSchemaOf('io.k8s.api.core.v1.PodList', { group: '', version: 'v1', kind: 'PodList' }, PodSchema);

/** Registers Namespace, ConfigMap, Secret, ServiceAccount, Service, Pod and their lists (core/v1). */
export function addCoreV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: '', version: 'v1' });
  return scheme.addKnownTypes(
    NamespaceSchema,
    NamespaceListSchema,
    ConfigMapSchema,
    ConfigMapListSchema,
    SecretSchema,
    SecretListSchema,
    ServiceAccountSchema,
    ServiceAccountListSchema,
    ServiceSchema,
    ServiceListSchema,
    PodSchema,
    PodListSchema,
  );
}

/** Registers Deployment and DeploymentList (apps/v1). */
export function addAppsV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'apps', version: 'v1' });
  return scheme.addKnownTypes(DeploymentSchema, DeploymentListSchema);
}

/** A scheme holding the meta kinds plus every built-in kind of this package, with their defaulting hooks. */
export function newBuiltinScheme(name = 'apiserver'): Scheme {
  return addBuiltinDefaults(addAppsV1Kinds(addCoreV1Kinds(addMetaKinds(new Scheme(name)))));
}
