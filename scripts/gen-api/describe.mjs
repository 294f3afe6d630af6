/**
 * Descriptions of generated types and fields: the hand-written description where the runtime had one
 * (descriptions.json), otherwise a short sentence saying only what the definitions state (type, pointer,
 * list semantics, enum values).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const HAND = JSON.parse(readFileSync(join(here, 'descriptions.json'), 'utf8'));

const SCALAR = {
  string: 'A string',
  bool: 'A boolean',
  int32: 'A 32-bit integer',
  int64: 'A 64-bit integer',
  float64: 'A floating-point number',
  bytes: 'Base64-encoded bytes',
};

/** A noun phrase for a shape: `PodSpec`, `string`, `list of Container`. */
function noun(shape) {
  switch (shape.k) {
    case 'struct':
      return shape.name;
    case 'external':
      return shape.name;
    case 'array':
      return `list of ${noun(shape.items)}`;
    case 'map':
      return `map of string to ${noun(shape.value)}`;
    case 'string':
      return shape.named ?? 'string';
    default:
      return shape.k;
  }
}

function listPhrase(f) {
  const { listType, listMapKeys } = f.facts;
  if (listType === 'map') return `, map keyed by ${(listMapKeys ?? []).join(' and ')}`;
  if (listType === 'set') return ', a set';
  if (listType === 'atomic') return ', replaced as a whole';
  return '';
}

function generatedFieldDescription(f) {
  const s = f.shape;
  if (s.k === 'string' && s.enum !== undefined && s.enum.length > 0) return `${s.named}: one of ${s.enum.map((v) => (v === '' ? '""' : v)).join(', ')}.`;
  if (s.k === 'array') return `List of ${noun(s.items)}${listPhrase(f)}.`;
  if (s.k === 'map') return `Map of string to ${noun(s.value)}${f.facts.mapType === 'atomic' ? ', replaced as a whole' : ''}.`;
  if (f.pointer) return `Pointer to ${noun(s)}.`;
  if (s.k === 'struct' || s.k === 'external') return `A ${noun(s)}.`;
  if (s.k === 'string' && s.named !== undefined) return `A ${s.named} string.`;
  return `${SCALAR[s.k]}.`;
}

/** Description of field `f` of type `typeName` (an OpenAPI definition name). */
export function fieldDescription(typeName, f) {
  return HAND[typeName]?.[f.json] ?? generatedFieldDescription(f);
}

/** Description of a struct (kind, list kind or plain struct). */
export function typeDescription(typeName, gv, s) {
  const hand = HAND[typeName]?.[''];
  if (hand !== undefined) return hand;
  if (s.kind !== undefined && s.name.endsWith('List')) return `A list of ${s.name.slice(0, -4)} (${gv}).`;
  if (s.kind !== undefined) return `The ${s.name} kind of ${gv}.`;
  return `The ${s.name} type of ${gv}.`;
}
