/**
 * `ValidateCustomResourceDefinitionOpenAPISchema`: what a CRD's OpenAPI v3 schema may say, node by node, beyond being
 * structural. Each node is checked by the spec-standard rules of OpenAPI v3 as Kubernetes restricts them (no `$ref`,
 * `id`, `definitions`, `dependencies`, `patternProperties`, `additionalItems`, `type: null` or item arrays; `default`
 * only where defaults can apply; no embedded resources inside resource metadata), then its children, then the
 * Kubernetes extensions (`x-kubernetes-list-type`, `-list-map-keys`, `-map-type`, `-preserve-unknown-fields`) and the
 * declarations of its `x-kubernetes-validations`. Schema errors come first; the CEL errors of a node's rules are
 * computed only when the node and everything below it have no schema error, and only given a
 * {@link CELSchemaContext} (a structural schema whose defaults are valid).
 *
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, newPath } from '@apiserver/runtime';
import { type CELSchemaContext, ruleDeclarationErrors } from '../cel/crd-rules.js';
import type { JSONSchemaProps } from '../structural-schema.js';

/** The checks an update relaxes when the stored CRD already breaks them (`validationOptions`). */
export interface OpenAPISchemaOptions {
  /** `type` must be one of OpenAPI v3's. */
  readonly requireValidPropertyType: boolean;
  /** The items of a `set` list must be atomic. */
  readonly requireAtomicSetType: boolean;
  /** The keys of a `map` list are required or defaulted and not nullable; items of set and map lists are not nullable. */
  readonly requireMapListKeysMapSetValidation: boolean;
}

/** What a create requires. */
export const CREATE_OPENAPI_SCHEMA_OPTIONS: OpenAPISchemaOptions = {
  requireValidPropertyType: true,
  requireAtomicSetType: true,
  requireMapListKeysMapSetValidation: true,
};

/** The errors of a schema: schema errors, then the CEL errors of its rules. */
export interface OpenAPISchemaErrors {
  readonly schemaErrors: FieldError[];
  readonly celErrors: FieldError[];
}

/** Where the walk is (upstream's `specStandardValidatorV3`). */
interface Position {
  readonly allowDefaults: boolean;
  readonly disallowDefaultsReason: string;
  /** Inside the `metadata`, `apiVersion` or `kind` of the root or of an embedded resource. */
  readonly insideResourceMeta: boolean;
  /** The nearest list or atomic map above whose old and new entries cannot be paired. */
  readonly uncorrelatable?: FieldPath;
}

/** The types OpenAPI v3 knows. */
export const OPENAPI_V3_TYPES: readonly string[] = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const META_FIELDS: ReadonlySet<string> = new Set(['metadata', 'kind', 'apiVersion']);
/** A path for the predicates that only ask whether a check fails. */
const PROBE_PATH = newPath('');

const forbidDefaults = (at: Position, reason: string): Position => ({ ...at, allowDefaults: false, disallowDefaultsReason: reason });
const forbidOldSelf = (at: Position, path: FieldPath): Position => (at.uncorrelatable !== undefined ? at : { ...at, uncorrelatable: path });

/** The spec-standard checks of one node. */
function standardErrors(props: JSONSchemaProps, path: FieldPath, at: Position, opts: OpenAPISchemaOptions): FieldError[] {
  const errs: FieldError[] = [];
  const type = props.type ?? '';
  if (opts.requireValidPropertyType && type !== '' && !OPENAPI_V3_TYPES.includes(type)) {
    errs.push(fieldNotSupported(path.child('type'), type, OPENAPI_V3_TYPES));
  }
  if (props.default !== undefined && !at.allowDefaults) {
    errs.push(fieldForbidden(path.child('default'), `must not be set${at.disallowDefaultsReason === '' ? '' : ` ${at.disallowDefaultsReason}`}`));
  }
  const unsupported: [boolean, string][] = [
    [(props.id ?? '') !== '', 'id'],
    [props.additionalItems !== undefined, 'additionalItems'],
    [Object.keys(props.patternProperties ?? {}).length > 0, 'patternProperties'],
    [Object.keys(props.definitions ?? {}).length > 0, 'definitions'],
    [props.dependencies !== undefined, 'dependencies'],
    [props.$ref !== undefined, '$ref'],
  ];
  for (const [present, name] of unsupported) if (present) errs.push(fieldForbidden(path.child(name), `${name} is not supported`));
  if (type === 'null') errs.push(fieldForbidden(path.child('type'), 'type cannot be set to null, use nullable as an alternative'));
  if (Array.isArray(props.items) && props.items.length > 0) errs.push(fieldForbidden(path.child('items'), 'items must be a schema object and not an array'));
  if (at.insideResourceMeta && props['x-kubernetes-embedded-resource'] === true) {
    errs.push(fieldForbidden(path.child('x-kubernetes-embedded-resource'), 'must not be used inside of resource meta'));
  }
  return errs;
}

