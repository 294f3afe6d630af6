/**
 * `kubectl get endpoints` columns (pkg/printers/internalversion `endpointColumnDefinitions`, `printEndpoints`,
 * `formatEndpoints`): NAME ENDPOINTS AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { recordsAt, stringAt } from '../../../object-fields.js';

const SUBSETS_DOC =
  'The set of all endpoints is the union of all subsets. Addresses are placed into subsets according to the IPs they share. A single address with multiple ports, some of which are ready and some of which are not (because they come from different containers) will result in the address being displayed in different subsets for the different ports. No address will appear in both Addresses and NotReadyAddresses in the same subset. Sets of addresses and ports that comprise a service.';

/** The Endpoints columns: Name, Endpoints, Age. */
export const ENDPOINTS_COLUMNS = [NAME_COLUMN, column('Endpoints', 'string', SUBSETS_DOC), AGE_COLUMN] as const;

const MAX_SHOWN = 3;

function hostPort(ip: string, port: unknown): string {
  return `${ip.includes(':') ? `[${ip}]` : ip}:${typeof port === 'number' ? port : 0}`;
}

/** The ready addresses as `ip:port` (just `ip` for a subset without ports), the first three then `+ N more...`. */
export function formatEndpoints(ep: ApiObject): string {
  const subsets = recordsAt(ep, 'subsets');
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  let count = 0;
  let more = false;
  const add = (entry: string) => {
    if (list.length === MAX_SHOWN) more = true;
    else list.push(entry);
  };
  for (const subset of subsets) {
    const ips = recordsAt(subset, 'addresses').map((a) => stringAt(a, 'ip'));
    const ports = recordsAt(subset, 'ports');
    if (ports.length === 0) {
      count += ips.length;
      for (const ip of ips) add(ip);
      continue;
    }
    for (const port of ports) {
      count += ips.length;
      for (const ip of ips) add(hostPort(ip, port.port));
    }
  }
  const shown = list.join(',');
  return more ? `${shown} + ${count - MAX_SHOWN} more...` : shown;
}

/** The cells of one Endpoints row. */
export function printEndpoints(ep: ApiObject, ctx: PrintContext): unknown[] {
  return [ep.metadata.name ?? '', formatEndpoints(ep), ageCell(ep, ctx.now)];
}

/** The Endpoints table convertor. */
export function newEndpointsTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(ENDPOINTS_COLUMNS, printEndpoints, options);
}
