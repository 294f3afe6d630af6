/**
 * Structural schema checks (`ValidateStructural` in apiextensions-apiserver's
 * `pkg/apiserver/schema/validation.go` and `complete.go`): every node specifies its type,
 * value validations (allOf/anyOf/oneOf/not) only restrict what the structure already specifies,
 * and metadata at the root restricts `name` and `generateName` only.
 *
 * @module
 */
import { childPath, type FieldError, type FieldPath, fieldForbidden, fieldInvalid, fieldRequired } from '@apiserver/runtime';
import type { Extensions, Generic, NestedValueValidation, Structural, ValueValidation } from './structural-schema.js';
import { compileGoRegexp, RegexpSyntaxError } from './regexp/go-regexp.js';

type Level = 'root' | 'item' | 'field';

function propertyPath(p: FieldPath | undefined, key: string): FieldPath {
  return childPath(p, 'properties').key(key);
}

/** Whether a value validation sets nothing (Go's zero `ValueValidation`). */
export function isZeroValueValidation(v: ValueValidation | undefined): boolean {
  if (v === undefined) return true;
  return (
    v.format === '' &&
    v.maximum === undefined &&
    !v.exclusiveMaximum &&
    v.minimum === undefined &&
    !v.exclusiveMinimum &&
    v.maxLength === undefined &&
    v.minLength === undefined &&
    v.pattern === '' &&
    v.maxItems === undefined &&
    v.minItems === undefined &&
    !v.uniqueItems &&
    v.multipleOf === undefined &&
    v.enum === undefined &&
    v.maxProperties === undefined &&
    v.minProperties === undefined &&
    v.required.length === 0 &&
    v.allOf.length === 0 &&
    v.anyOf.length === 0 &&
    v.oneOf.length === 0 &&
    v.not === undefined
  );
}

function isZeroExtensions(x: Extensions): boolean {
  return (
    !x.xPreserveUnknownFields &&
    !x.xEmbeddedResource &&
    !x.xIntOrString &&
    x.xListMapKeys.length === 0 &&
    x.xListType === undefined &&
    x.xMapType === undefined &&
    x.xValidations.length === 0
  );
}

function isZeroGenericExceptType<S>(g: Generic<S>): boolean {
  return (
    g.description === '' &&
    g.title === '' &&
    !g.nullable &&
    g.default === undefined &&
    g.additionalProperties === undefined
  );
}

/** Whether a nested value validation is exactly `{type: <t>}`. */
function isTypeOnly(n: NestedValueValidation | undefined, t: string): boolean {
  return (
    n !== undefined &&
    n.forbiddenGenerics.type === t &&
    isZeroGenericExceptType(n.forbiddenGenerics) &&
    isZeroExtensions(n.forbiddenExtensions) &&
    isZeroValueValidation(n.valueValidation) &&
    n.items === undefined &&
    n.properties === undefined
  );
}

/** Whether `anyOf` is exactly `[{type: integer}, {type: string}]`, the form `x-kubernetes-int-or-string` unfolds to. */
export function isIntOrStringAnyOf(anyOf: readonly NestedValueValidation[]): boolean {
  return anyOf.length === 2 && isTypeOnly(anyOf[0], 'integer') && isTypeOnly(anyOf[1], 'string');
}

/**
 * Checks that `schema` is structural and returns the violations sorted by message, as
 * upstream does. `fldPath` prefixes every error path (upstream passes e.g.
 * `spec.versions[0].schema.openAPIV3Schema`); without it paths start at the schema's fields.
 */
