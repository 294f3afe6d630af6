/**
 * The FieldsV1 encoding of a field set (fieldpath/serialize.go): a JSON trie whose keys are serialized path
 * elements; `{}` marks a member, `".": {}` marks a node that is both a member and has children.
 */
import { cheapStepDue, type SlicedPass } from '../runtime/time-slice.js';
import { FieldSet } from './field-set.js';
import { deserializePathElement, type PathElement, serializePathElement } from './path-element.js';

/** A FieldsV1 document (JSON object). */
export type FieldsV1 = Record<string, unknown>;

/** Raised for a FieldsV1 document that is not a valid field set. */
export class FieldsV1Error extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'FieldsV1Error';
  }
}

function emit(set: FieldSet, includeSelf: boolean): FieldsV1 {
  const out: FieldsV1 = {};
  const elements = set.elements();
  if (includeSelf && elements.length > 0) out['.'] = {};
  for (const { id, member, child } of elements) out[id] = child === undefined ? {} : emit(child, member);
  return out;
}

/** Encodes a field set as FieldsV1. */
export function setToFieldsV1(set: FieldSet): FieldsV1 {
  return emit(set, false);
}

function* emitSteps(set: FieldSet, includeSelf: boolean): SlicedPass<FieldsV1> {
  const out: FieldsV1 = {};
  const elements = yield* set.elementsSteps();
  if (includeSelf && elements.length > 0) out['.'] = {};
  for (const { id, member, child } of elements) {
    out[id] = child === undefined ? {} : yield* emitSteps(child, member);
    if (cheapStepDue()) yield;
  }
  return out;
}

/** {@link setToFieldsV1} as a sliced pass: the same document, yield points after each element sorted and written. */
export function setToFieldsV1Steps(set: FieldSet): SlicedPass<FieldsV1> {
  return emitSteps(set, false);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function read(doc: Record<string, unknown>, into: FieldSet): void {
  for (const [key, value] of Object.entries(doc)) {
    if (key === '.') continue;
    if (!isObject(value)) throw new FieldsV1Error(`expected an object for ${JSON.stringify(key)}`);
    let pe: PathElement;
    try {
      pe = deserializePathElement(key);
    } catch (err) {
      throw new FieldsV1Error(err instanceof Error ? err.message : String(err));
    }
    const entries = Object.keys(value);
    if (entries.length === 0 || '.' in value) into.insertMember(pe);
    if (entries.some((k) => k !== '.')) read(value, into.childFor(serializePathElement(pe), pe));
  }
}

/** Decodes a FieldsV1 document into a field set. */
export function fieldsV1ToSet(doc: unknown): FieldSet {
  if (!isObject(doc)) throw new FieldsV1Error('FieldsV1 must be a JSON object');
  const set = new FieldSet();
  read(doc, set);
  return set;
}
