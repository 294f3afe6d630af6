/**
 * YAML to JSON values as sigs.k8s.io/yaml's `YAMLToJSON` does it (yaml.v2 into `interface{}`, then
 * `convertToJSONableObject`, then `json.Marshal`), with Go's limits and messages:
 * - string, number and bool keys become strings (floats as float32 `%g`: `1.5`, `1e+06`, `.inf`); a null key
 *   is `Unsupported map key of type: %!s(<nil>), key: <nil>, value: …`, a collection key yaml.v2's
 *   `yaml: invalid map key: …`;
 * - duplicate keys: the last wins, and each repeat is a strict-decoding error in yaml.v2's words
 *   (`line 3: key "a" already set in map`), detected with a Set per mapping (linear);
 * - `<<` merge keys as yaml.v2 applies them (in order, into the same mapping);
 * - aliases: yaml.v2's alias ratio limit (CVE-2019-11253, `yaml: document contains excessive aliasing`), an
 *   anchor inside its own value (`yaml: anchor 'a' value contains itself`), unknown anchors;
 * - nesting: at most MAX_NESTING_DEPTH levels, also through aliases (`yaml: exceeded max depth of N`);
 * - `!!binary` is Go's strict base64, timestamps stay text, `.inf`/`.nan` values are `json: unsupported value`.
 */
import { type Alias, isAlias, isMap, isScalar, isSeq, type LineCounter, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import { goBase64Error } from '../schema/go-base64.js';
import { goFormatFloat, goQuote, goSyntax } from './go-syntax.js';
import { MAX_NESTING_DEPTH } from './nesting-depth.js';
import { depthMessage, readFirstDocument, YAMLToJSONError } from './yaml-document.js';

export { YAMLToJSONError };

/** The JSON value of a YAML text and the errors a strict decode would add. */
export interface YAMLToJSONResult {
  /** The first document as a JSON value (null for an empty document). */
  readonly value: unknown;
  /** Go's `YAMLToJSONStrict` error (`yaml: unmarshal errors:\n  line 3: key "a" already set in map`), if any. */
  readonly strictErrors: readonly string[];
}

type Entry = Pair<unknown, unknown>;
type MapKey = { readonly text: string; readonly typed: string; readonly display: string } | { readonly text: null; readonly display: string };

const BINARY_TAG = 'tag:yaml.org,2002:binary';
const MERGE_TAG = 'tag:yaml.org,2002:merge';
const utf8 = new TextDecoder('utf-8');

/** yaml.v2's allowed share of alias-driven decodes: 99% up to 400 000 decodes, falling to 10% at 4 000 000. */
function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= 400_000) return 0.99;
  if (decodeCount >= 4_000_000) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - 400_000) / 3_600_000);
}

/** Go's `base64.StdEncoding.DecodeString` (line breaks ignored), read as Go's JSON encoder writes the bytes. */
function decodeBinary(text: string): string {
  if (goBase64Error(text) !== undefined) throw new YAMLToJSONError('yaml: !!binary value contains invalid base64 data');
  return utf8.decode(Buffer.from(text.replace(/[\r\n]/g, ''), 'base64'));
}

function isFloatText(source: string): boolean {
  return !/^[-+]?0x/i.test(source) && /[.eE]|inf|nan/i.test(source);
}

/** sigs.k8s.io/yaml's string form of a float key: float32 `%g`, `.inf`, `-.inf`, `.nan`. */
function floatKey(v: number): string {
  const text = goFormatFloat(v, 32);
  return text === '+Inf' ? '.inf' : text === '-Inf' ? '-.inf' : text === 'NaN' ? '.nan' : text;
}

function isMergeKey(key: unknown): boolean {
  if (!isScalar(key)) return false;
  return key.tag === MERGE_TAG || (key.tag === undefined && key.type === 'PLAIN' && key.value === '<<');
}

/** Own-property assignment, also for a `__proto__` key (a plain assignment would replace the prototype). */
function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  else out[key] = value;
}

class Converter {
  readonly #lines: LineCounter;
  readonly #max: number;
  readonly #anchors = new Map<string, Node>();
  readonly #expanding = new Set<Alias>();
  readonly duplicates: string[] = [];
  unsupportedKey: string | undefined;
  #decodeCount = 0;
  #aliasCount = 0;
  #aliasDepth = 0;

  constructor(lines: LineCounter, max: number) {
    this.#lines = lines;
    this.#max = max;
  }

  /** yaml.v2's count of decoded nodes and of those reached through an alias, with its ratio limit. */
  #count(): void {
    this.#decodeCount++;
    if (this.#aliasDepth > 0) this.#aliasCount++;
    if (this.#aliasCount > 100 && this.#decodeCount > 1000 && this.#aliasCount / this.#decodeCount > allowedAliasRatio(this.#decodeCount)) {
      throw new YAMLToJSONError('yaml: document contains excessive aliasing');
    }
  }

