/**
 * Field validation (`fieldValidation=Strict|Warn|Ignore`): duplicate fields found by scanning the JSON text
 * (the strict decoder of sigs.k8s.io/json reports them, with unknown fields from runtime's
 * `findUnknownFields`); whatever the directive, unknown fields of a built-in kind are then dropped, as Go's
 * decoder into structs does.
 */
import { type KubeObject, pruneUnknownFields, type Scheme } from '@apiserver/runtime';
import type { TSchema } from 'typebox';

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/** Dotted paths of keys that appear twice in one JSON object of an already-valid JSON text. */
export function duplicateFields(text: string): string[] {
  const found: string[] = [];
  const stack: { keys: Set<string>; path: string; index: number; isArray: boolean; key: string }[] = [];
  let i = 0;
  const readString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return String(JSON.parse(text.slice(start, i)));
  };
  const childPath = (): string => {
    const top = stack.at(-1);
    if (top === undefined) return '';
    return top.isArray ? `${top.path}[${top.index}]` : join(top.path, top.key);
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const s = readString();
      const top = stack.at(-1);
      let j = i;
      while (j < text.length && /\s/.test(text[j] ?? '')) j++;
      if (top !== undefined && !top.isArray && text[j] === ':') {
        if (top.keys.has(s)) found.push(join(top.path, s));
        top.keys.add(s);
        top.key = s;
      }
      continue;
    }
    if (c === '{' || c === '[') stack.push({ keys: new Set(), path: childPath(), index: 0, isArray: c === '[', key: '' });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack.at(-1);
      if (top?.isArray) top.index++;
    }
    i++;
  }
  return found;
}

/**
 * `obj` without the fields its kind's schema does not declare when the scheme knows the kind (a typed Go object
 * cannot hold them); objects of kinds outside the scheme are kept as they are.
 */
export function dropUnknownFields<T extends KubeObject>(scheme: Scheme, kind: Parameters<Scheme['recognizes']>[0], schema: TSchema | undefined, obj: T): T {
  if (schema === undefined || !scheme.recognizes(kind)) return obj;
  return pruneUnknownFields(schema, obj) as T;
}
