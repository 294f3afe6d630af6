/** listSchemaOf: the schema of a `<Kind>List` of any item schema (the generated list kinds need no call to it). */
import { Type } from 'typebox';
import { field, kindStruct, requiredField } from '../../../schema/define.js';
import { ListMetaSchema } from '../../meta/v1/object-meta.js';

/** Builds the schema of a `<Kind>List` holding `items` of the given schema. */
export function listSchemaOf<T extends Parameters<typeof Type.Array>[0]>(
  typeName: string,
  gvk: { group: string; version: string; kind: string },
  item: T,
) {
  return kindStruct(typeName, gvk, `A list of ${gvk.kind.replace(/List$/, '')} objects.`, {
    metadata: field(1, ListMetaSchema, 'Standard list metadata.'),
    items: requiredField(2, Type.Array(item), 'The items.'),
  });
}
