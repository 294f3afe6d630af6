/**
 * YAML as kube-apiserver writes it: the Go JSON form converted to YAML with keys sorted (sigs.k8s.io/yaml
 * goes through a map), block style, two-space indentation. Both directions use YAML 1.1 rules, as Go's
 * yaml.v2 does: strings such as `yes`, `on` or `0777` are quoted on output and read as bool/int on input.
 */
import YAML from 'yaml';
import type { KubeObject, Scheme } from '../runtime/scheme.js';
import { DecodeError } from '../runtime/scheme-errors.js';
import { setOwnProperty } from '../schema/own-property.js';
import { isRecord } from './go-json.js';
import { errorText, shapeObject } from './json.js';
import { MAX_NESTING_DEPTH, nestsDeeperThan } from './nesting-depth.js';
import type { Serializer } from './serializer.js';

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isRecord(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) setOwnProperty(out, k, sortKeys(v[k]));
  return out;
}

/** The `application/yaml` serializer. */
export class YAMLSerializer implements Serializer {
  /** `application/yaml`. */
  readonly mediaType = 'application/yaml';
  /** YAML is text. */
  readonly binary = false;
  readonly #scheme: Scheme;

  /** Creates a YAML serializer shaping registered kinds with the scheme's schemas. */
  constructor(scheme: Scheme) {
    this.#scheme = scheme;
  }

  /** Encodes an object to a YAML string. */
  encodeToString(obj: KubeObject): string {
    const shaped = JSON.parse(JSON.stringify(shapeObject(this.#scheme, obj)));
    return YAML.stringify(sortKeys(shaped), { version: '1.1', indent: 2, lineWidth: 0, aliasDuplicateObjects: false });
  }

  /** Encodes an object to UTF-8 YAML bytes. */
  encode(obj: KubeObject): Uint8Array {
    return utf8.encode(this.encodeToString(obj));
  }

  /** Decodes one YAML document into an object; throws DecodeError on bad YAML or a non-object. */
  decode(data: Uint8Array): KubeObject {
    let value: unknown;
    try {
      const doc = YAML.parseDocument(fromUtf8.decode(data), { uniqueKeys: true, version: '1.1' });
      if (doc.errors.length > 0) throw doc.errors[0];
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (err) {
      // The parser recurses per level: a document nested past the stack is a depth error, as in yaml.v2.
      const text = err instanceof RangeError || /Maximum call stack size exceeded/.test(errorText(err)) ? `yaml: exceeded max depth of ${MAX_NESTING_DEPTH}` : errorText(err);
      throw new DecodeError(`error converting YAML to JSON: ${text}`, { cause: err });
    }
    if (nestsDeeperThan(value)) throw new DecodeError(`error converting YAML to JSON: yaml: exceeded max depth of ${MAX_NESTING_DEPTH}`);
    if (!isRecord(value)) throw new DecodeError('error converting YAML to JSON: the document is not an object');
    return value;
  }
}
