/**
 * `kubectl get secrets` columns (printers.go `secretColumnDefinitions`, `printSecret`): NAME TYPE DATA AGE.
 * @module
 */
import { ageCell, mapSize } from '../../../printers/cells.js';
import { AGE_COLUMN, column, NAME_COLUMN } from '../../../printers/columns.js';
import { stringAt } from '../../../object-fields.js';
import { type PrinterOptions, PrinterTableConvertor } from '../../../printers/table-convertor.js';

const TYPE_DOC =
  'Used to facilitate programmatic handling of secret data. More info: https://kubernetes.io/docs/concepts/configuration/secret/#secret-types';
const DATA_DOC =
  "Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The serialized form of the secret data is a base64 encoded string, representing the arbitrary (possibly non-string) data value here. Described in https://tools.ietf.org/html/rfc4648#section-4";

/** The Secret columns: Name, Type, Data (number of keys), Age. */
export const SECRET_COLUMNS = [NAME_COLUMN, column('Type', 'string', TYPE_DOC), column('Data', 'string', DATA_DOC), AGE_COLUMN] as const;

/** The Secret table convertor. */
export function newSecretTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(
    SECRET_COLUMNS,
    (s, ctx) => [s.metadata.name ?? '', stringAt(s, 'type'), mapSize(s.data), ageCell(s, ctx.now)],
    options,
  );
}
