/**
 * `kubectl get endpointslices` columns (pkg/printers/internalversion `endpointSliceColumnDefinitions`,
 * `printEndpointSlice`, `formatDiscoveryPorts`, `formatDiscoveryEndpoints`): NAME ADDRESSTYPE PORTS ENDPOINTS AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { recordsAt, stringsAt } from '../../../object-fields.js';

const ADDRESS_TYPE_DOC =
  'addressType specifies the type of address carried by this EndpointSlice. All addresses in this slice must be the same type. This field is immutable after creation. The following address types are currently supported: * IPv4: Represents an IPv4 Address. * IPv6: Represents an IPv6 Address. * FQDN: Represents a Fully Qualified Domain Name.';
const PORTS_DOC =
  'ports specifies the list of network ports exposed by each endpoint in this slice. Each port must have a unique name. When ports is empty, it indicates that there are no defined ports. When a port is defined with a nil port value, it indicates "all ports". Each slice may include a maximum of 100 ports.';
const ENDPOINTS_DOC = 'endpoints is a list of unique endpoints in this slice. Each slice may include a maximum of 1000 endpoints.';

/** The EndpointSlice columns: Name, AddressType, Ports, Endpoints, Age. */
export const ENDPOINT_SLICE_COLUMNS = [
  NAME_COLUMN,
  column('AddressType', 'string', ADDRESS_TYPE_DOC),
  column('Ports', 'string', PORTS_DOC),
  column('Endpoints', 'string', ENDPOINTS_DOC),
  AGE_COLUMN,
] as const;

const MAX_SHOWN = 3;

/** The first three entries joined by commas, then `+ N more...`; `<unset>` when there are none. */
export function listWithMore(entries: readonly string[]): string {
  const shown = entries.slice(0, MAX_SHOWN).join(',');
  if (entries.length > MAX_SHOWN) return `${shown} + ${entries.length - MAX_SHOWN} more...`;
  return shown === '' ? '<unset>' : shown;
}

/** Each port's number, else its name, else `*` (all ports). */
export function formatDiscoveryPorts(slice: ApiObject): string {
  return listWithMore(
    recordsAt(slice, 'ports').map((p) => {
      if (typeof p.port === 'number') return String(p.port);
      return typeof p.name === 'string' ? p.name : '*';
    }),
  );
}

/** Every address of every endpoint. */
export function formatDiscoveryEndpoints(slice: ApiObject): string {
  return listWithMore(recordsAt(slice, 'endpoints').flatMap((e) => stringsAt(e, 'addresses')));
}

/** The cells of one EndpointSlice row. */
export function printEndpointSlice(slice: ApiObject, ctx: PrintContext): unknown[] {
  const addressType = typeof slice.addressType === 'string' ? slice.addressType : '';
  return [slice.metadata.name ?? '', addressType, formatDiscoveryPorts(slice), formatDiscoveryEndpoints(slice), ageCell(slice, ctx.now)];
}

/** The EndpointSlice table convertor. */
export function newEndpointSliceTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(ENDPOINT_SLICE_COLUMNS, printEndpointSlice, options);
}
