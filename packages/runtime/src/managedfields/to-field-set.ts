/**
 * TypedValue.ToFieldSet (typed/tofieldset.go): the set of fields a value sets. Scalars and atomic values are
 * members; list items are members (and so are their fields); map entries are members unless they are
 * declared struct fields holding a non-empty value. In strict mode (an applied configuration) undeclared
 * struct fields and duplicate list items are errors, as upstream's typed conversion reports them.
 */
import { FieldSet } from './field-set.js';
import type { FieldType } from './field-type.js';
import { type PathElement, pathElementString, pathString, serializePathElement } from './path-element.js';
import { entryType, isEmptyValue, isLeaf, isObject, itemPathElement, resolve, TypedValueError } from './typed-value.js';

/** Options of `toFieldSet`. */
export interface ToFieldSetOptions {
  /** Reject undeclared fields and duplicate list items (applied configurations). */
  readonly strict?: boolean;
}

function fail(path: readonly PathElement[], message: string): never {
  throw new TypedValueError(path.length === 0 ? message : `${pathString(path)}: ${message}`);
}

function walk(v: unknown, t0: FieldType, path: PathElement[], set: FieldSet, strict: boolean): void {
  const t = resolve(t0, v);
  if (isLeaf(t)) {
    set.insert(path);
    return;
  }
  if (t.kind === 'map') {
    if (!isObject(v)) return;
    for (const [key, child] of Object.entries(v)) {
      const e = entryType(t, key);
      const childPath = [...path, { fieldName: key }];
      if (e.type === undefined) {
        if (strict) fail(childPath, 'field not declared in schema');
        set.insert(childPath);
        continue;
      }
      walk(child, e.type, childPath, set, strict);
      if (child === null || (isObject(child) && Object.keys(child).length === 0) || !e.declared) set.insert(childPath);
    }
    return;
  }
  if (t.kind !== 'list' || !Array.isArray(v)) return;
  const seen = new Set<string>();
  v.forEach((item, i) => {
    let pe: PathElement;
    try {
      pe = itemPathElement(t, item, i);
    } catch (err) {
      fail(path, `element ${i}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const id = serializePathElement(pe);
    if (strict && seen.has(id)) fail(path, `duplicate entries for key ${pathElementString(pe)}`);
    seen.add(id);
    const itemPath = [...path, pe];
    walk(item, t.elementType, itemPath, set, strict);
    set.insert(itemPath);
  });
}

/** The field set of a value of type `t`. */
export function toFieldSet(v: unknown, t: FieldType, options: ToFieldSetOptions = {}): FieldSet {
  const set = new FieldSet();
  if (!isEmptyValue(v) || !isLeaf(resolve(t, v))) walk(v, t, [], set, options.strict === true);
  return set;
}
