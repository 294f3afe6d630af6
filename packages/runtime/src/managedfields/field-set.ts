/**
 * fieldpath.Set: a trie of field paths. `members` are the paths ending at this node, `children` the sets one
 * step further down; a path element may be both (FieldsV1 writes that as `".": {}`). Operations return new
 * sets and never change their inputs.
 */
import {
  comparePathElements,
  type FieldPathElements,
  type PathElement,
  pathElementRank,
  serializePathElement,
} from './path-element.js';
import { sortSteps } from '../runtime/sort-steps.js';
import { cheapStepDue, type SlicedPass } from '../runtime/time-slice.js';

interface Child {
  readonly pe: PathElement;
  readonly set: FieldSet;
}

/** One path element of a {@link FieldSet} node, as {@link FieldSet.elements} lists them. */
export interface NodeElement {
  /** Its FieldsV1 key (`serializePathElement`). */
  readonly id: string;
  /** The element. */
  readonly pe: PathElement;
  /** True when the path ending here is in the set. */
  readonly member: boolean;
  /** The non-empty set of paths below it, if any. */
  readonly child: FieldSet | undefined;
}

/**
 * Sorts by {@link comparePathElements}. Field names and string set values (nearly every element of large sets)
 * are compared as strings straight away; the rest falls back to the full comparison.
 */
function sortElements(elements: NodeElement[]): NodeElement[] {
  if (elements.every(isFieldElement)) return elements.sort(compareFieldNames);
  const decorated = elements.map(decorate);
  decorated.sort(compareDecorated);
  return decorated.map((d) => d.e);
}

/** Whether the element is a field name (rank 0, compared by the name alone). */
function isFieldElement(e: NodeElement): boolean {
  return 'fieldName' in e.pe;
}

/** {@link compareDecorated} of two field-name elements. */
function compareFieldNames(a: NodeElement, b: NodeElement): number {
  const x = (a.pe as { fieldName: string }).fieldName;
  const y = (b.pe as { fieldName: string }).fieldName;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** An element with its sort keys. */
interface Decorated {
  readonly e: NodeElement;
  readonly rank: number;
  readonly text: string | undefined;
}

function decorate(e: NodeElement): Decorated {
  return { e, rank: pathElementRank(e.pe), text: stringContent(e.pe) };
}

function compareDecorated(a: Decorated, b: Decorated): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.text !== undefined && b.text !== undefined) return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
  return comparePathElements(a.e.pe, b.e.pe);
}

/** {@link sortElements} as a sliced pass (the same order: both sorts are stable). */
function* sortElementsSteps(elements: NodeElement[]): SlicedPass<NodeElement[]> {
  const decorated = new Array<Decorated>(elements.length);
  for (let i = 0; i < elements.length; i++) {
    decorated[i] = decorate(elements[i] as NodeElement);
    if (cheapStepDue()) yield;
  }
  const sorted = yield* sortSteps(decorated, compareDecorated);
  const out = new Array<NodeElement>(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    out[i] = (sorted[i] as Decorated).e;
    if (cheapStepDue()) yield;
  }
  return out;
}

/** The field name, or the string value of a set item; `undefined` for other elements. */
function stringContent(pe: PathElement): string | undefined {
  if ('fieldName' in pe) return pe.fieldName;
  if ('value' in pe && typeof pe.value === 'string') return pe.value;
  return undefined;
}

/** A set of field paths. */
export class FieldSet {
  readonly #members = new Map<string, PathElement>();
  readonly #children = new Map<string, Child>();

