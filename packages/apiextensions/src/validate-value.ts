/**
 * Validation of a custom resource against its structural schema, with kube-openapi's
 * `validate.SchemaValidator` rules and messages (`spec.replicas in body must be of type
 * integer: "string"`) turned into field errors as apiextensions' `ValidateCustomResource` does.
 *
 * @module
 */
import {
  childPath,
  type FieldError,
  type FieldPath,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  fieldTooLongMaxLength,
  fieldTooMany,
  fieldTypeInvalid,
  goQuote,
} from '@apiserver/runtime';
import { checkFormat } from './formats.js';
import { isJSONObject, jsonEqual, jsonTypeOf } from './json-value.js';
import { compileGoRegexp, RegexpSyntaxError } from './regexp/go-regexp.js';
import type { NestedValueValidation, Structural, ValueValidation } from './structural-schema.js';

/** kube-openapi's error codes that apiextensions maps to a particular field error type. */
type Code = 'type' | 'required' | 'enum' | 'tooLong' | 'maxItems' | 'maxProperties' | 'other' | 'composite';

/** One kube-openapi error: the dotted path it names, the bad value and its message. */
interface Failure {
  readonly code: Code;
  readonly name: string;
  readonly value: unknown;
  readonly message: string;
  readonly values?: readonly unknown[];
  readonly limit?: number;
}

/** The parts of a schema node the validator reads, for both structural and nested nodes. */
interface View {
  readonly types: readonly string[];
  readonly nullable: boolean;
  readonly vv: ValueValidation | undefined;
  readonly properties: ReadonlyMap<string, View>;
  readonly items: View | undefined;
  readonly additional: { readonly allows: boolean; readonly schema: View | undefined } | undefined;
  /** `x-kubernetes-list-type` and its map keys (structural nodes only): map lists correlate old and new items. */
  readonly listType: string | undefined;
  readonly listMapKeys: readonly string[];
}

/**
 * The old value correlated with the value being validated, on update (CRD validation ratcheting): object fields by
 * name, `map` list items by their keys; nothing else correlates.
 */
interface Old {
  readonly value: unknown;
}

const IN = 'body';
const views = new WeakMap<object, View>();

function typesOf(type: string, intOrString: boolean): string[] {
  if (intOrString) return ['integer', 'string'];
  return type === '' ? [] : [type];
}

function viewOf(s: Structural | NestedValueValidation): View {
  const cached = views.get(s);
  if (cached !== undefined) return cached;
  const isNested = 'forbiddenGenerics' in s;
  const g = isNested ? s.forbiddenGenerics : s.generic;
  const x = isNested ? s.forbiddenExtensions : s.extensions;
  const props = new Map<string, View>();
  for (const [k, v] of (s.properties ?? new Map()) as ReadonlyMap<string, Structural | NestedValueValidation>) {
    props.set(k, viewOf(v));
  }
  const ap = g.additionalProperties;
  const view: View = {
    types: typesOf(g.type, x.xIntOrString),
    nullable: g.nullable,
    vv: s.valueValidation,
    properties: props,
    items: s.items === undefined ? undefined : viewOf(s.items),
    additional:
      ap === undefined
        ? undefined
        : { allows: ap.allows, schema: ap.structural === undefined ? undefined : viewOf(ap.structural) },
    listType: x.xListType,
    listMapKeys: x.xListMapKeys,
  };
  views.set(s, view);
  return view;
}

/** Renders a number as Go's `%v` of a float64 does for the values schemas use. */
function goNumber(n: number): string {
  return String(n).replace(/e\+?/, (e) => (e === 'e' ? 'e+' : e));
}

function withIn(path: string, rest: string): string {
  return `${path} in ${IN} ${rest}`;
}

function invalidType(path: string, typeName: string, value: unknown): Failure {
  const data = typeof value === 'string' ? `: ${goQuote(value)}` : '';
  return { code: 'type', name: path, value, message: withIn(path, `must be of type ${typeName}${data}`) };
}

function other(path: string, value: unknown, rest: string): Failure {
  return { code: 'other', name: path, value, message: withIn(path, rest) };
}

