/**
 * The type information server-side apply merges by (structured-merge-diff's schema.Atom), derived from this
 * package's schemas as kube-openapi's `schemaconv` derives it from OpenAPI: structs (granular unless
 * `x-kubernetes-map-type: atomic`), maps, lists (`x-kubernetes-list-type` atomic/set/map with
 * `x-kubernetes-list-map-keys`; without it, `x-kubernetes-patch-strategy: merge` lists are associative by
 * their merge key; otherwise atomic) and scalars. A missing or free-form schema is `deduced`: maps are
 * granular, lists atomic, everything else a scalar, decided by the value.
 */
import type { TSchema } from 'typebox';
import { codecOf, goOmitOf, itemsOf, mapValueOf, node, propertiesOf, typeNameOf } from '../schema/extensions.js';

/** A scalar (or an atomic value the schema says nothing more about). */
export interface ScalarType {
  /** Discriminator. */
  readonly kind: 'scalar';
}

/** A value whose shape is deduced from the value itself (upstream's `__untyped_deduced_`). */
export interface DeducedType {
  /** Discriminator. */
  readonly kind: 'deduced';
}

/** What a struct knows about one of its fields. */
export interface StructField {
  /** The field's type. */
  readonly type: FieldType;
  /**
   * Always present in the typed object: a Go value struct (not a pointer), or a map or slice without `omitempty`
   * (nil is written out empty). Never added or removed as a whole while its parent is present on both sides.
   */
  readonly alwaysPresent: boolean;
  /** What an {@link StructField.alwaysPresent} field holds when the JSON lacks it: `{}` or `[]`. */
  readonly emptyValue?: Readonly<Record<string, never>> | readonly never[];
  /**
   * Go value scalar (not a pointer): an absent field and its zero value (`""`, `0`, `false`) are one Go value, so
   * going from one to the other changes no field.
   */
  readonly zeroWhenAbsent?: boolean;
  /**
   * A map or slice with `omitempty`: absent, `null` and empty are one typed value (omitted), so going from one to
   * another changes no field.
   */
  readonly emptyWhenAbsent?: boolean;
}

/** A struct (declared fields) or a map (one element type); granular unless atomic. */
export interface MapType {
  /** Discriminator. */
  readonly kind: 'map';
  /** Replaced as a whole (`x-kubernetes-map-type: atomic`). */
  readonly atomic: boolean;
  /** A declared field of a struct, undefined for maps and unknown names. */
  field(name: string): StructField | undefined;
  /** The element type of a map (or of a struct's undeclared fields), undefined for strict structs. */
  readonly elementType: FieldType | undefined;
  /** A struct's {@link StructField.alwaysPresent} fields, in declaration order (none for maps). */
  readonly alwaysPresentFields?: readonly string[];
}

/** A list: atomic, or associative (a set of scalars without keys, or a map keyed by `keys`). */
export interface ListType {
  /** Discriminator. */
  readonly kind: 'list';
  /** `atomic` lists are leaves; `associative` lists merge item by item. */
  readonly relationship: 'atomic' | 'associative';
  /** Key fields of an associative list of structs (sorted as declared). */
  readonly keys: readonly string[];
  /** Default values of key fields, used when an item omits one (schema `default`). */
  readonly keyDefaults: Readonly<Record<string, unknown>>;
  /** The item type. */
  readonly elementType: FieldType;
}

/** The merge type of a value. */
export type FieldType = ScalarType | DeducedType | MapType | ListType;

/** The deduced type (shape from the value). */
export const DEDUCED: DeducedType = { kind: 'deduced' };
/** The scalar type. */
export const SCALAR: ScalarType = { kind: 'scalar' };

const cache = new WeakMap<TSchema, FieldType>();

/**
 * Key defaults upstream's published schemas carry (`default: "TCP"`, kube-openapi `+default`) that this
 * package's schemas do not declare, by item type name.
 */
export const BUILTIN_KEY_DEFAULTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'io.k8s.api.core.v1.ContainerPort': { protocol: 'TCP' },
  'io.k8s.api.core.v1.ServicePort': { protocol: 'TCP' },
};

function extension(schema: TSchema, name: string): unknown {
  return node(schema)[name];
}

function isValueStruct(schema: TSchema): boolean {
  const omit = goOmitOf(schema);
  return propertiesOf(schema) !== undefined && omit !== 'nil' && omit !== 'null';
}

const SCALAR_TYPES: ReadonlySet<unknown> = new Set(['string', 'integer', 'number', 'boolean']);

function isValueScalar(schema: TSchema): boolean {
  const omit = goOmitOf(schema);
  if (omit === 'nil' || omit === 'null' || codecOf(schema) !== undefined) return false;
  return SCALAR_TYPES.has(node(schema).type);
}

/** `{}` or `[]` for a map or slice field schema (no special codec), else undefined. */
function containerKindOf(schema: TSchema): 'map' | 'list' | undefined {
  if (codecOf(schema) !== undefined) return undefined;
  if (mapValueOf(schema) !== undefined) return 'map';
  return itemsOf(schema) !== undefined ? 'list' : undefined;
}