  /** A set holding `paths`. */
  static of(...paths: FieldPathElements[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  /**
   * Adds a path (in place; used while building a set). `lastId`, when given, is the FieldsV1 key of the path's
   * last element (`serializePathElement`), which callers that already built it pass to spare a second one.
   */
  insert(path: FieldPathElements, lastId?: string): void {
    if (path.length === 0) return;
    let node: FieldSet = this;
    const last = path.length - 1;
    for (let i = 0; i < last; i++) {
      const pe = path[i] as PathElement;
      node = node.childFor(serializePathElement(pe), pe);
    }
    const pe = path[last] as PathElement;
    node.#members.set(lastId ?? serializePathElement(pe), pe);
  }

  /** The child set under a path element, created when absent (building only). */
  childFor(id: string, pe: PathElement): FieldSet {
    let c = this.#children.get(id);
    if (c === undefined) {
      c = { pe, set: new FieldSet() };
      this.#children.set(id, c);
    }
    return c.set;
  }

  /** Adds a path element as a member of this node (building only). */
  insertMember(pe: PathElement): void {
    this.#members.set(serializePathElement(pe), pe);
  }

  /** True when the path is a member. */
  has(path: FieldPathElements): boolean {
    if (path.length === 0) return false;
    let node: FieldSet = this;
    const last = path.length - 1;
    for (let i = 0; i < last; i++) {
      const child = node.#children.get(serializePathElement(path[i] as PathElement));
      if (child === undefined) return false;
      node = child.set;
    }
    return node.#members.has(serializePathElement(path[last] as PathElement));
  }

  /** True when the set holds no path. */
  empty(): boolean {
    if (this.#members.size > 0) return false;
    for (const c of this.#children.values()) if (!c.set.empty()) return false;
    return true;
  }

  /** The paths under `pe`, relative to it (`Set.WithPrefix`). */
  withPrefix(pe: PathElement): FieldSet {
    return this.#children.get(serializePathElement(pe))?.set ?? new FieldSet();
  }

  /** Members of this node, sorted. */
  members(): PathElement[] {
    return [...this.#members.values()].sort(comparePathElements);
  }

  /** True when `pe` is a member of this node. */
  hasMember(pe: PathElement): boolean {
    return this.#members.has(serializePathElement(pe));
  }

  /** Non-empty children of this node, sorted by path element. */
  children(): { pe: PathElement; set: FieldSet }[] {
    return [...this.#children.values()].filter((c) => !c.set.empty()).sort((a, b) => comparePathElements(a.pe, b.pe));
  }

  /**
   * Every path element of this node, members and non-empty children alike, in sorted order, each with its
   * FieldsV1 key, whether it is a member and the set below it (what the FieldsV1 encoding walks).
   */
  elements(): NodeElement[] {
    if (this.#children.size === 0) {
      // A node of leaves only (every set item, every map entry of a data map): no merging by key.
      const leaves: NodeElement[] = [];
      for (const [id, pe] of this.#members) leaves.push({ id, pe, member: true, child: undefined });
      return sortElements(leaves);
    }
    return sortElements(this.#mergedElements());
  }

  /** Members and non-empty children merged by key, unsorted. */
  #mergedElements(): NodeElement[] {
    const byId = new Map<string, NodeElement>();
    for (const [id, pe] of this.#members) byId.set(id, { id, pe, member: true, child: undefined });
    for (const [id, c] of this.#children) {
      if (c.set.empty()) continue;
      const e = byId.get(id);
      byId.set(id, { id, pe: e?.pe ?? c.pe, member: e !== undefined, child: c.set });
    }
    return [...byId.values()];
  }

  /** {@link FieldSet.elements} as a sliced pass: the same elements in the same order, yielding while it sorts them. */
  *elementsSteps(): SlicedPass<NodeElement[]> {
    if (this.#children.size > 0) return yield* sortElementsSteps(this.#mergedElements());
    const leaves: NodeElement[] = [];
    for (const [id, pe] of this.#members) {
      leaves.push({ id, pe, member: true, child: undefined });
      if (cheapStepDue()) yield;
    }
    return yield* sortElementsSteps(leaves);
  }

  /** Paths in either set. */
  union(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const s of [this, other]) {
      for (const [id, pe] of s.#members) out.#members.set(id, pe);
    }
    const ids = new Set([...this.#children.keys(), ...other.#children.keys()]);
    for (const id of ids) {
      const a = this.#children.get(id);
      const b = other.#children.get(id);
      const pe = (a ?? b)?.pe as PathElement;
      const set = a !== undefined && b !== undefined ? a.set.union(b.set) : ((a ?? b)?.set as FieldSet);
      out.#children.set(id, { pe, set });
    }
    return out;
  }

  /** Paths in both sets. */
  intersection(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [id, pe] of this.#members) if (other.#members.has(id)) out.#members.set(id, pe);
    for (const [id, a] of this.#children) {
      const b = other.#children.get(id);
      if (b === undefined) continue;
      const set = a.set.intersection(b.set);
      if (!set.empty()) out.#children.set(id, { pe: a.pe, set });
    }
    return out;
  }

  /** Paths of this set that are not in `other` (leaf-wise, as upstream). */
  difference(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [id, pe] of this.#members) if (!other.#members.has(id)) out.#members.set(id, pe);
    for (const [id, a] of this.#children) {
      const b = other.#children.get(id);
      const set = b === undefined ? a.set : a.set.difference(b.set);
      if (!set.empty()) out.#children.set(id, { pe: a.pe, set });
    }
    return out;
  }

  /** Paths of this set that neither are in `other` nor lie under one of its paths (`RecursiveDifference`). */
  recursiveDifference(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [id, pe] of this.#members) if (!other.#members.has(id)) out.#members.set(id, pe);
    for (const [id, a] of this.#children) {
      if (other.#members.has(id)) continue;
      const b = other.#children.get(id);
      const set = b === undefined ? a.set : a.set.recursiveDifference(b.set);
      if (!set.empty()) out.#children.set(id, { pe: a.pe, set });
    }
    return out;
  }

  /** Every member path: this node's members, then each child's paths, in sorted order (Set.Iterate). */
  paths(): PathElement[][] {
    const out: PathElement[][] = [];
    const visit = (s: FieldSet, prefix: PathElement[]) => {
      for (const m of s.members()) out.push([...prefix, m]);
      for (const c of s.children()) visit(c.set, [...prefix, c.pe]);
    };
    visit(this, []);
    return out;
  }

  /** True when both sets hold the same paths. */
  equals(other: FieldSet): boolean {
    return this.difference(other).empty() && other.difference(this).empty();
  }
}
