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
import { interpretKindFields } from './interpret-kind.js';
import { errorText, servedObject, shapeObject } from './json.js';
import type { Serializer } from './serializer.js';
import { YAMLDecodeThreadError, yamlToJSONAsync } from './yaml-decode-thread.js';
import { type YAMLToJSONResult, yamlToJSON } from './yaml-to-json.js';

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
    const shaped = JSON.parse(JSON.stringify(shapeObject(this.#scheme, servedObject(this.#scheme, obj))));
    return YAML.stringify(sortKeys(shaped), { version: '1.1', indent: 2, lineWidth: 0, aliasDuplicateObjects: false });
  }

  /** Encodes an object to UTF-8 YAML bytes. */
  encode(obj: KubeObject): Uint8Array {
    return utf8.encode(this.encodeToString(obj));
  }

  /**
   * Decodes the first YAML document into an object as kube-apiserver does (sigs.k8s.io/yaml `YAMLToJSON`,
   * non-strict: the last of duplicate keys wins); throws DecodeError with Go's message for bad YAML or a
   * non-object. Nesting, aliases and key types are bounded before any recursion (see yaml-to-json.ts).
   */
  decode(data: Uint8Array): KubeObject {
    return this.decodeStrict(data).object;
  }

  /**
   * Decodes like {@link decode} and returns what a strict decode (`fieldValidation=Strict|Warn`) adds: Go's
   * `YAMLToJSONStrict` error for duplicate keys (`yaml: unmarshal errors:\n  line 3: key "a" already set in map`).
   */
  decodeStrict(data: Uint8Array): { object: KubeObject; strictErrors: readonly string[] } {
    let result: YAMLToJSONResult;
    try {
      result = yamlToJSON(fromUtf8.decode(data));
    } catch (err) {
      throw new DecodeError(errorText(err), { cause: err });
    }
    return objectOf(result);
  }

  /**
   * {@link decode} without holding the event loop: a large body is converted in the YAML decoding thread (see
   * yaml-decode-thread.ts). Same object and DecodeErrors.
   */
  async decodeAsync(data: Uint8Array): Promise<KubeObject> {
    return (await this.decodeStrictAsync(data)).object;
  }

  /**
   * {@link decodeStrict} without holding the event loop: a large body is converted in the YAML decoding thread.
   * Same object, strict errors and DecodeErrors; a failure of the thread itself is not a DecodeError.
   */
  async decodeStrictAsync(data: Uint8Array): Promise<{ object: KubeObject; strictErrors: readonly string[] }> {
    let result: YAMLToJSONResult;
    try {
      result = await yamlToJSONAsync(fromUtf8.decode(data));
    } catch (err) {
      if (err instanceof YAMLDecodeThreadError) throw err;
      throw new DecodeError(errorText(err), { cause: err });
    }
    return objectOf(result);
  }
}

function objectOf(result: YAMLToJSONResult): { object: KubeObject; strictErrors: readonly string[] } {
  if (!isRecord(result.value)) throw new DecodeError('error converting YAML to JSON: the document is not an object');
  interpretKindFields(result.value);
  return { object: result.value, strictErrors: result.strictErrors };
}
