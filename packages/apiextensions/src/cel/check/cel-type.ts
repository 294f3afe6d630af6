/**
 * The types the checker gives expressions (cel-go's `types.Type` as its checker uses them): the primitives,
 * timestamps and durations, lists and maps, `type(T)`, type parameters of overloads (`A`, `_var0`), opaque
 * library types with parameters (`optional_type(T)`, `net.IP`), objects declared from a schema, `dyn`, and
 * `error`, which an expression gets when checking it failed or when this package does not know a function's
 * signature. `dyn` and `error` match every type, so neither leads to a second error.
 *
 * @module
 */
import type { SchemaCelType } from '../schema-type.js';

/** A scalar kind. `null` is the type of `null` (cel-go's `null_type`). */
export type ScalarKind = 'int' | 'uint' | 'double' | 'bool' | 'string' | 'bytes' | 'null' | 'timestamp' | 'duration' | 'dyn' | 'error';

/** A CEL type. */
export type CelType =
  | { readonly k: ScalarKind }
  | { readonly k: 'list'; readonly elem: CelType }
  | { readonly k: 'map'; readonly key: CelType; readonly value: CelType }
  /** The type of a type: `type(int)` for the identifier `int`; `of` absent for a bare `type`. */
  | { readonly k: 'type'; readonly of?: CelType }
  /** A type parameter of an overload or a free type variable of the check. */
  | { readonly k: 'param'; readonly name: string }
  /** An opaque (abstract) type: `optional_type(int)`, `kubernetes.Quantity`. */
  | { readonly k: 'opaque'; readonly name: string; readonly params: readonly CelType[] }
  /**
   * An object type: a name and its fields. A `nominal` one (a library's or the admission request's) is only
   * assignable to its own name; one declared from a schema is assignable to any object (see the checker).
   */
  | {
      readonly k: 'object';
      readonly name: string;
      readonly field: (name: string) => CelType | undefined;
      readonly nominal?: boolean;
      /** The schema-derived type it was made from, if any. */
      readonly schema?: SchemaCelType;
    };

const scalar = <K extends ScalarKind>(k: K): { readonly k: K } => ({ k });
export const INT = scalar('int');
export const UINT = scalar('uint');
export const DOUBLE = scalar('double');
export const BOOL = scalar('bool');
export const STRING = scalar('string');
export const BYTES = scalar('bytes');
export const NULL = scalar('null');
export const TIMESTAMP = scalar('timestamp');
export const DURATION = scalar('duration');
export const DYN = scalar('dyn');
/** The type of an expression whose check failed, or whose function this package declares no signature of. */
export const ERROR = scalar('error');

export const listOf = (elem: CelType): CelType => ({ k: 'list', elem });
export const mapOf = (key: CelType, value: CelType): CelType => ({ k: 'map', key, value });
export const typeOf = (of?: CelType): CelType => (of === undefined ? { k: 'type' } : { k: 'type', of });
export const param = (name: string): CelType => ({ k: 'param', name });
export const opaque = (name: string, ...params: CelType[]): CelType => ({ k: 'opaque', name, params });
/** A library's object type without fields (`kubernetes.authorization.Decision`), assignable to its own name only. */
export const namedObject = (name: string): CelType => ({ k: 'object', name, field: () => undefined, nominal: true });
/** `optional_type(T)` (cel-go's `OptionalTypes`). */
export const optionalOf = (of: CelType): CelType => opaque('optional_type', of);

/** Whether `t` is `dyn` or `error`: a wildcard in assignability. */
export const isDynOrError = (t: CelType): boolean => t.k === 'dyn' || t.k === 'error';

/** The type as cel-go's messages print it (`FormatCelType`): `list(int)`, `map(string, dyn)`, `timestamp`, `null`. */
export function formatCelType(t: CelType): string {
  switch (t.k) {
    case 'error':
      return '!error!';
    case 'list':
      return `list(${formatCelType(t.elem)})`;
    case 'map':
      return `map(${formatCelType(t.key)}, ${formatCelType(t.value)})`;
    case 'type':
      return t.of === undefined ? 'type' : `type(${formatCelType(t.of)})`;
    case 'param':
    case 'object':
      return t.name;
    case 'opaque':
      return t.params.length === 0 ? t.name : `${t.name}(${t.params.map(formatCelType).join(', ')})`;
    default:
      return t.k;
  }
}

/** Whether two types are the same type (`Type.IsExactType`): objects and opaque types by name and parameters. */
export function isExactType(a: CelType, b: CelType): boolean {
  if (a.k !== b.k) return false;
  switch (a.k) {
    case 'list':
      return isExactType(a.elem, (b as typeof a).elem);
    case 'map':
      return isExactType(a.key, (b as typeof a).key) && isExactType(a.value, (b as typeof a).value);
    case 'type':
      return true;
    case 'param':
    case 'object':
      return a.name === (b as typeof a).name;
    case 'opaque': {
      const o = b as typeof a;
      return a.name === o.name && a.params.length === o.params.length && a.params.every((p, i) => isExactType(p, o.params[i] as CelType));
    }
    default:
      return true;
  }
}

/**
 * The checker's type of a schema-derived type (`DeclType.MaybeAssignTypeName`): an object is named `name`, its
 * fields `<name>.<field>`, list items `<name>.@idx` and map values `<name>.@elem`, unless the object carries a
 * name of its own (the admission types: `kubernetes.AdmissionRequest`), which makes it nominal. Fields are
 * converted when first read.
 */
export function fromSchemaType(t: SchemaCelType, name: string): CelType {
  switch (t.kind) {
    case 'object': {
      const own = t.name ?? name;
      const fields = new Map<string, CelType>();
      const field = (f: string): CelType | undefined => {
        const cached = fields.get(f);
        if (cached !== undefined) return cached;
        const declared = t.fields.get(f);
        if (declared === undefined) return undefined;
        const converted = fromSchemaType(declared, `${own}.${f}`);
        fields.set(f, converted);
        return converted;
      };
      return { k: 'object', name: own, field, schema: t, ...(t.name !== undefined && { nominal: true }) };
    }
    case 'list':
      return listOf(fromSchemaType(t.elem, `${name}.@idx`));
    case 'map':
      return mapOf(STRING, fromSchemaType(t.value, `${name}.@elem`));
    default:
      return scalar(t.kind);
  }
}

const SCHEMA_SCALARS = new Set(['int', 'double', 'bool', 'string', 'bytes', 'timestamp', 'duration']);

/**
 * A checked type as a schema-derived type, where it can be one (scalars, lists, maps with string keys, objects made
 * from a schema); `dyn` otherwise. Declarations are written in schema-derived types.
 */
export function toSchemaType(t: CelType): SchemaCelType {
  if (SCHEMA_SCALARS.has(t.k)) return { kind: t.k as 'int' };
  switch (t.k) {
    case 'list':
      return { kind: 'list', elem: toSchemaType(t.elem), listType: 'atomic', mapKeys: [] };
    case 'map':
      return t.key.k === 'string' ? { kind: 'map', value: toSchemaType(t.value) } : { kind: 'dyn' };
    case 'object':
      return t.schema ?? { kind: 'dyn' };
    default:
      return { kind: 'dyn' };
  }
}
