/**
 * Type unification as cel-go's checker does it (`checker/types.go`, `mapping.go`): a mapping binds type
 * parameters to types; `t1` is assignable to `t2` when both are the same kind and their parameters are
 * assignable, when either is `dyn` or `error`, when a type parameter can be bound (with the occurs check), when
 * `null` meets an object or opaque type, or when both are `type`s. An assignability test that fails leaves the
 * mapping as it was.
 *
 * @module
 */
import { type CelType, DYN, isDynOrError, isExactType, listOf, mapOf, opaque, typeOf } from './cel-type.js';

/**
 * Bindings of type parameters, by name. A failed assignability test undoes the bindings it made (a journal of
 * earlier values, where cel-go copies the whole mapping for every test: a copy per operator made checking
 * quadratic in the length of an expression).
 */
export class TypeMapping {
  readonly #bindings = new Map<string, CelType>();
  readonly #journal: Array<readonly [string, CelType | undefined]> = [];

  find(t: CelType): CelType | undefined {
    return t.k === 'param' ? this.#bindings.get(t.name) : undefined;
  }

  /** Binds `p` to `t`, unless `t` refers back to `p` (a binding to the more general of two types can). */
  add(p: CelType, t: CelType): void {
    if (p.k !== 'param' || !notReferencedIn(this, p, t)) return;
    this.#journal.push([p.name, this.#bindings.get(p.name)]);
    this.#bindings.set(p.name, t);
  }

  /** A point to undo to. */
  mark(): number {
    return this.#journal.length;
  }

  /** Undoes the bindings made since `mark`. */
  rollback(mark: number): void {
    while (this.#journal.length > mark) {
      const [name, previous] = this.#journal.pop() as readonly [string, CelType | undefined];
      if (previous === undefined) this.#bindings.delete(name);
      else this.#bindings.set(name, previous);
    }
  }
}

/** Whether `t1` is as or less specific than `t2` (`dyn` and type parameters are the least specific). */
function isEqualOrLessSpecific(t1: CelType, t2: CelType): boolean {
  if (t1.k === 'dyn' || t1.k === 'param') return true;
  if (t2.k === 'dyn' || t2.k === 'param') return false;
  if (t1.k !== t2.k) return false;
  switch (t1.k) {
    case 'list':
      return isEqualOrLessSpecific(t1.elem, (t2 as typeof t1).elem);
    case 'map':
      return isEqualOrLessSpecific(t1.key, (t2 as typeof t1).key) && isEqualOrLessSpecific(t1.value, (t2 as typeof t1).value);
    case 'opaque': {
      const o = t2 as typeof t1;
      return t1.name === o.name && t1.params.length === o.params.length && t1.params.every((p, i) => isEqualOrLessSpecific(p, o.params[i] as CelType));
    }
    case 'type':
      return true;
    default:
      return isExactType(t1, t2);
  }
}

/** The more general of two types known to unify. */
export function mostGeneral(t1: CelType, t2: CelType): CelType {
  return isEqualOrLessSpecific(t1, t2) ? t1 : t2;
}

/** The occurs check: `t` does not appear in `within` (through bound parameters too). */
function notReferencedIn(m: TypeMapping, t: CelType, within: CelType): boolean {
  if (t.k === 'param' && within.k === 'param' && t.name === within.name) return false;
  switch (within.k) {
    case 'param': {
      const sub = m.find(within);
      return sub === undefined || notReferencedIn(m, t, sub);
    }
    case 'list':
      return notReferencedIn(m, t, within.elem);
    case 'map':
      return notReferencedIn(m, t, within.key) && notReferencedIn(m, t, within.value);
    case 'opaque':
      return within.params.every((p) => notReferencedIn(m, t, p));
    case 'type':
      return within.of === undefined || notReferencedIn(m, t, within.of);
    default:
      return true;
  }
}