/** `requireAtomicSetType`: the items of a set list are scalars, atomic lists or atomic maps. */
function setItemErrors(props: JSONSchemaProps, path: FieldPath): FieldError[] {
  const items = props.items;
  if (props['x-kubernetes-list-type'] !== 'set' || items === undefined || Array.isArray(items)) return [];
  const item = items as JSONSchemaProps;
  const message = 'must be atomic as item of a list with x-kubernetes-list-type=set';
  const listType = item['x-kubernetes-list-type'];
  if (item.type === 'array' && listType !== undefined && listType !== 'atomic') {
    return [fieldInvalid(path.child('items', 'x-kubernetes-list-type'), listType, message)];
  }
  if (item.type === 'object' && item['x-kubernetes-map-type'] !== 'atomic') {
    // Upstream reports the item's list type here (usually absent, printed "null"), not its map type.
    return [fieldInvalid(path.child('items', 'x-kubernetes-map-type'), listType ?? 'null', message)];
  }
  return [];
}

function mapListErrors(props: JSONSchemaProps, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const keys = props['x-kubernetes-list-map-keys'] ?? [];
  if (keys.length === 0) errs.push(fieldRequired(path.child('x-kubernetes-list-map-keys'), 'must not be empty if x-kubernetes-list-type is map'));
  const items = props.items;
  if (items === undefined) return [...errs, fieldRequired(path.child('items'), 'must have a schema if x-kubernetes-list-type is map')];
  if (Array.isArray(items)) return [...errs, fieldInvalid(path.child('items'), items, 'must only have a single schema if x-kubernetes-list-type is map')];
  const item = items as JSONSchemaProps;
  if (item.type !== 'object') {
    return [...errs, fieldInvalid(path.child('items', 'type'), item.type ?? '', "must be object if parent array's x-kubernetes-list-type is map")];
  }
  const seen = new Set<string>();
  for (const k of keys) {
    const key = item.properties?.[k];
    if (key === undefined) {
      errs.push(fieldInvalid(path.child('x-kubernetes-list-map-keys'), keys, 'entries must all be names of item properties'));
    } else if (key.type === 'array' || key.type === 'object') {
      // Upstream reports the item's type (object) as the value.
      errs.push(fieldInvalid(path.child('items', 'properties').key(k).child('type'), item.type, "must be a scalar type if parent array's x-kubernetes-list-type is map"));
    }
    if (seen.has(k)) errs.push(fieldInvalid(path.child('x-kubernetes-list-map-keys'), keys, 'must not contain duplicate entries'));
    seen.add(k);
  }
  return errs;
}

