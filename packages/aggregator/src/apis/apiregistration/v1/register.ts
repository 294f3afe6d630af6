/**
 * Registration of apiregistration.k8s.io/v1 in a Scheme, with the ServiceReference port default (443).
 * @module
 */
import { addMetaKinds, addMetaToGroupVersion, type KubeObject, Scheme } from '@apiserver/runtime';
import { APIREGISTRATION_V1, APIServiceListSchema, APIServiceSchema } from './types.js';

/** The port of `spec.service` when none is given (`SetDefaults_ServiceReference`). */
export const DEFAULT_SERVICE_PORT = 443;

/** Sets `spec.service.port` to 443 when a service is given without a port (`SetDefaults_ServiceReference`). */
export function defaultAPIService(obj: KubeObject): void {
  const spec = (obj as { spec?: { service?: { port?: number } } }).spec;
  if (spec?.service !== undefined && spec.service !== null && spec.service.port === undefined) spec.service.port = DEFAULT_SERVICE_PORT;
}

/** Registers APIService and APIServiceList (apiregistration.k8s.io/v1) and their defaults. */
export function addAPIRegistrationV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, APIREGISTRATION_V1);
  scheme.addKnownTypes(APIServiceSchema, APIServiceListSchema);
  return scheme.addDefaultingFunc({ ...APIREGISTRATION_V1, kind: 'APIService' }, defaultAPIService);
}

/** A scheme with the meta kinds and apiregistration.k8s.io/v1. */
export function newAPIRegistrationScheme(name = 'aggregator'): Scheme {
  return addAPIRegistrationV1Kinds(addMetaKinds(new Scheme(name)));
}