/** Whether `t2` (or what it is bound to) can stand for `t1`; binds it when free. */
function isValidTypeSubstitution(m: TypeMapping, t1: CelType, t2: CelType): { valid: boolean; hasSub: boolean } {
  if (isExactType(t1, t2)) return { valid: true, hasSub: true };
  const sub = m.find(t2);
  if (sub !== undefined) {
    if (isExactType(t1, sub)) return { valid: true, hasSub: true };
    if (internalIsAssignable(m, t1, sub)) {
      m.add(t2, mostGeneral(t1, sub));
      return { valid: true, hasSub: true };
    }
    return { valid: false, hasSub: true };
  }
  if (notReferencedIn(m, t2, t1)) {
    m.add(t2, t1);
    return { valid: true, hasSub: false };
  }
  return { valid: false, hasSub: false };
}

function internalIsAssignableList(m: TypeMapping, l1: readonly CelType[], l2: readonly CelType[]): boolean {
  return l1.length === l2.length && l1.every((t, i) => internalIsAssignable(m, t, l2[i] as CelType));
}

function internalIsAssignable(m: TypeMapping, t1: CelType, t2: CelType): boolean {
  if (t2.k === 'param') {
    const { valid, hasSub } = isValidTypeSubstitution(m, t1, t2);
    if (valid) return true;
    if (hasSub) return false;
  }
  if (t1.k === 'param') return isValidTypeSubstitution(m, t2, t1).valid;
  if (isDynOrError(t1) || isDynOrError(t2)) return true;
  if (t1.k === 'null') return t2.k === 'null' || t2.k === 'object' || t2.k === 'opaque';
  if (t1.k !== t2.k) return false;
  switch (t1.k) {
    case 'list':
      return internalIsAssignable(m, t1.elem, (t2 as typeof t1).elem);
    case 'map':
      return internalIsAssignableList(m, [t1.key, t1.value], [(t2 as typeof t1).key, (t2 as typeof t1).value]);
    case 'opaque':
      return t1.name === (t2 as typeof t1).name && internalIsAssignableList(m, t1.params, (t2 as typeof t1).params);
    case 'object':
      // Objects declared from schemas (not nominal) pass whatever their names (see the module comment of the checker).
      return t1.nominal !== true && (t2 as typeof t1).nominal !== true ? true : t1.name === (t2 as typeof t1).name;
    case 'type':
      return true;
    default:
      return true;
  }
}

/** Whether `t1` is assignable to `t2`; on success `m` keeps the bindings it needed, on failure none. */
export function isAssignable(m: TypeMapping, t1: CelType, t2: CelType): boolean {
  const mark = m.mark();
  if (internalIsAssignable(m, t1, t2)) return true;
  m.rollback(mark);
  return false;
}

/** Whether each of `l1` is assignable to the same position of `l2`; on success `m` keeps the bindings. */
export function isAssignableList(m: TypeMapping, l1: readonly CelType[], l2: readonly CelType[]): boolean {
  const mark = m.mark();
  if (internalIsAssignableList(m, l1, l2)) return true;
  m.rollback(mark);
  return false;
}

/** `t` with bound parameters replaced (and unbound ones by `dyn` when `paramToDyn`). */
export function substitute(m: TypeMapping, t: CelType, paramToDyn: boolean): CelType {
  const sub = m.find(t);
  if (sub !== undefined) return substitute(m, sub, paramToDyn);
  switch (t.k) {
    case 'param':
      return paramToDyn ? DYN : t;
    case 'list':
      return listOf(substitute(m, t.elem, paramToDyn));
    case 'map':
      return mapOf(substitute(m, t.key, paramToDyn), substitute(m, t.value, paramToDyn));
    case 'opaque':
      return opaque(t.name, ...t.params.map((p) => substitute(m, p, paramToDyn)));
    case 'type':
      return t.of === undefined ? t : typeOf(substitute(m, t.of, paramToDyn));
    default:
      return t;
  }
}