/** `validateMapListKeysMapSet`: set and map list items are not nullable; map keys are required or defaulted, not nullable. */
function mapSetKeyErrors(props: JSONSchemaProps, path: FieldPath): FieldError[] {
  const listType = props['x-kubernetes-list-type'];
  const items = props.items;
  if ((listType !== 'set' && listType !== 'map') || items === undefined || Array.isArray(items)) return [];
  const item = items as JSONSchemaProps;
  const errs: FieldError[] = [];
  if (item.nullable === true) errs.push(fieldForbidden(path.child('items', 'nullable'), `cannot be nullable when x-kubernetes-list-type is ${listType}`));
  if (listType !== 'map') return errs;
  const required = new Set(item.required ?? []);
  for (const k of props['x-kubernetes-list-map-keys'] ?? []) {
    const key = item.properties?.[k];
    if (key === undefined) continue;
    const keyPath = path.child('items', 'properties').key(k);
    if (!required.has(k) && key.default === undefined) {
      errs.push(fieldRequired(keyPath.child('default'), 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
    }
    if (key.nullable === true) errs.push(fieldForbidden(keyPath.child('nullable'), 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
  }
  return errs;
}

/** The checks of the Kubernetes list and map extensions on one node. */
function extensionErrors(props: JSONSchemaProps, path: FieldPath, opts: OpenAPISchemaOptions): FieldError[] {
  const errs: FieldError[] = [];
  const type = props.type ?? '';
  if (props['x-kubernetes-preserve-unknown-fields'] === false) {
    errs.push(fieldInvalid(path.child('x-kubernetes-preserve-unknown-fields'), false, 'must be true or undefined'));
  }
  const mapType = props['x-kubernetes-map-type'];
  if (mapType !== undefined && type !== 'object') {
    const msg = 'must be object if x-kubernetes-map-type is specified';
    errs.push(type === '' ? fieldRequired(path.child('type'), msg) : fieldInvalid(path.child('type'), type, msg));
  }
  if (mapType !== undefined && mapType !== 'atomic' && mapType !== 'granular') {
    errs.push(fieldNotSupported(path.child('x-kubernetes-map-type'), mapType, ['atomic', 'granular']));
  }
  const listType = props['x-kubernetes-list-type'];
  if (listType !== undefined && type !== 'array') {
    const msg = 'must be array if x-kubernetes-list-type is specified';
    errs.push(type === '' ? fieldRequired(path.child('type'), msg) : fieldInvalid(path.child('type'), type, msg));
  } else if (opts.requireAtomicSetType) {
    errs.push(...setItemErrors(props, path));
  }
  if (listType !== undefined && !['atomic', 'set', 'map'].includes(listType)) {
    errs.push(fieldNotSupported(path.child('x-kubernetes-list-type'), listType, ['atomic', 'set', 'map']));
  }
  if ((props['x-kubernetes-list-map-keys'] ?? []).length > 0 && listType !== 'map') {
    const msg = 'must be map if x-kubernetes-list-map-keys is non-empty';
    errs.push(listType === undefined ? fieldRequired(path.child('x-kubernetes-list-type'), msg) : fieldInvalid(path.child('x-kubernetes-list-type'), listType, msg));
  }
  if (listType === 'map') errs.push(...mapListErrors(props, path));
  if (opts.requireMapListKeysMapSetValidation) errs.push(...mapSetKeyErrors(props, path));
  return errs;
}

class SchemaWalk {
  readonly schemaErrors: FieldError[] = [];
  readonly celErrors: FieldError[] = [];

  constructor(readonly opts: OpenAPISchemaOptions) {}

  /** Walks `props` at `path`; `cel` is the node's CEL context, absent where rules are not compiled. */
  node(props: JSONSchemaProps, path: FieldPath, at: Position, isRoot: boolean, cel: CELSchemaContext | undefined): void {
    const schemaErrorsBefore = this.schemaErrors.length;
    this.schemaErrors.push(...standardErrors(props, path, at, this.opts));
    if (props.uniqueItems === true) {
      this.schemaErrors.push(fieldForbidden(path.child('uniqueItems'), 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
    }
    this.#children(props, path, at, isRoot, cel?.child(props));
    this.schemaErrors.push(...extensionErrors(props, path, this.opts), ...ruleDeclarationErrors(props, path));
    if (this.schemaErrors.length === schemaErrorsBefore && cel !== undefined) this.celErrors.push(...cel.ruleErrors(props, path, at.uncorrelatable));
  }

  #children(props: JSONSchemaProps, path: FieldPath, at: Position, isRoot: boolean, cel: CELSchemaContext | undefined): void {
    const properties = Object.entries(props.properties ?? {});
    const ap = props.additionalProperties;
    if (ap !== undefined) {
      if (properties.length > 0 && ap !== true) {
        this.schemaErrors.push(fieldForbidden(path.child('additionalProperties'), 'additionalProperties and properties are mutual exclusive'));
      }
      // Pruning a default without the value it would apply to is ambiguous inside metadata.
      const below = at.insideResourceMeta ? forbidDefaults(at, 'inside additionalProperties applying to object metadata') : at;
      if (typeof ap === 'object') this.node(ap, path.child('additionalProperties'), below, false, cel);
    }
    const mapType = props['x-kubernetes-map-type'];
    const embedded = props['x-kubernetes-embedded-resource'] === true;
    for (const [name, p] of properties) {
      let below = mapType === undefined || mapType === 'granular' || mapType === '' ? at : forbidOldSelf(at, path);
      if ((isRoot || embedded) && META_FIELDS.has(name)) {
        below = { ...below, insideResourceMeta: true };
        if (isRoot) below = forbidDefaults(below, `in top-level ${name}`);
      }
      this.node(p, path.child('properties').key(name), below, false, cel);
    }
    if (props.not !== undefined) this.node(props.not, path.child('not'), at, false, undefined);
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      for (const [i, p] of (props[key] ?? []).entries()) this.node(p, path.child(key).index(i), at, false, undefined);
    }
    for (const [name, p] of Object.entries(props.definitions ?? {})) this.node(p, path.child('definitions').key(name), at, false, undefined);
    const items = props.items;
    if (items !== undefined) {
      const below = props['x-kubernetes-list-type'] === 'map' ? at : forbidOldSelf(at, path);
      if (Array.isArray(items)) for (const [i, p] of items.entries()) this.node(p, path.child('items').index(i), below, false, cel);
      else this.node(items as JSONSchemaProps, path.child('items'), below, false, cel);
    }
    for (const [name, dep] of Object.entries(props.dependencies ?? {})) {
      if (typeof dep === 'object' && dep !== null && !Array.isArray(dep)) this.node(dep as JSONSchemaProps, path.child('dependencies').key(name), at, false, undefined);
    }
  }
}

/**
 * Validates a CRD version's schema (the root at `path`) node by node. `cel` is the root's {@link CELSchemaContext},
 * given when the schema is structural and its defaults are valid.
 */
export function validateOpenAPISchema(
  props: JSONSchemaProps,
  path: FieldPath,
  opts: OpenAPISchemaOptions,
  cel: CELSchemaContext | undefined,
): OpenAPISchemaErrors {
  const walk = new SchemaWalk(opts);
  walk.node(props, path, { allowDefaults: true, disallowDefaultsReason: '', insideResourceMeta: false }, true, cel);
  return { schemaErrors: walk.schemaErrors, celErrors: walk.celErrors };
}

/** Whether `pred` holds for `props` or any schema below it (`SchemaHas`). */
export function schemaHas(props: JSONSchemaProps | undefined, pred: (s: JSONSchemaProps) => boolean): boolean {
  if (props === undefined) return false;
  if (pred(props)) return true;
  const below: (JSONSchemaProps | undefined)[] = [
    ...(Array.isArray(props.items) ? props.items : [props.items as JSONSchemaProps | undefined]),
    ...(props.allOf ?? []),
    ...(props.anyOf ?? []),
    ...(props.oneOf ?? []),
    props.not,
    ...Object.values(props.properties ?? {}),
    typeof props.additionalProperties === 'object' ? props.additionalProperties : undefined,
    ...Object.values(props.patternProperties ?? {}),
    typeof props.additionalItems === 'object' ? props.additionalItems : undefined,
    ...Object.values(props.definitions ?? {}),
  ];
  return below.some((s) => schemaHas(s, pred));
}

/** The options of an update: each check holds unless the stored schemas already break it (no tightening on stored data). */
export function updateOpenAPISchemaOptions(oldSchemas: readonly (JSONSchemaProps | undefined)[]): OpenAPISchemaOptions {
  const any = (pred: (s: JSONSchemaProps) => boolean): boolean => oldSchemas.some((s) => schemaHas(s, pred));
  return {
    requireValidPropertyType: !any((s) => (s.type ?? '') !== '' && !OPENAPI_V3_TYPES.includes(s.type ?? '')),
    requireAtomicSetType: !any((s) => setItemErrors(s, PROBE_PATH).length > 0),
    requireMapListKeysMapSetValidation: !any((s) => mapSetKeyErrors(s, PROBE_PATH).length > 0),
  };
}