/** kube-openapi's type validator (`typeValidator.Validate`). */
function validateType(v: View, path: string, data: unknown): Failure[] {
  const format = v.vv?.format ?? '';
  if (v.types.length === 0 && format === '') return [];
  if (data === null || data === undefined) {
    return v.types.length > 0 && !v.types.includes('null') && !v.nullable
      ? [invalidType(path, v.types.join(','), 'null')]
      : [];
  }
  const schType = jsonTypeOf(data);
  const dataFormat = schType === 'integer' ? 'int64' : schType === 'number' ? 'float64' : '';
  const isIntFloat = schType === 'integer' && v.types.includes('number');
  const textual = schType === 'string' || schType === 'array';
  if (!textual && format !== '' && !(v.types.includes(schType) || format === dataFormat || isIntFloat)) {
    return [invalidType(path, format, dataFormat)];
  }
  if (!(v.types.includes('number') || v.types.includes('integer')) && format !== '' && textual) return [];
  return v.types.includes(schType) || isIntFloat ? [] : [invalidType(path, v.types.join(','), schType)];
}

/** Go's `utf8.RuneCountInString`. */
function runeCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** maxLength, minLength and pattern; the first failure only, as kube-openapi's string validator. */
function validateString(vv: ValueValidation, path: string, data: string): Failure[] {
  const len = runeCount(data);
  if (vv.maxLength !== undefined && len > vv.maxLength) {
    const message = withIn(path, `should be at most ${vv.maxLength} chars long`);
    return [{ code: 'tooLong', name: path, value: data, message, limit: vv.maxLength }];
  }
  if (vv.minLength !== undefined && len < vv.minLength) {
    return [other(path, data, `should be at least ${vv.minLength} chars long`)];
  }
  if (vv.pattern !== '') {
    const re = compileGoRegexp(vv.pattern);
    if (re instanceof RegexpSyntaxError) {
      return [other(path, data, `should match '${vv.pattern}, but pattern is invalid: ${re.message}'`)];
    }
    if (!re.matchString(data)) return [other(path, data, `should match '${vv.pattern}'`)];
  }
  return [];
}

function validateFormat(vv: ValueValidation, path: string, data: string): Failure[] {
  if (vv.format === '' || checkFormat(vv.format, data) !== false) return [];
  return [invalidType(path, vv.format, data)];
}

/** `swag.IsFloat64AJSONInteger`: whole, allowing a relative error of 1e-9. */
function isAlmostInteger(f: number): boolean {
  if (!Number.isFinite(f)) return false;
  const g = Math.trunc(f);
  if (f === g) return true;
  return Math.abs(f - g) / (Math.abs(f) + Math.abs(g)) < 1e-9;
}

function validateMultipleOf(path: string, data: number, factor: number): Failure[] {
  const intFactor = Math.trunc(factor);
  if (Number.isInteger(data) && intFactor !== 0) {
    return data % intFactor === 0 ? [] : [other(path, data, `should be a multiple of ${goNumber(intFactor)}`)];
  }
  if (factor < 0) {
    const message = `factor MultipleOf declared for ${path} must be positive: ${goNumber(factor)}`;
    return [{ code: 'other', name: path, value: factor, message }];
  }
  const mult = factor < 1 ? (1 / factor) * data : data / factor;
  return isAlmostInteger(mult) ? [] : [other(path, data, `should be a multiple of ${goNumber(factor)}`)];
}

/** minimum, maximum (exclusive or not) and multipleOf; an integer compares with truncated bounds. */
function validateNumber(vv: ValueValidation, path: string, data: number): Failure[] {
  const errs: Failure[] = [];
  const bound = (b: number) => (Number.isInteger(data) ? Math.trunc(b) : b);
  if (vv.multipleOf !== undefined) errs.push(...validateMultipleOf(path, data, vv.multipleOf));
  if (vv.maximum !== undefined) {
    const max = bound(vv.maximum);
    if (vv.exclusiveMaximum ? data >= max : data > max) {
      const rel = vv.exclusiveMaximum ? 'less than' : 'less than or equal to';
      errs.push(other(path, data, `should be ${rel} ${goNumber(max)}`));
    }
  }
  if (vv.minimum !== undefined) {
    const min = bound(vv.minimum);
    if (vv.exclusiveMinimum ? data <= min : data < min) {
      const rel = vv.exclusiveMinimum ? 'greater than' : 'greater than or equal to';
      errs.push(other(path, data, `should be ${rel} ${goNumber(min)}`));
    }
  }
  return errs;
}

/** The old item a new `map` list item correlates with: the one with the same key values. */
function oldListItem(v: View, old: Old | undefined, item: unknown): Old | undefined {
  if (v.listType !== 'map' || old === undefined || !Array.isArray(old.value) || !isJSONObject(item)) return undefined;
  const keys = v.listMapKeys;
  const match = old.value.find((o) => isJSONObject(o) && keys.every((k) => jsonEqual(o[k] ?? null, item[k] ?? null)));
  return match === undefined ? undefined : { value: match };
}

