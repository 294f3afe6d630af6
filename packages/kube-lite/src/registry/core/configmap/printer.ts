/**
 * `kubectl get configmaps` columns (printers.go `configMapColumnDefinitions`, `printConfigMap`): NAME DATA AGE.
 * @module
 */
import { ageCell, mapSize } from '../../../printers/cells.js';
import { AGE_COLUMN, column, NAME_COLUMN } from '../../../printers/columns.js';
import { type PrinterOptions, PrinterTableConvertor } from '../../../printers/table-convertor.js';

const DATA_DOC =
  "Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process.";

/** The ConfigMap columns: Name, Data (number of data plus binaryData keys), Age. */
export const CONFIG_MAP_COLUMNS = [NAME_COLUMN, column('Data', 'string', DATA_DOC), AGE_COLUMN] as const;

/** The ConfigMap table convertor. */
export function newConfigMapTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(
    CONFIG_MAP_COLUMNS,
    (cm, ctx) => [cm.metadata.name ?? '', mapSize(cm.data) + mapSize(cm.binaryData), ageCell(cm, ctx.now)],
    options,
  );
}
