/**
 * A rule's `fieldPath` (`ValidFieldPath`): a relative JSON path of `.name` and `['name']` steps
 * that must name an existing property (or a key of a map), normalized into the field path that
 * is appended to the node's path in the error (`.spec['a.b']` → `spec[a.b]`).
 *
 * @module
 */
import type { Structural } from '../structural-schema.js';

/**
 * A valid path (`path`, without a leading dot; `steps`, the property names and map keys it goes through; `schema`,
 * the node it ends at) or why it is not (`error`).
 */
export type FieldPathResult =
  | { readonly path: string; readonly steps: readonly string[]; readonly schema: Structural | undefined }
  | { readonly error: string };

/** How {@link validFieldPath} reads a path. */
export interface FieldPathOptions {
  /** Whether `['name']` steps are allowed (default true; selectable fields allow only `.name` steps). */
  readonly allowArrayNotation?: boolean;
}

const ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', "'": "'", '\\': '\\' };

function tokenize(jsonPath: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < jsonPath.length) {
    const ch = jsonPath[i] as string;
    if (ch === '.' || ch === '[' || ch === ']') {
      tokens.push(ch);
      i++;
      continue;
    }
    let j = i + 1;
    if (ch === "'") {
      while (j < jsonPath.length && !(jsonPath[j] === "'" && jsonPath[j - 1] !== '\\')) j++;
      j = Math.min(j + 1, jsonPath.length);
    } else {
      while (j < jsonPath.length && !'.[]'.includes(jsonPath[j] as string)) j++;
    }
    tokens.push(jsonPath.slice(i, j));
    i = j;
  }
  return tokens;
}

function unquote(token: string): string {
  if (token.length < 2 || !token.startsWith("'") || !token.endsWith("'")) throw new Error(`expected single quoted string but got ${token}`);
  return token.slice(1, -1).replace(/\\(.)/g, (m, c: string) => {
    const e = ESCAPES[c];
    if (e === undefined) throw new Error(`invalid string literal: invalid escape char ${m}`);
    return e;
  });
}

/** Validates `jsonPath` against node `s` and normalizes it. */
export function validFieldPath(jsonPath: string, s: Structural, options: FieldPathOptions = {}): FieldPathResult {
  let node: Structural | undefined = s;
  let path = '';
  const steps: string[] = [];
  const step = (name: string): void => {
    steps.push(name);
    if (node?.properties !== undefined) {
      path += path === '' ? name : `.${name}`;
      node = node.properties.get(name);
      if (node === undefined) throw new Error('does not refer to a valid field');
    } else if (node?.generic.additionalProperties !== undefined) {
      path += `[${name}]`;
      node = node.generic.additionalProperties.structural;
    } else {
      throw new Error('does not refer to a valid field');
    }
  };
  try {
    const tokens = tokenize(jsonPath);
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i];
      if (tok === '.') {
        if (i + 1 >= tokens.length) throw new Error('unexpected end of JSON path');
        step(tokens[++i] as string);
      } else if (tok === '[') {
        if (options.allowArrayNotation === false) throw new Error('array notation is not allowed');
        if (i + 2 >= tokens.length) throw new Error('unexpected end of JSON path');
        step(unquote(tokens[++i] as string));
        if (tokens[++i] !== ']') throw new Error(`expected ] but got ${tokens[i]}`);
      } else {
        throw new Error(`expected [ or . but got: ${tok}`);
      }
    }
  } catch (err) {
    return { error: (err as Error).message };
  }
  return { path, steps, schema: node };
}