function validateArray(v: View, path: string, data: readonly unknown[], old: Old | undefined): Failure[] {
  const errs: Failure[] = [];
  const items = v.items;
  if (items !== undefined) data.forEach((x, i) => { errs.push(...validateNode(items, `${path}[${i}]`, x, oldListItem(v, old, x))); });
  const vv = v.vv;
  if (vv === undefined) return errs;
  const size = data.length;
  if (vv.minItems !== undefined && size < vv.minItems) {
    errs.push(other(path, size, `should have at least ${vv.minItems} items`));
  }
  if (vv.maxItems !== undefined && size > vv.maxItems) {
    const message = withIn(path, `should have at most ${vv.maxItems} items`);
    errs.push({ code: 'maxItems', name: path, value: size, message, limit: vv.maxItems });
  }
  if (vv.uniqueItems && data.some((x, i) => data.findIndex((y) => jsonEqual(x, y)) !== i)) {
    errs.push(other(path, undefined, "shouldn't contain duplicates"));
  }
  return errs;
}

function validateEnum(vv: ValueValidation | undefined, path: string, data: unknown): Failure[] {
  const allowed = vv?.enum;
  if (allowed === undefined || allowed.length === 0) return [];
  const isNull = data === null || data === undefined;
  if (!isNull && allowed.some((e) => jsonEqual(data, e))) return [];
  const message = withIn(path, `should be one of [${allowed.map(String).join(' ')}]`);
  return [{ code: 'enum', name: path, value: isNull ? null : data, message, values: allowed }];
}

/** The old value of field `key`, when the old value is an object that has it. */
function oldField(old: Old | undefined, key: string): Old | undefined {
  return old !== undefined && isJSONObject(old.value) && Object.hasOwn(old.value, key) ? { value: old.value[key] } : undefined;
}

function validateObject(v: View, path: string, data: Record<string, unknown>, old: Old | undefined): Failure[] {
  const vv = v.vv;
  const size = Object.keys(data).length;
  if (vv?.minProperties !== undefined && size < vv.minProperties) {
    return [other(path, size, `should have at least ${vv.minProperties} properties`)];
  }
  if (vv?.maxProperties !== undefined && size > vv.maxProperties) {
    const message = withIn(path, `should have at most ${vv.maxProperties} properties`);
    return [{ code: 'maxProperties', name: path, value: size, message, limit: vv.maxProperties }];
  }
  const errs: Failure[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (v.properties.has(key)) continue;
    if (v.additional !== undefined && !v.additional.allows) {
      const message = `${path}.${key} in ${IN} is a forbidden property`;
      errs.push({ code: 'other', name: path, value: key, message });
    } else if (v.additional?.schema !== undefined) {
      errs.push(...validateNode(v.additional.schema, `${path}.${key}`, value, oldField(old, key)));
    }
  }
  for (const [name, prop] of v.properties) {
    if (Object.hasOwn(data, name)) errs.push(...validateNode(prop, path === '' ? name : `${path}.${name}`, data[name], oldField(old, name)));
  }
  for (const k of vv?.required ?? []) {
    const name = `${path}.${k}`;
    if (!Object.hasOwn(data, k)) errs.push({ code: 'required', name, value: undefined, message: withIn(name, 'is required') });
  }
  return errs;
}

function composite(path: string, message: string): Failure {
  return { code: 'composite', name: path, value: undefined, message: `${path} ${message}` };
}

/** The alternative whose failures to report: the first with the fewest errors. */
function bestOf(results: Failure[][]): Failure[] {
  return results.reduce((best, r) => (r.length < best.length ? r : best));
}

/** allOf, anyOf, oneOf and not (kube-openapi's `schemaPropsValidator`). */
function validateJunctors(vv: ValueValidation, path: string, data: unknown): Failure[] {
  const errs: Failure[] = [];
  const run = (list: readonly NestedValueValidation[]) => list.map((n) => validateNode(viewOf(n), path, data));
  if (vv.anyOf.length > 0) {
    const results = run(vv.anyOf);
    if (!results.some((r) => r.length === 0)) {
      errs.push(composite(path, 'must validate at least one schema (anyOf)'), ...bestOf(results));
    }
  }
  if (vv.oneOf.length > 0) {
    const results = run(vv.oneOf);
    const valid = results.filter((r) => r.length === 0).length;
    if (valid !== 1) {
      const found = valid === 0 ? 'Found none valid' : `Found ${valid} valid alternatives`;
      errs.push(composite(path, `must validate one and only one schema (oneOf). ${found}`));
      if (valid === 0) errs.push(...bestOf(results));
    }
  }
  if (vv.allOf.length > 0) {
    const results = run(vv.allOf);
    for (const r of results) errs.push(...r);
    const valid = results.filter((r) => r.length === 0).length;
    if (valid !== results.length) {
      errs.push(composite(path, `must validate all the schemas (allOf)${valid === 0 ? '. None validated' : ''}`));
    }
  }
  if (vv.not !== undefined && validateNode(viewOf(vv.not), path, data).length === 0) {
    errs.push(composite(path, 'must not validate the schema (not)'));
  }
  return errs;
}

