/**
 * Field validation (`fieldValidation=Strict|Warn|Ignore`): unknown fields found by walking the kind's schema,
 * duplicate fields found by scanning the JSON text (the strict decoder of sigs.k8s.io/json does both).
 */
import { itemsOf, mapValueOf, propertiesOf } from '@apiserver/runtime';
import type { TSchema } from 'typebox';

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Dotted paths of fields the schema does not declare (`spec.foo`, `spec.items[0].bar`). */
export function unknownFields(schema: TSchema, value: unknown, path = ''): string[] {
  const props = propertiesOf(schema);
  if (props !== undefined && isRecord(value)) {
    return Object.entries(value).flatMap(([key, child]) => {
      const childSchema = props[key];
      return childSchema === undefined ? [join(path, key)] : unknownFields(childSchema, child, join(path, key));
    });
  }
  const values = mapValueOf(schema);
  if (values !== undefined && isRecord(value)) {
    return Object.entries(value).flatMap(([key, child]) => unknownFields(values, child, join(path, key)));
  }
  const items = itemsOf(schema);
  if (items !== undefined && Array.isArray(value)) {
    return value.flatMap((child, i) => unknownFields(items, child, `${path}[${i}]`));
  }
  return [];
}

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
