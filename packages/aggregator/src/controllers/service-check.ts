/**
 * The Service and Endpoints checks of the availability controller: the Service must exist, a ClusterIP
 * Service must have the port, and its Endpoints must have an address with that port's name.
 * @module
 */
import type { ServiceReference } from '../apis/apiregistration/v1/types.js';
import { DEFAULT_SERVICE_PORT } from '../apis/apiregistration/v1/register.js';
import type { ServiceGetter } from '../apiserver/service-resolver.js';

/** A failed check: the condition's status, reason and message. */
export interface ServiceProblem {
  /** `False`, or `Unknown` when the objects could not be read. */
  readonly status: string;
  /** The reason. */
  readonly reason: string;
  /** The message. */
  readonly message: string;
}

/** Checks the Service and Endpoints of `ref`; undefined when they are fine. */
export async function serviceCheck(getter: ServiceGetter, ref: ServiceReference): Promise<ServiceProblem | undefined> {
  const name = ref.name ?? '';
  const namespace = ref.namespace ?? '';
  const port = ref.port ?? DEFAULT_SERVICE_PORT;
  let service: Awaited<ReturnType<ServiceGetter['getService']>>;
  try {
    service = await getter.getService(namespace, name);
  } catch (err) {
    return { status: 'Unknown', reason: 'ServiceAccessError', message: `service/${name} in "${namespace}" cannot be checked due to: ${String(err)}` };
  }
  if (service === undefined) return { status: 'False', reason: 'ServiceNotFound', message: `service/${name} in "${namespace}" is not present` };
  const type = service.spec?.type ?? 'ClusterIP';
  if (type !== 'ClusterIP') return undefined;
  const servicePort = service.spec?.ports?.find((p) => p.port === port);
  if (servicePort === undefined) {
    return { status: 'False', reason: 'ServicePortError', message: `service/${name} in "${namespace}" is not listening on port ${port}` };
  }
  const portName = servicePort.name ?? '';
  let endpoints: Awaited<ReturnType<ServiceGetter['getEndpoints']>>;
  try {
    endpoints = await getter.getEndpoints(namespace, name);
  } catch (err) {
    return { status: 'Unknown', reason: 'EndpointsAccessError', message: `service/${name} in "${namespace}" cannot be checked due to: ${String(err)}` };
  }
  if (endpoints === undefined) return { status: 'False', reason: 'EndpointsNotFound', message: `cannot find endpoints for service/${name} in "${namespace}"` };
  const active = (endpoints.subsets ?? []).some((s) => (s.addresses ?? []).length > 0 && (s.ports ?? []).some((p) => (p.name ?? '') === portName));
  if (!active) {
    return { status: 'False', reason: 'MissingEndpoints', message: `endpoints for service/${name} in "${namespace}" have no addresses with port name "${portName}"` };
  }
  return undefined;
}