const EMPTY_MAP: Readonly<Record<string, never>> = Object.freeze({});
const EMPTY_LIST: readonly never[] = Object.freeze([]);

/** The facts of one struct field, from its schema. */
function structField(fs: TSchema): StructField {
  const container = containerKindOf(fs);
  const omit = goOmitOf(fs);
  if (isValueStruct(fs)) return { type: fieldTypeOf(fs), alwaysPresent: true, emptyValue: EMPTY_MAP };
  if (container !== undefined && omit === 'never') return { type: fieldTypeOf(fs), alwaysPresent: true, emptyValue: container === 'map' ? EMPTY_MAP : EMPTY_LIST };
  return { type: fieldTypeOf(fs), alwaysPresent: false, zeroWhenAbsent: isValueScalar(fs), emptyWhenAbsent: container !== undefined && omit === 'empty' };
}

function structType(schema: TSchema, props: Record<string, TSchema>): MapType {
  const fields = new Map<string, StructField>();
  const preserve = extension(schema, 'x-kubernetes-preserve-unknown-fields') === true;
  const field = (name: string): StructField | undefined => {
    const known = fields.get(name);
    if (known !== undefined) return known;
    const fs = Object.hasOwn(props, name) ? props[name] : undefined;
    if (fs === undefined) return undefined;
    const f = structField(fs);
    fields.set(name, f);
    return f;
  };
  let alwaysPresent: readonly string[] | undefined;
  return {
    kind: 'map',
    atomic: extension(schema, 'x-kubernetes-map-type') === 'atomic',
    elementType: preserve ? DEDUCED : undefined,
    field,
    get alwaysPresentFields() {
      alwaysPresent ??= Object.keys(props).filter((name) => field(name)?.alwaysPresent === true);
      return alwaysPresent;
    },
  };
}

function keyDefaultsOf(item: TSchema | undefined, keys: readonly string[]): Record<string, unknown> {
  const name = item === undefined ? undefined : typeNameOf(item);
  const builtin = name === undefined ? undefined : BUILTIN_KEY_DEFAULTS[name];
  const out: Record<string, unknown> = {};
  for (const k of keys) if (builtin?.[k] !== undefined) out[k] = builtin[k];
  const props = item === undefined ? undefined : propertiesOf(item);
  for (const k of keys) {
    const d = props?.[k] === undefined ? undefined : extension(props[k] as TSchema, 'default');
    if (d !== undefined) out[k] = d;
  }
  return out;
}

function listType(schema: TSchema, items: TSchema): ListType {
  const listKind = extension(schema, 'x-kubernetes-list-type');
  const strategy = extension(schema, 'x-kubernetes-patch-strategy');
  const mergeKey = extension(schema, 'x-kubernetes-patch-merge-key');
  let relationship: ListType['relationship'] = 'atomic';
  let keys: string[] = [];
  if (listKind === 'set') relationship = 'associative';
  else if (listKind === 'map') {
    relationship = 'associative';
    const k = extension(schema, 'x-kubernetes-list-map-keys');
    keys = Array.isArray(k) ? k.filter((x): x is string => typeof x === 'string') : [];
  } else if (listKind === undefined && typeof strategy === 'string' && strategy.split(',').includes('merge')) {
    relationship = 'associative';
    if (typeof mergeKey === 'string') keys = [mergeKey];
  }
  const elementType = fieldTypeOf(items);
  return { kind: 'list', relationship, keys, keyDefaults: keyDefaultsOf(items, keys), elementType };
}

function derive(schema: TSchema): FieldType {
  const codec = codecOf(schema);
  if (codec === 'fields-v1' || codec === 'raw-extension') return DEDUCED;
  if (codec === 'wrapped-list') {
    return { kind: 'list', relationship: 'atomic', keys: [], keyDefaults: {}, elementType: SCALAR };
  }
  if (codec !== undefined) return SCALAR;
  const props = propertiesOf(schema);
  if (props !== undefined && mapValueOf(schema) === undefined) return structType(schema, props);
  const value = mapValueOf(schema);
  if (value !== undefined) {
    return { kind: 'map', atomic: extension(schema, 'x-kubernetes-map-type') === 'atomic', elementType: fieldTypeOf(value), field: () => undefined };
  }
  const items = itemsOf(schema);
  if (items !== undefined) return listType(schema, items);
  const type = node(schema).type;
  if (type === 'object') return { kind: 'map', atomic: false, elementType: DEDUCED, field: () => undefined };
  if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean' || type === 'null') return SCALAR;
  return DEDUCED;
}

/** The merge type of a schema (cached per schema object); `undefined` gives the deduced type. */
export function fieldTypeOf(schema: TSchema | undefined): FieldType {
  if (schema === undefined) return DEDUCED;
  const known = cache.get(schema);
  if (known !== undefined) return known;
  const t = derive(schema);
  cache.set(schema, t);
  return t;
}
