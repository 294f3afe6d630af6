/**
 * kubectl's ingress columns (pkg/printers/internalversion `printIngress`): NAME CLASS HOSTS ADDRESS PORTS AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  AGE_COLUMN,
  ageCell,
  column,
  NAME_COLUMN,
  type PrintContext,
  PrinterTableConvertor,
  type PrinterOptions,
  recordAt,
  recordsAt,
  stringAt,
} from '../../../printers/index.js';

const INGRESS_COLUMNS = [
  NAME_COLUMN,
  column('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration'),
  column('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule'),
  column('Address', 'string', 'Address is a list containing ingress points for the load-balancer'),
  column('Ports', 'string', 'Ports of TLS configurations that open'),
  AGE_COLUMN,
];

const MAX_HOSTS = 3;

/** `formatHosts`: the first three rule hosts, `+ N more...` when there are more rules, `*` when none has a host. */
export function formatHosts(rules: readonly Record<string, unknown>[]): string {
  const hosts: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (hosts.length === MAX_HOSTS) more = true;
    const host = stringAt(rule, 'host');
    if (!more && host !== '') hosts.push(host);
  }
  if (hosts.length === 0) return '*';
  return more ? `${hosts.join(',')} + ${rules.length - MAX_HOSTS} more...` : hosts.join(',');
}

/**
 * `ingressLoadBalancerStatusStringer`: the sorted unique IPs (else hostnames). The server prints with `Wide: true`
 * (apiserver's TableConvertor), so the list is never cut to 16 characters.
 */
export function formatIngressAddress(ingress: ApiObject): string {
  const lbs = recordsAt(recordAt(recordAt(ingress, 'status'), 'loadBalancer'), 'ingress');
  const addresses = new Set<string>();
  for (const lb of lbs) {
    const address = stringAt(lb, 'ip') || stringAt(lb, 'hostname');
    if (address !== '') addresses.add(address);
  }
  return [...addresses].sort().join(',');
}

/** The cells of one ingress row. */
export function printIngress(ingress: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(ingress, 'spec');
  const className = typeof spec?.ingressClassName === 'string' ? spec.ingressClassName : '<none>';
  const ports = recordsAt(spec, 'tls').length > 0 ? '80, 443' : '80';
  return [ingress.metadata.name ?? '', className, formatHosts(recordsAt(spec, 'rules')), formatIngressAddress(ingress), ports, ageCell(ingress, ctx.now)];
}

/** The ingresses' TableConvertor. */
export function newIngressTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(INGRESS_COLUMNS, printIngress, options);
}