  /** The JSON value of a node at nesting `depth` (the number of collections around it). */
  value(node: unknown, depth: number): unknown {
    this.#count();
    if (node === null || node === undefined) return null;
    const n = node as Node;
    if (this.#aliasDepth === 0 && 'anchor' in n && typeof n.anchor === 'string' && n.anchor !== '') this.#anchors.set(n.anchor, n);
    if (isAlias(n)) return this.#expand(n, (target) => this.value(target, depth));
    if (isScalar(n)) return this.#scalar(n);
    if (depth >= this.#max) throw new YAMLToJSONError(depthMessage(this.#max));
    if (isSeq(n)) return n.items.map((item) => this.value(item, depth + 1));
    const out: Record<string, unknown> = {};
    if (isMap(n)) this.#mapInto(n as YAMLMap<unknown, unknown>, out, new Set(), depth + 1);
    return out;
  }

  /** Resolves an alias (counted as yaml.v2 does) and hands its target to `use`. */
  #expand<T>(alias: Alias, use: (target: Node) => T): T {
    const target = this.#anchors.get(alias.source);
    if (target === undefined) throw new YAMLToJSONError(`yaml: unknown anchor '${alias.source}' referenced`);
    if (this.#expanding.has(alias)) throw new YAMLToJSONError(`yaml: anchor '${alias.source}' value contains itself`);
    this.#expanding.add(alias);
    this.#aliasDepth++;
    try {
      return use(target);
    } finally {
      this.#aliasDepth--;
      this.#expanding.delete(alias);
    }
  }

  #scalar(node: Scalar): unknown {
    const v = node.value;
    if (node.tag === BINARY_TAG) return decodeBinary(String(v));
    if (typeof v === 'number' && !Number.isFinite(v)) throw new YAMLToJSONError(`json: unsupported value: ${goFormatFloat(v)}`);
    return v ?? null;
  }

  #mapInto(node: YAMLMap<unknown, unknown>, out: Record<string, unknown>, seen: Set<string>, childDepth: number): void {
    for (const pair of node.items) {
      if (isMergeKey(pair.key)) {
        this.#count();
        this.#merge(pair.value, out, seen, childDepth);
        continue;
      }
      const key = this.#key(pair.key, childDepth);
      const value = this.value(pair.value, childDepth);
      if (key.text === null) {
        this.unsupportedKey ??= `Unsupported map key of type: %!s(<nil>), key: <nil>, value: ${goSyntax(value)}`;
        continue;
      }
      if (seen.has(key.typed)) this.duplicates.push(`line ${this.#lineOf(pair)}: key ${key.display} already set in map`);
      seen.add(key.typed);
      setKey(out, key.text, value);
    }
  }

  /** yaml.v2's merge: a mapping, an alias of one, or a sequence of them applied last to first. */
  #merge(value: unknown, out: Record<string, unknown>, seen: Set<string>, childDepth: number): void {
    const into = (node: unknown): void => {
      this.#count();
      if (isMap(node)) this.#mapInto(node as YAMLMap<unknown, unknown>, out, seen, childDepth);
      else if (isAlias(node)) this.#expand(node, into);
      else wrong();
    };
    const wrong = (): never => {
      throw new YAMLToJSONError('yaml: map merge requires map or sequence of maps as the value');
    };
    if (isSeq(value)) for (let i = value.items.length - 1; i >= 0; i--) into(value.items[i]);
    else into(value);
  }

  /** A mapping key as sigs.k8s.io/yaml turns it into a JSON key. */
  #key(node: unknown, depth: number): MapKey {
    if (isAlias(node)) {
      this.#count();
      return this.#expand(node, (target) => this.#key(target, depth));
    }
    if (!isScalar(node)) {
      const value = this.value(node, depth);
      throw new YAMLToJSONError(`yaml: invalid map key: ${goSyntax(value)}`);
    }
    this.#count();
    if (this.#aliasDepth === 0 && typeof node.anchor === 'string' && node.anchor !== '') this.#anchors.set(node.anchor, node);
    const v = node.tag === BINARY_TAG ? decodeBinary(String(node.value)) : node.value;
    if (typeof v === 'string') return { text: v, typed: `s${v}`, display: goQuote(v) };
    if (typeof v === 'boolean') return { text: String(v), typed: `b${v}`, display: String(v) };
    if (typeof v === 'number' && isFloatText(node.source ?? '')) return { text: floatKey(v), typed: `f${v}`, display: goFormatFloat(v) };
    if (typeof v === 'number' || typeof v === 'bigint') return { text: String(v), typed: `i${v}`, display: String(v) };
    return { text: null, display: '<nil>' };
  }

  #lineOf(pair: Entry): number {
    const node = (pair.value ?? pair.key) as Node | null;
    return this.#lines.linePos(node?.range?.[0] ?? 0).line;
  }
}

/**
 * Converts the first YAML document of `text` into a JSON value as sigs.k8s.io/yaml does (non-strict: the last
 * of duplicate keys wins; `strictErrors` holds what `YAMLToJSONStrict` would report). Throws YAMLToJSONError
 * with Go's message for what Go refuses.
 */
export function yamlToJSON(text: string, max = MAX_NESTING_DEPTH): YAMLToJSONResult {
  const { doc, lines } = readFirstDocument(text, max);
  const [syntax] = doc.errors;
  if (syntax !== undefined) {
    const line = lines.linePos(syntax.pos[0]).line;
    throw new YAMLToJSONError(`yaml: line ${line}: ${syntax.message.split('\n')[0]}`);
  }
  const converter = new Converter(lines, max);
  const value = converter.value(doc.contents, 0);
  if (converter.unsupportedKey !== undefined) throw new YAMLToJSONError(converter.unsupportedKey);
  const strictErrors = converter.duplicates.length === 0 ? [] : [`yaml: unmarshal errors:\n  ${converter.duplicates.join('\n  ')}`];
  return { value, strictErrors };
}
