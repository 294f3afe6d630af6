/**
 * A field path (`field.Path` in apimachinery) naming the part of an object a validation
 * error is about, rendered as Kubernetes renders it: `spec.containers[0].name`,
 * `metadata.labels[app]`.
 *
 * @module
 */

/** One immutable element of a field path; build paths with {@link newPath}. */
export class FieldPath {
  readonly #parent: FieldPath | undefined;
  readonly #name: string;
  readonly #index: string;

  private constructor(parent: FieldPath | undefined, name: string, index: string) {
    this.#parent = parent;
    this.#name = name;
    this.#index = index;
  }

  /** Creates a root path from one or more dotted names: `FieldPath.of('metadata', 'name')`. */
  static of(name: string, ...moreNames: string[]): FieldPath {
    let p = new FieldPath(undefined, name, '');
    for (const n of moreNames) p = new FieldPath(p, n, '');
    return p;
  }

  /** Returns the path extended by named children: `spec.child('containers')`. */
  child(name: string, ...moreNames: string[]): FieldPath {
    let p = new FieldPath(this, name, '');
    for (const n of moreNames) p = new FieldPath(p, n, '');
    return p;
  }

  /** Returns the path extended by a list index, rendered `[3]`. */
  index(i: number): FieldPath {
    return new FieldPath(this, '', String(i));
  }

  /** Returns the path extended by a map key, rendered `[key]` (unquoted, as upstream). */
  key(k: string): FieldPath {
    return new FieldPath(this, '', k);
  }

  /** Returns the first element of this path. */
  root(): FieldPath {
    let p: FieldPath = this;
    while (p.#parent !== undefined) p = p.#parent;
    return p;
  }

  /** Renders the path: names joined by `.`, indexes and keys in brackets. */
  toString(): string {
    const elems: FieldPath[] = [];
    for (let p: FieldPath | undefined = this; p !== undefined; p = p.#parent) elems.push(p);
    let out = '';
    for (let i = elems.length - 1; i >= 0; i--) {
      const e = elems[i]!;
      if (e.#parent !== undefined && e.#name.length > 0) out += '.';
      out += e.#name.length > 0 ? e.#name : `[${e.#index}]`;
    }
    return out;
  }
}

/** Creates a root field path (`field.NewPath`): `newPath('metadata', 'labels').key('app')`. */
export function newPath(name: string, ...moreNames: string[]): FieldPath {
  return FieldPath.of(name, ...moreNames);
}

/**
 * `parent.child(name, …)` of an optional path, as Go's `Child` on a nil `*field.Path` makes it: with no parent, the
 * names start a root path.
 */
export function childPath(parent: FieldPath | undefined, name: string, ...moreNames: string[]): FieldPath {
  return parent === undefined ? FieldPath.of(name, ...moreNames) : parent.child(name, ...moreNames);
}

/** Renders an optional path; a missing path prints `<nil>` as a nil `*field.Path` does in Go. */
export function pathString(path: FieldPath | undefined): string {
  return path === undefined ? '<nil>' : path.toString();
}
