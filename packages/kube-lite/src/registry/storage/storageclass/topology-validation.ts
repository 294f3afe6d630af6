/**
 * `allowedTopologies` validation (pkg/apis/storage/validation `validateAllowedTopologies` with
 * pkg/apis/core/validation `ValidateTopologySelectorTerm`): each requirement needs values, without duplicate
 * values or keys, a valid label key, and no two terms may select the same key/value sets.
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate, fieldRequired, validateLabelName } from '@apiserver/runtime';
import { type JSONRecord, recordsAt, stringAt, stringsAt } from '../../../object-fields.js';

/** A term as key → sorted values (what two terms are compared by). */
type TermSets = Map<string, string[]>;

function validateTerm(term: JSONRecord, path: FieldPath): { sets: TermSets; errs: FieldError[] } {
  const sets: TermSets = new Map();
  const errs: FieldError[] = [];
  recordsAt(term, 'matchLabelExpressions').forEach((req, i) => {
    const p = path.child('matchLabelExpressions').index(i);
    const values = stringsAt(req, 'values');
    if (values.length === 0) errs.push(fieldRequired(p.child('values'), ''));
    const seen = new Set<string>();
    values.forEach((v, j) => {
      if (seen.has(v)) errs.push(fieldDuplicate(p.child('values').index(j), v));
      seen.add(v);
    });
    const key = stringAt(req, 'key');
    errs.push(...validateLabelName(key, p.child('key')));
    if (sets.has(key)) errs.push(fieldDuplicate(p.child('key'), key));
    sets.set(key, [...seen].sort());
  });
  return { sets, errs };
}

function sameSets(a: TermSets, b: TermSets): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined || w.join('\0') !== v.join('\0')) return false;
  }
  return true;
}

/** Validates `allowedTopologies` at `path`. */
export function validateAllowedTopologies(terms: JSONRecord[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const earlier: TermSets[] = [];
  terms.forEach((term, i) => {
    const { sets, errs: termErrs } = validateTerm(term, path.index(i));
    errs.push(...termErrs);
    for (const other of earlier) if (sameSets(sets, other)) errs.push(fieldDuplicate(path.index(i).child('matchLabelExpressions'), ''));
    earlier.push(sets);
  });
  return errs;
}
