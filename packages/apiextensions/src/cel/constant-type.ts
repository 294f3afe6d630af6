/**
 * The CEL type of a literal, by the case of its parsed `constantKind`.
 *
 * @module
 */

/** A literal's CEL type name. */
export type ConstantTypeName = 'bool' | 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'null_type';

const NAMES: Readonly<Record<string, ConstantTypeName>> = {
  boolValue: 'bool',
  int64Value: 'int',
  uint64Value: 'uint',
  doubleValue: 'double',
  stringValue: 'string',
  bytesValue: 'bytes',
  nullValue: 'null_type',
};

/** The type name of a literal whose `constantKind.case` is `kind` (`undefined` for none). */
export const constantTypeName = (kind: string | undefined): ConstantTypeName | undefined => (kind === undefined ? undefined : NAMES[kind]);
