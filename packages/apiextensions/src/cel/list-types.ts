/**
 * Lists declared `x-kubernetes-list-type: set` or `map` behave in rules as upstream's `unstructuredSetList` and
 * `unstructuredMapList` (k8s.io/apiserver `pkg/cel/common/values.go`):
 * - equality ignores order: a set equals a list of the same size whose every element it holds, a map list equals a
 *   list of the same size whose every element has the same value under its map keys (`self == oldSelf` holds when
 *   only the order changed). The list on the left of `==` decides, as upstream asks its `Equal`; maps and lists
 *   compare their contents with these rules too, so such a list nested in an object counts as well;
 * - `+` merges: a set appends the elements of the right list it does not hold yet, a map list overwrites the
 *   entries of keys both lists have (keeping their positions) and appends the others.
 * Other lists compare and concatenate in order, as before.
 *
 * @module
 */
import { type CelFunc, type CelInput, type CelList, type CelValue, CelScalar, celFunc, celList, isCelList, isCelMap, listType } from '@bufbuild/cel';
import { celEquals as standardEquals } from './library/cel-ops.js';

/** How a list compares and concatenates. */
type ListSemantics = { readonly kind: 'set' } | { readonly kind: 'map'; readonly keys: readonly string[] };

const SEMANTICS = new WeakMap<CelList, ListSemantics>();

/** `items` as the CEL list of a list declared `listType` (`mapKeys`: its CEL key names); atomic lists stay arrays. */
export function typedCelList(items: CelInput[], listType: 'atomic' | 'set' | 'map', mapKeys: readonly string[]): CelInput {
  if (listType === 'atomic') return items;
  const list = celList(items);
  SEMANTICS.set(list, listType === 'set' ? { kind: 'set' } : { kind: 'map', keys: mapKeys });
  return list;
}

const contains = (list: CelList, v: CelValue): boolean => [...list].some((item) => listTypeEquals(item, v));

/** The map keys of a map list's element, as one comparable text. */
function mapKeyOf(element: CelValue, keys: readonly string[]): string {
  const values = keys.map((k) => (isCelMap(element) ? element.get(k) : undefined));
  return JSON.stringify(values, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
}

function mapListEquals(l: CelList, r: CelList, keys: readonly string[]): boolean {
  if (l.size !== r.size) return false;
  const byKey = new Map([...l].map((e) => [mapKeyOf(e, keys), e] as const));
  return [...r].every((e) => {
    const mine = byKey.get(mapKeyOf(e, keys));
    return mine !== undefined && listTypeEquals(mine, e);
  });
}

function listEquals(l: CelList, r: CelList): boolean {
  const semantics = SEMANTICS.get(l);
  if (semantics?.kind === 'set') return l.size === r.size && [...r].every((e) => contains(l, e));
  if (semantics?.kind === 'map') return mapListEquals(l, r, semantics.keys);
  if (l.size !== r.size) return false;
  for (let i = 0; i < l.size; i++) if (!listTypeEquals(l.get(i) as CelValue, r.get(i) as CelValue)) return false;
  return true;
}

/** Equality of two strings, booleans or numbers (int and double across each other), `undefined` for other values. */
function scalarEquals(l: CelValue, r: CelValue): boolean | undefined {
  const lt = typeof l;
  const rt = typeof r;
  if ((lt === 'string' || lt === 'boolean') && lt === rt) return l === r;
  // biome-ignore lint/suspicious/noDoubleEquals: CEL compares an int with a double by value (1 == 1.0).
  if ((lt === 'bigint' || lt === 'number') && (rt === 'bigint' || rt === 'number')) return l == r;
  return undefined;
}

/** CEL equality with the list types above (`@bufbuild/cel`'s own for everything but lists and maps). */
export function listTypeEquals(l: CelValue, r: CelValue): boolean {
  const scalar = scalarEquals(l, r);
  if (scalar !== undefined) return scalar;
  if (isCelList(l)) return isCelList(r) && listEquals(l, r);
  if (isCelMap(l)) {
    if (!isCelMap(r) || l.size !== r.size) return false;
    for (const [k, v] of l) {
      const other = r.get(k);
      if (other === undefined || !listTypeEquals(v, other)) return false;
    }
    return true;
  }
  return standardEquals(l, r) === true;
}

/** `l + r` for lists, merging into sets and map lists. */
function concat(l: CelList, r: CelList): CelInput {
  const semantics = SEMANTICS.get(l);
  if (semantics === undefined) return [...l, ...r];
  if (semantics.kind === 'set') {
    const union = [...l];
    for (const e of r) if (!union.some((u) => listTypeEquals(u, e))) union.push(e);
    return typedCelList(union, 'set', []);
  }
  const merged = [...l];
  const position = new Map(merged.map((e, i) => [mapKeyOf(e, semantics.keys), i] as const));
  for (const e of r) {
    const at = position.get(mapKeyOf(e, semantics.keys));
    if (at === undefined) merged.push(e);
    else merged[at] = e;
  }
  return typedCelList(merged, 'map', semantics.keys);
}

const OVERRIDDEN = new Set(['_==_(dyn,dyn)', '_!=_(dyn,dyn)', '_+_(list,list)']);

/** `funcs` with `==`, `!=` and list `+` replaced by the ones above. */
export function withListTypes(funcs: Iterable<CelFunc>): CelFunc[] {
  const LIST = listType(CelScalar.DYN);
  return [
    ...[...funcs].filter((f) => !OVERRIDDEN.has(f.id)),
    celFunc('_==_', [CelScalar.DYN, CelScalar.DYN], CelScalar.BOOL, (l, r) => listTypeEquals(l, r)),
    celFunc('_!=_', [CelScalar.DYN, CelScalar.DYN], CelScalar.BOOL, (l, r) => !listTypeEquals(l, r)),
    celFunc('_+_', [LIST, LIST], LIST, (l, r) => concat(l, r) as never),
  ];
}