/**
 * One schema node against one value, validators in kube-openapi's order. With a correlated `old` value equal to the
 * value, the node's failures (its descendants' included) are dropped: ratcheting lets an unchanged value stay
 * invalid.
 */
function validateNode(v: View, path: string, data: unknown, old?: Old): Failure[] {
  const errs = nodeFailures(v, path, data, old);
  return errs.length > 0 && old !== undefined && jsonEqual(old.value ?? null, data ?? null) ? [] : errs;
}

function nodeFailures(v: View, path: string, data: unknown, old: Old | undefined): Failure[] {
  const errs = validateType(v, path, data);
  const vv = v.vv;
  if (data === null || data === undefined) return [...errs, ...validateEnum(vv, path, data)];
  if (vv !== undefined) errs.push(...validateJunctors(vv, path, data));
  if (typeof data === 'string' && vv !== undefined) {
    errs.push(...validateString(vv, path, data), ...validateFormat(vv, path, data));
  }
  if (typeof data === 'number' && vv !== undefined) errs.push(...validateNumber(vv, path, data));
  if (Array.isArray(data)) errs.push(...validateArray(v, path, data, old));
  errs.push(...validateEnum(vv, path, data));
  if (isJSONObject(data)) errs.push(...validateObject(v, path, data, old));
  return errs;
}

/** A value as Go's `%v`/JSON renders an allowed enum value for `supported values`. */
function enumText(e: unknown): string {
  return typeof e === 'string' ? e : JSON.stringify(e);
}

/** `kubeOpenAPIResultToFieldErrors`: kube-openapi errors to apiextensions field errors. */
function toFieldError(f: Failure, fldPath: FieldPath | undefined): FieldError {
  if (f.code === 'composite') return fieldInvalid(fldPath, '', f.message);
  const name = f.name.startsWith('.') ? f.name.slice(1) : f.name;
  let errPath = fldPath;
  if (name.length > 0) errPath = childPath(fldPath, name);
  const value = f.value === undefined ? '' : f.value;
  switch (f.code) {
    case 'required':
      return fieldRequired(errPath, '');
    case 'enum':
      return fieldNotSupported(errPath, f.value, (f.values ?? []).map(enumText));
    case 'tooLong':
      return fieldTooLongMaxLength(errPath, value, f.limit ?? -1);
    case 'maxItems':
    case 'maxProperties':
      return fieldTooMany(errPath, f.value as number, f.limit ?? -1);
    case 'type':
      return fieldTypeInvalid(errPath, value, f.message);
    default:
      return fieldInvalid(errPath, value, f.message);
  }
}

/**
 * Validates a custom resource (decoded JSON) against a structural schema and returns the field
 * errors apiextensions reports, e.g. `spec.replicas: Invalid value: "string": spec.replicas in
 * body must be of type integer: "string"`. `fldPath` prefixes every path; upstream passes none,
 * so errors about the root object print the path `<nil>`.
 */
export function validateCustomResource(schema: Structural, obj: unknown, fldPath?: FieldPath): FieldError[] {
  return validateNode(viewOf(schema), '', obj).map((f) => toFieldError(f, fldPath));
}

/**
 * {@link validateCustomResource} of an update from `old` (`ValidateCustomResourceUpdate` with ratcheting, on by default
 * since 1.30): the failures of a value equal to its correlated old value are dropped, so an object stored before its
 * schema was tightened can still be updated where it did not change. Object fields correlate by name and `map` list
 * items by their keys; other list items only through their list.
 */
export function validateCustomResourceUpdate(schema: Structural, obj: unknown, old: unknown, fldPath?: FieldPath): FieldError[] {
  return validateNode(viewOf(schema), '', obj, { value: old }).map((f) => toFieldError(f, fldPath));
}
