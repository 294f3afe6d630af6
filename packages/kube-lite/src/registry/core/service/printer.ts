/**
 * kubectl's service columns (pkg/printers/internalversion `serviceColumnDefinitions`, `printService`):
 * NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE, wide SELECTOR.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { recordAt, recordsAt, stringAt, stringMapAt, stringsAt } from '../../../object-fields.js';
import { servicePorts, serviceType } from './service-fields.js';

const SERVICE_COLUMNS = [
  NAME_COLUMN,
  column('Type', 'string', 'The type of the service.'),
  column(
    'Cluster-IP',
    'string',
    'clusterIP is the IP address of the service and is usually assigned randomly. If an address is specified manually, is in-range (as per system configuration), and is not in use, it will be allocated to the service; otherwise creation of the service will fail. This field may not be changed through updates unless the type field is also being changed to ExternalName (which requires this field to be blank) or the type field is being changed from ExternalName (in which case this field may optionally be specified, as describe above).  Valid values are "None", empty string (""), or a valid IP address. Setting this to "None" makes a "headless service" (no virtual IP), which is useful when direct endpoint connections are preferred and proxying is not required.  Only applies to types ClusterIP, NodePort, and LoadBalancer. If this field is specified when creating a Service of type ExternalName, creation will fail. This field will be wiped when updating a Service to type ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies',
  ),
  column(
    'External-IP',
    'string',
    'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.  These IPs are not managed by Kubernetes.  The user is responsible for ensuring that traffic arrives at a node with this IP.  A common example is external load-balancers that are not part of the Kubernetes system.',
  ),
  column(
    'Port(s)',
    'string',
    'The list of ports that are exposed by this service. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies',
  ),
  AGE_COLUMN,
  column(
    'Selector',
    'string',
    'Route service traffic to pods with label keys and values matching this selector. If empty or not present, the service is assumed to have an external process managing its endpoints, which Kubernetes will not modify. Only applies to types ClusterIP, NodePort, and LoadBalancer. Ignored if type is ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/',
    { priority: 1 },
  ),
];

/** `k=v,k2=v2` with keys sorted, `<none>` when empty (`labels.FormatLabels`). */
export function formatLabels(labels: Readonly<Record<string, string>> | undefined): string {
  const keys = Object.keys(labels ?? {}).sort();
  return keys.length === 0 ? '<none>' : keys.map((k) => `${k}=${labels?.[k] ?? ''}`).join(',');
}

function loadBalancerIngress(svc: ApiObject): string[] {
  const ingress = recordsAt(recordAt(recordAt(svc, 'status'), 'loadBalancer'), 'ingress');
  return ingress.map((i) => stringAt(i, 'ip') || stringAt(i, 'hostname')).filter((s) => s !== '');
}

/** The EXTERNAL-IP cell (`getServiceExternalIP`, wide: never truncated). */
export function serviceExternalIP(svc: ApiObject): string {
  const spec = recordAt(svc, 'spec');
  const externalIPs = stringsAt(spec, 'externalIPs');
  switch (serviceType(svc)) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const all = [...loadBalancerIngress(svc), ...externalIPs];
      return all.length > 0 ? all.join(',') : '<pending>';
    }
    case 'ExternalName':
      return stringAt(spec, 'externalName');
    default:
      return '<unknown>';
  }
}

/** The PORT(S) cell: `80/TCP`, `80:30080/TCP`, comma-separated; `<none>` without ports. */
export function servicePortsCell(svc: ApiObject): string {
  const pieces = servicePorts(svc).map((p) => {
    const protocol = stringAt(p, 'protocol');
    const nodePort = typeof p.nodePort === 'number' ? p.nodePort : 0;
    return nodePort > 0 ? `${String(p.port)}:${nodePort}/${protocol}` : `${String(p.port)}/${protocol}`;
  });
  return pieces.length === 0 ? '<none>' : pieces.join(',');
}

/** The cells of one service row. */
export function printService(svc: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(svc, 'spec');
  return [
    svc.metadata.name ?? '',
    stringAt(spec, 'type'),
    stringsAt(spec, 'clusterIPs')[0] ?? '<none>',
    serviceExternalIP(svc),
    servicePortsCell(svc),
    ageCell(svc, ctx.now),
    formatLabels(stringMapAt(spec, 'selector')),
  ];
}

/** The services' TableConvertor. */
export function newServiceTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(SERVICE_COLUMNS, printService, options);
}
