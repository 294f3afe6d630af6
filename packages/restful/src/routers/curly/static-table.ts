import type { RequestTokens } from './request-tokens.js';

interface StaticEdge<N> {
  readonly label: string;
  /** The label's character codes. */
  readonly codes: Int32Array;
  readonly first: number;
  readonly last: number;
  readonly node: N;
}

/** Labels of one length: a few are scanned; more are split on their most telling character position. */
type Bucket<N> =
  | { readonly kind: 'scan'; readonly edges: readonly StaticEdge<N>[] }
  | { readonly kind: 'split'; readonly position: number; readonly children: ReadonlyArray<Bucket<N> | undefined>; readonly wide: ReadonlyMap<number, Bucket<N>> };

/** Character codes below this index an array (an indexed load instead of a Map lookup); others a Map. */
const ASCII = 128;

const SCAN_LIMIT = 4;

function buildBucket<N>(edges: readonly StaticEdge<N>[]): Bucket<N> {
  if (edges.length <= SCAN_LIMIT) return { kind: 'scan', edges };
  const length = edges[0]?.label.length ?? 0;
  let position = 0;
  let best = 0;
  for (let p = 0; p < length; p++) {
    const distinct = new Set(edges.map((edge) => edge.label.charCodeAt(p))).size;
    if (distinct > best) {
      best = distinct;
      position = p;
    }
  }
  const groups = new Map<number, StaticEdge<N>[]>();
  for (const edge of edges) {
    const code = edge.label.charCodeAt(position);
    const group = groups.get(code);
    if (group === undefined) groups.set(code, [edge]);
    else group.push(edge);
  }
  const children: (Bucket<N> | undefined)[] = new Array<Bucket<N> | undefined>(ASCII).fill(undefined);
  const wide = new Map<number, Bucket<N>>();
  for (const [code, group] of groups) {
    if (code < ASCII) children[code] = buildBucket(group);
    else wide.set(code, buildBucket(group));
  }
  return { kind: 'split', position, children, wide };
}

/** The UTF-16 code units of `text` (not its code points: request text is compared unit by unit). */
function charCodes(text: string): Int32Array {
  const codes = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return codes;
}

/**
 * Whether the text of `path` at `start` equals the label whose character codes are
 * `codes` (the caller compared the length and the first and last characters). The
 * label side is a typed array load, so each character costs one `charCodeAt`: a
 * builtin call (`startsWith` with a position) or a second `charCodeAt` cost more.
 */
function sameText(path: string, start: number, codes: Int32Array): boolean {
  const last = codes.length - 1;
  for (let k = 1; k < last; k++) if (path.charCodeAt(start + k) !== codes[k]) return false;
  return true;
}

/**
 * The static children of a trie node, found by comparing the request text in place
 * (the request token is never sliced or hashed): labels are grouped by length, and a
 * length with many labels (e.g. 100 `syntheticNN.example.com` groups) is split on the
 * character position that tells them apart best, recursively, down to a few labels
 * compared by first/last character and `startsWith`.
 */
export class StaticTable<N> {
  readonly #labels = new Map<string, N>();
  /** Buckets by label length (sparse; lengths are short); rebuilt when a label is added. */
  #byLength: (Bucket<N> | undefined)[] = [];

  /** The number of children. */
  get size(): number {
    return this.#labels.size;
  }

  /** The child for `label`, if any (build time). */
  get(label: string): N | undefined {
    return this.#labels.get(label);
  }

  /** Adds a child (the label must not be present). Build time only. */
  set(label: string, node: N): void {
    this.#labels.set(label, node);
    const sameLength: StaticEdge<N>[] = [];
    for (const [each, eachNode] of this.#labels) {
      if (each.length === label.length) sameLength.push({ label: each, codes: charCodes(each), first: each.charCodeAt(0), last: each.charCodeAt(each.length - 1), node: eachNode });
    }
    this.#byLength[label.length] = buildBucket(sameLength);
  }

  /** The child whose label equals request token i, if any. */
  find(tokens: RequestTokens, i: number): N | undefined {
    const start = tokens.bounds[2 * i] as number;
    const length = (tokens.bounds[2 * i + 1] as number) - start;
    let bucket = this.#byLength[length];
    const path = tokens.path;
    while (bucket !== undefined && bucket.kind === 'split') {
      const code = path.charCodeAt(start + bucket.position);
      bucket = code < ASCII ? bucket.children[code] : bucket.wide.get(code);
    }
    if (bucket === undefined) return undefined;
    const edges = bucket.edges;
    if (length === 0) return edges[0]?.node;
    const first = path.charCodeAt(start);
    const last = path.charCodeAt(start + length - 1);
    for (let e = 0; e < edges.length; e++) {
      const edge = edges[e] as StaticEdge<N>;
      if (edge.first === first && edge.last === last && sameText(path, start, edge.codes)) return edge.node;
    }
    return undefined;
  }
}
