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
import { ServiceListSchema, ServiceSchema } from './core/v1/service.js';
import { addBuiltinDefaults } from './defaults.js';
import { addMetaKinds, addMetaToGroupVersion } from './meta/v1/register.js';

/** Registers Namespace, ConfigMap, Secret, ServiceAccount, Service and their lists (core/v1). */
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
