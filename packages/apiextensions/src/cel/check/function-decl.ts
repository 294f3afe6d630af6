/**
 * Function declarations for the checker (cel-go's `decls.FunctionDecl`): a function's overloads, each global
 * (`size(x)`) or a member (`x.size()`, whose target is the first parameter), with parameter and result types
 * that may use type parameters (`A`, `B`, `K`, `V`), made fresh for every call checked.
 *
 * @module
 */
import type { CelType } from './cel-type.js';

/** One overload of a function. */
export interface Overload {
  /** A member overload: the call's target is the first parameter. */
  readonly member: boolean;
  readonly params: readonly CelType[];
  readonly result: CelType;
}

/** A global overload `(params) -> result`. */
export const global = (params: readonly CelType[], result: CelType): Overload => ({ member: false, params, result });
/** A member overload `target.(params) -> result`, the target first in `params`. */
export const member = (params: readonly CelType[], result: CelType): Overload => ({ member: true, params, result });

/** Declarations by function name; a name declared twice gets the overloads of both. */
export type FunctionDecls = ReadonlyMap<string, readonly Overload[]>;

/** Merges declaration lists (`[name, overloads]` pairs, or tables) into one table. */
export function declare(...lists: ReadonlyArray<Iterable<readonly [string, readonly Overload[]]>>): FunctionDecls {
  const table = new Map<string, Overload[]>();
  for (const list of lists) {
    for (const [name, overloads] of list) table.set(name, [...(table.get(name) ?? []), ...overloads]);
  }
  return table;
}

/** The type parameters in `t`, by name. */
export function typeParams(t: CelType, into: Set<string> = new Set()): Set<string> {
  switch (t.k) {
    case 'param':
      into.add(t.name);
      break;
    case 'list':
      typeParams(t.elem, into);
      break;
    case 'map':
      typeParams(t.key, into);
      typeParams(t.value, into);
      break;
    case 'opaque':
      for (const p of t.params) typeParams(p, into);
      break;
    case 'type':
      if (t.of !== undefined) typeParams(t.of, into);
      break;
  }
  return into;
}
