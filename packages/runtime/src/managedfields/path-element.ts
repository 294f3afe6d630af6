/**
 * fieldpath.PathElement (sigs.k8s.io/structured-merge-diff): one step into an object — a struct or map field,
 * an associative-list item named by its key fields, a set item named by its value, or a list index — with
 * the ordering, the `String()` form used in conflict messages and the FieldsV1 key encoding
 * (`f:<name>`, `k:<json>`, `v:<json>`, `i:<index>`).
 */

/** One key field of an associative-list item: name and (scalar) value. */
export interface KeyField {
  /** Key field name, e.g. `containerPort`. */
  readonly name: string;
  /** Its value in the item. */
  readonly value: unknown;
}

/** One step of a field path. */
export type PathElement =
  | { readonly fieldName: string }
  | { readonly key: readonly KeyField[] }
  | { readonly value: unknown }
  | { readonly index: number };

/** A field path: the steps from the object root. */
export type FieldPathElements = readonly PathElement[];

/** Raised for a FieldsV1 key that is not a valid path element. */
export class PathElementError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'PathElementError';
  }
}

/** The order of path element kinds: field names, then keys, then values, then indexes. */
export function pathElementRank(pe: PathElement): number {
  if ('fieldName' in pe) return 0;
  if ('key' in pe) return 1;
  if ('value' in pe) return 2;
  return 3;
}

function typeRank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return 1;
  if (typeof v === 'string') return 2;
  if (typeof v === 'boolean') return 3;
  if (Array.isArray(v)) return 4;
  return 5;
}

/** Total order over JSON values (value.Compare's spirit: by type, then by content). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const ja = JSON.stringify(a);
  const jb = JSON.stringify(b);
  return ja < jb ? -1 : ja > jb ? 1 : 0;
}

function compareKeys(a: readonly KeyField[], b: readonly KeyField[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as KeyField;
    const y = b[i] as KeyField;
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    const c = compareValues(x.value, y.value);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** PathElement.Compare: field names first, then keys, values, indexes; each kind by its content. */
export function comparePathElements(a: PathElement, b: PathElement): number {
  const r = pathElementRank(a) - pathElementRank(b);
  if (r !== 0) return r;
  if ('fieldName' in a && 'fieldName' in b) return a.fieldName < b.fieldName ? -1 : a.fieldName > b.fieldName ? 1 : 0;
  if ('key' in a && 'key' in b) return compareKeys(a.key, b.key);
  if ('value' in a && 'value' in b) return compareValues(a.value, b.value);
  if ('index' in a && 'index' in b) return a.index - b.index;
  return 0;
}

function toStringValue(v: unknown): string {
  return JSON.stringify(v) ?? 'null';
}

/** PathElement.String(): `.name`, `[k1=v1,k2=v2]`, `[=value]`, `[i]`. */
export function pathElementString(pe: PathElement): string {
  if ('fieldName' in pe) return `.${pe.fieldName}`;
  if ('key' in pe) return `[${pe.key.map((k) => `${k.name}=${toStringValue(k.value)}`).join(',')}]`;
  if ('value' in pe) return `[=${toStringValue(pe.value)}]`;
  return `[${pe.index}]`;
}

/** Path.String(): the elements' strings joined, e.g. `.spec.containers[name="web"].image`. */
export function pathString(path: FieldPathElements): string {
  return path.map(pathElementString).join('');
}

/** The FieldsV1 key of a path element (serializePathElement). */
export function serializePathElement(pe: PathElement): string {
  if ('fieldName' in pe) return `f:${pe.fieldName}`;
  if ('key' in pe) {
    const obj: Record<string, unknown> = {};
    for (const k of pe.key) obj[k.name] = k.value;
    return `k:${JSON.stringify(obj)}`;
  }
  if ('value' in pe) return `v:${JSON.stringify(pe.value)}`;
  return `i:${pe.index}`;
}

function parseJSON(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new PathElementError(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Parses a FieldsV1 key (deserializePathElement). */
export function deserializePathElement(s: string): PathElement {
  const body = s.slice(2);
  switch (s.slice(0, 2)) {
    case 'f:':
      return { fieldName: body };
    case 'v:':
      return { value: parseJSON(body, 'invalid value path element') };
    case 'i:': {
      if (!/^-?\d+$/.test(body)) throw new PathElementError(`invalid index path element: ${JSON.stringify(s)}`);
      return { index: Number(body) };
    }
    case 'k:': {
      const obj = parseJSON(body, 'invalid key path element');
      if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
        throw new PathElementError(`invalid key path element: ${JSON.stringify(s)}`);
      }
      const key = Object.entries(obj as Record<string, unknown>).map(([name, value]) => ({ name, value }));
      key.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return { key };
    }
    default:
      throw new PathElementError(`unknown path element prefix in ${JSON.stringify(s)}`);
  }
}
