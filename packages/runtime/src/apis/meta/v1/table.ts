/** Server-side printing types: Table and its parts, PartialObjectMetadata(List). */
import { type Static, Type } from 'typebox';
import {
  field,
  int32,
  jsonField,
  kindStruct,
  requiredField,
  requiredJsonField,
  struct,
} from '../../../schema/define.js';
import { RawExtensionSchema } from '../../../schema/special-types.js';
import { ListMetaSchema, ObjectMetaSchema } from './object-meta.js';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const GV = { group: 'meta.k8s.io', version: 'v1' };

/** Schema of metav1.TableColumnDefinition. */
export const TableColumnDefinitionSchema = struct(`${META}.TableColumnDefinition`, 'One column of a Table.', {
  name: requiredJsonField(Type.String(), 'Human readable column name.'),
  type: requiredJsonField(Type.String(), 'OpenAPI type of the cells: string, integer, number, boolean or date.'),
  format: requiredJsonField(Type.String(), 'Optional OpenAPI format, e.g. name.'),
  description: requiredJsonField(Type.String(), 'What the column shows.'),
  priority: requiredJsonField(int32(), 'Importance: 0 is shown by default, higher only in wide output.'),
});
/** metav1.TableColumnDefinition. */
export type TableColumnDefinition = Static<typeof TableColumnDefinitionSchema>;

/** Schema of metav1.TableRowCondition. */
export const TableRowConditionSchema = struct(`${META}.TableRowCondition`, 'A condition of a Table row.', {
  type: requiredJsonField(Type.String(), 'Condition type; Completed is the only one defined.'),
  status: requiredJsonField(Type.String(), 'True, False or Unknown.'),
  reason: jsonField(Type.String(), 'Machine-readable reason of the last transition.'),
  message: jsonField(Type.String(), 'Human-readable details.'),
});

/** Schema of metav1.TableRow. */
export const TableRowSchema = struct(`${META}.TableRow`, 'One row of a Table.', {
  cells: requiredJsonField(Type.Array(Type.Unknown()), 'Cell values, one per column definition.'),
  conditions: jsonField(Type.Array(TableRowConditionSchema), 'Extra state of the row.'),
  // A RawExtension is a struct in Go, so omitempty never drops it: a row without object writes null.
  object: jsonField(RawExtensionSchema, 'The full object or its PartialObjectMetadata.', { omit: 'never' }),
});
/** metav1.TableRow. */
export type TableRow = Static<typeof TableRowSchema>;

/** Schema of metav1.Table. */
export const TableSchema = kindStruct(`${META}.Table`, { ...GV, kind: 'Table' }, 'Tabular view of objects.', {
  metadata: jsonField(ListMetaSchema, 'Standard list metadata.'),
  columnDefinitions: requiredJsonField(Type.Array(TableColumnDefinitionSchema), 'Columns of the table.'),
  rows: requiredJsonField(Type.Array(TableRowSchema), 'Rows of the table.'),
});
/** metav1.Table. */
export type Table = Static<typeof TableSchema>;

/** Schema of metav1.PartialObjectMetadata. */
export const PartialObjectMetadataSchema = kindStruct(
  `${META}.PartialObjectMetadata`,
  { ...GV, kind: 'PartialObjectMetadata' },
  'An object reduced to its metadata.',
  { metadata: field(1, ObjectMetaSchema, 'Standard object metadata.') },
);
/** metav1.PartialObjectMetadata. */
export type PartialObjectMetadata = Static<typeof PartialObjectMetadataSchema>;

/** Schema of metav1.PartialObjectMetadataList. */
export const PartialObjectMetadataListSchema = kindStruct(
  `${META}.PartialObjectMetadataList`,
  { ...GV, kind: 'PartialObjectMetadataList' },
  'A list of objects reduced to their metadata.',
  {
    metadata: field(1, ListMetaSchema, 'Standard list metadata.'),
    items: requiredField(2, Type.Array(PartialObjectMetadataSchema), 'The items.'),
  },
);
/** metav1.PartialObjectMetadataList. */
export type PartialObjectMetadataList = Static<typeof PartialObjectMetadataListSchema>;