export function validateStructural(schema: Structural, fldPath?: FieldPath): FieldError[] {
  const errs = [...validateInvariants(schema, 'root', fldPath), ...validateCompleteness(schema, fldPath)];
  return errs.sort((a, b) => {
    const x = a.toString();
    const y = b.toString();
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

function validateInvariants(s: Structural | undefined, lvl: Level, p: FieldPath | undefined): FieldError[] {
  if (s === undefined) return [];
  const errs: FieldError[] = [];
  const type = s.generic.type;
  if (type === 'array' && s.items === undefined) errs.push(fieldRequired(childPath(p, 'items'), 'must be specified'));
  errs.push(...validateInvariants(s.items, 'item', childPath(p, 'items')));
  for (const [k, v] of s.properties ?? []) errs.push(...validateInvariants(v, 'field', propertyPath(p, k)));
  const ap = s.generic.additionalProperties;
  if (ap !== undefined) {
    if (lvl === 'root') errs.push(fieldForbidden(childPath(p, 'additionalProperties'), 'must not be used at the root'));
    errs.push(...validateInvariants(ap.structural, 'field', childPath(p, 'additionalProperties')));
  }
  errs.push(...validateExtensions(s.extensions, p));
  const vv = s.valueValidation;
  const skipAnyOf = vv !== undefined && isIntOrStringAnyOf(vv.anyOf);
  const skipFirstAllOfAnyOf = vv?.allOf[0] !== undefined && isIntOrStringAnyOf(vv.allOf[0].valueValidation.anyOf);
  errs.push(...validateValueValidation(vv, skipAnyOf, skipFirstAllOfAnyOf, p));
  errs.push(...validateTypeInvariants(s, lvl, p));
  errs.push(...validateMetaProperties(s, lvl, p));
  return errs;
}

function validateTypeInvariants(s: Structural, lvl: Level, p: FieldPath | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const type = s.generic.type;
  const x = s.extensions;
  const embedded = 'must be object if x-kubernetes-embedded-resource is true';
  if (x.xEmbeddedResource && type !== 'object') {
    errs.push(type === '' ? fieldRequired(childPath(p, 'type'), embedded) : fieldInvalid(childPath(p, 'type'), type, embedded));
  } else if (type === '' && !x.xIntOrString && !x.xPreserveUnknownFields) {
    const where = { root: 'at the root', item: 'for specified array items', field: 'for specified object fields' }[lvl];
    errs.push(fieldRequired(childPath(p, 'type'), `must not be empty ${where}`));
  }
  if (x.xEmbeddedResource && s.generic.additionalProperties !== undefined) {
    errs.push(
      fieldForbidden(childPath(p, 'additionalProperties'), 'must not be used if x-kubernetes-embedded-resource is set'),
    );
  }
  if (lvl === 'root' && type !== '' && type !== 'object') {
    errs.push(fieldInvalid(childPath(p, 'type'), type, 'must be object at the root'));
  }
  if (x.xEmbeddedResource && !x.xPreserveUnknownFields && (s.properties?.size ?? 0) === 0) {
    errs.push(
      fieldRequired(
        childPath(p, 'properties'),
        'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
      ),
    );
  }
  return errs;
}

/** kind/apiVersion must be strings and metadata restricted where an object is a resource. */
function validateMetaProperties(s: Structural, lvl: Level, p: FieldPath | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const checkMetadata = lvl === 'root' || s.extensions.xEmbeddedResource;
  for (const name of ['kind', 'apiVersion']) {
    const prop = s.properties?.get(name);
    if (prop !== undefined && checkMetadata && prop.generic.type !== 'string') {
      errs.push(fieldInvalid(propertyPath(p, name).child('type'), prop.generic.type, 'must be string'));
    }
  }
  const metadata = s.properties?.get('metadata');
  if (metadata !== undefined) {
    const mp = propertyPath(p, 'metadata');
    if (checkMetadata && metadata.generic.type !== 'object') {
      errs.push(fieldInvalid(mp.child('type'), metadata.generic.type, 'must be object'));
    }
    if (lvl === 'root' && !restrictsOnlyNameAndGenerateName(metadata)) {
      errs.push(
        fieldForbidden(mp, 'must not specify anything other than name and generateName, but metadata is implicitly specified'),
      );
    }
  }
  return errs;
}

/** The root metadata schema may set `type` and properties `name`/`generateName`, nothing else. */
function restrictsOnlyNameAndGenerateName(m: Structural): boolean {
  const keys = [...(m.properties?.keys() ?? [])];
  const onlyNames = keys.every((k) => k === 'name' || k === 'generateName');
  const g = m.generic;
  return (
    onlyNames &&
    g.description === '' &&
    g.title === '' &&
    !g.nullable &&
    g.additionalProperties === undefined &&
    isZeroExtensions(m.extensions) &&
    isZeroValueValidation(m.valueValidation) &&
    m.items === undefined
  );
}

function validateExtensions(x: Extensions, p: FieldPath | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const msg = 'must be false if x-kubernetes-int-or-string is true';
  if (x.xIntOrString && x.xPreserveUnknownFields) {
    errs.push(fieldInvalid(childPath(p, 'x-kubernetes-preserve-unknown-fields'), true, msg));
  }
  if (x.xIntOrString && x.xEmbeddedResource) {
    errs.push(fieldInvalid(childPath(p, 'x-kubernetes-embedded-resource'), true, msg));
  }
  return errs;
}

function validateValueValidation(
  v: ValueValidation | undefined,
  skipAnyOf: boolean,
  skipFirstAllOfAnyOf: boolean,
  p: FieldPath | undefined,
): FieldError[] {
  if (v === undefined) return [];
  const errs: FieldError[] = [];
  if (!skipAnyOf) v.anyOf.forEach((n, i) => { errs.push(...validateNested(n, false, childPath(p, 'anyOf').index(i))); });
  v.allOf.forEach((n, i) => { errs.push(...validateNested(n, skipFirstAllOfAnyOf && i === 0, childPath(p, 'allOf').index(i))); });
  v.oneOf.forEach((n, i) => { errs.push(...validateNested(n, false, childPath(p, 'oneOf').index(i))); });
  if (v.not !== undefined) errs.push(...validateNested(v.not, false, childPath(p, 'not')));
  if (v.pattern.length > 0) {
    const re = compileGoRegexp(v.pattern);
    if (re instanceof RegexpSyntaxError) {
      errs.push(fieldInvalid(childPath(p, 'pattern'), v.pattern, `must be a valid regular expression, but isn't: ${re.message}`));
    }
  }
  return errs;
}

/** The generics and extensions a nested value validation must not set, with their messages. */
function forbiddenInNested(n: NestedValueValidation): [boolean, string, string][] {
  const g = n.forbiddenGenerics;
  const x = n.forbiddenExtensions;
  return [
    [g.type.length > 0, 'type', 'must be empty to be structural'],
    [g.additionalProperties !== undefined, 'additionalProperties', 'must be undefined to be structural'],
    [g.default !== undefined, 'default', 'must be undefined to be structural'],
    [g.title.length > 0, 'title', 'must be empty to be structural'],
    [g.description.length > 0, 'description', 'must be empty to be structural'],
    [g.nullable, 'nullable', 'must be false to be structural'],
    [x.xPreserveUnknownFields, 'x-kubernetes-preserve-unknown-fields', 'must be false to be structural'],
    [x.xEmbeddedResource, 'x-kubernetes-embedded-resource', 'must be false to be structural'],
    [x.xIntOrString, 'x-kubernetes-int-or-string', 'must be false to be structural'],
    [x.xListMapKeys.length > 0, 'x-kubernetes-list-map-keys', 'must be empty to be structural'],
    [x.xListType !== undefined, 'x-kubernetes-list-type', 'must be undefined to be structural'],
    [x.xMapType !== undefined, 'x-kubernetes-map-type', 'must be undefined to be structural'],
    [x.xValidations.length > 0, 'x-kubernetes-validations', 'must be empty to be structural'],
  ];
}

function validateNested(n: NestedValueValidation | undefined, skipAnyOf: boolean, p: FieldPath): FieldError[] {
  if (n === undefined) return [];
  const errs = validateValueValidation(n.valueValidation, skipAnyOf, false, p);
  errs.push(...validateNested(n.items, false, p.child('items')));
  for (const [k, v] of n.properties ?? []) errs.push(...validateNested(v, false, propertyPath(p, k)));
  for (const [bad, name, msg] of forbiddenInNested(n)) if (bad) errs.push(fieldForbidden(p.child(name), msg));
  if (n.properties?.has('metadata')) {
    errs.push(fieldForbidden(propertyPath(p, 'metadata'), 'must not be specified in a nested context'));
  }
  return errs;
}

/** Every field or array a value validation names must be specified in the structure (complete.go). */
function validateCompleteness(s: Structural, p: FieldPath | undefined): FieldError[] {
  return completeValueValidation(s.valueValidation, s, p, p);
}

function requiredBecause(sPath: FieldPath | undefined, vPath: FieldPath | undefined): FieldError {
  return fieldRequired(sPath, `because it is defined in ${vPath === undefined ? '<nil>' : vPath.toString()}`);
}

function completeValueValidation(
  v: ValueValidation | undefined,
  s: Structural | undefined,
  sPath: FieldPath | undefined,
  vPath: FieldPath | undefined,
): FieldError[] {
  if (v === undefined) return [];
  if (s === undefined) return [requiredBecause(sPath, vPath)];
  const errs: FieldError[] = [];
  if (v.not !== undefined) errs.push(...completeNested(v.not, s, sPath, childPath(vPath, 'not')));
  const junctors = [
    ['allOf', v.allOf],
    ['anyOf', v.anyOf],
    ['oneOf', v.oneOf],
  ] as const;
  for (const [name, list] of junctors) {
    list.forEach((n, i) => { errs.push(...completeNested(n, s, sPath, childPath(vPath, name).index(i))); });
  }
  return errs;
}

function completeNested(
  n: NestedValueValidation | undefined,
  s: Structural | undefined,
  sPath: FieldPath | undefined,
  vPath: FieldPath,
): FieldError[] {
  if (n === undefined) return [];
  if (s === undefined) return [requiredBecause(sPath, vPath)];
  const errs = completeValueValidation(n.valueValidation, s, sPath, vPath);
  errs.push(...completeNested(n.items, s.items, childPath(sPath, 'items'), vPath.child('items')));
  for (const [k, vFld] of n.properties ?? []) {
    const sFld = s.properties?.get(k);
    const sp = propertyPath(sPath, k);
    const vp = propertyPath(vPath, k);
    errs.push(...(sFld === undefined ? [requiredBecause(sp, vp)] : completeNested(vFld, sFld, sp, vp)));
  }
  return errs;
}
