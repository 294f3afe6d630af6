/**
 * Field selectors (`fields.Selector`): an AND of `field=value` / `field!=value` terms over
 * a flat set of field values such as `metadata.name` or `status.phase`.
 *
 * @module
 */
import { newBadRequest } from '../errors/factories.js';
import type { StatusError } from '../errors/status-error.js';
import { compareCodePoints } from '../labels/byte-order.js';
import type { SetMatcher } from '../labels/set-matcher.js';
import { escapeFieldValue, FieldSelectorSyntaxError, unescapeFieldValue } from './escape.js';

/** One field requirement: `=` (equals) or `!=` (not equals). */
export interface FieldRequirement {
  /** The field name, e.g. `metadata.name`. */
  readonly field: string;
  /** `=` or `!=`. */
  readonly operator: '=' | '!=';
  /** The unescaped value. */
  readonly value: string;
}

/**
 * Rewrites a term's field and value (`fields.TransformFunc`), e.g. to map a versioned field
 * label to an internal one. Returning an empty field and value drops the term; throwing
 * aborts (use a StatusError to choose the response).
 */
export type FieldTransformFunc = (field: string, value: string) => readonly [field: string, value: string];

const termString = (t: FieldRequirement): string => `${t.field}${t.operator}${escapeFieldValue(t.value)}`;

/** A field selector; immutable. Parse one with {@link parseFieldSelector}. */
export class FieldsSelector implements SetMatcher {
  static readonly #EVERYTHING = new FieldsSelector([], false);
  static readonly #NOTHING = new FieldsSelector([], true);

  readonly #terms: readonly FieldRequirement[];
  readonly #nothing: boolean;

  private constructor(terms: readonly FieldRequirement[], nothing: boolean) {
    this.#terms = Object.freeze(terms.map((t) => Object.freeze({ ...t })));
    this.#nothing = nothing;
  }

  /** The selector matching everything (`fields.Everything()`). */
  static everything(): FieldsSelector {
    return FieldsSelector.#EVERYTHING;
  }

  /** The selector matching nothing (`fields.Nothing()`); its text is `''`. */
  static nothing(): FieldsSelector {
    return FieldsSelector.#NOTHING;
  }

  /** A selector of the given terms, in the given order. */
  static of(terms: readonly FieldRequirement[]): FieldsSelector {
    return new FieldsSelector(terms, false);
  }

  /** `field=value` (`OneTermEqualSelector`). */
  static oneTermEqual(field: string, value: string): FieldsSelector {
    return FieldsSelector.of([{ field, operator: '=', value }]);
  }

  /** `field!=value` (`OneTermNotEqualSelector`). */
  static oneTermNotEqual(field: string, value: string): FieldsSelector {
    return FieldsSelector.of([{ field, operator: '!=', value }]);
  }

  /** The AND of several selectors (`AndSelectors`); any `nothing` makes the result `nothing`. */
  static and(...selectors: FieldsSelector[]): FieldsSelector {
    if (selectors.some((s) => s.#nothing)) return FieldsSelector.#NOTHING;
    return FieldsSelector.of(selectors.flatMap((s) => s.#terms));
  }

  /** The terms (`Requirements()`), in selector order. */
  requirements(): readonly FieldRequirement[] {
    return this.#terms;
  }

  /** True when every term holds; a missing field reads as `''`, as upstream `Fields.Get`. */
  matches(fields: Readonly<Record<string, string>>): boolean {
    if (this.#nothing) return false;
    return this.#terms.every((t) => {
      const actual = Object.hasOwn(fields, t.field) ? fields[t.field] : '';
      return t.operator === '=' ? actual === t.value : actual !== t.value;
    });
  }

  /** True when the selector restricts nothing. */
  isEmpty(): boolean {
    return !this.#nothing && this.#terms.length === 0;
  }

  /** The value `field` must equal for a match, if a `=` term pins it (`RequiresExactMatch`). */
  requiresExactMatch(field: string): string | undefined {
    return this.#terms.find((t) => t.operator === '=' && t.field === field)?.value;
  }

  /** Applies `fn` to every term (`Transform`); terms mapped to an empty field and value are dropped. */
  transform(fn: FieldTransformFunc): FieldsSelector {
    if (this.#nothing) return this;
    const next: FieldRequirement[] = [];
    for (const t of this.#terms) {
      const [field, value] = fn(t.field, t.value);
      if (field !== '' || value !== '') next.push({ field, operator: t.operator, value });
    }
    return FieldsSelector.of(next);
  }

  /** The text form: terms joined by `,`, values escaped. */
  toString(): string {
    return this.#terms.map(termString).join(',');
  }
}

/** Splits on commas not escaped by a backslash, keeping escapes (`splitTerms`). */
function splitTerms(selector: string): string[] {
  if (selector === '') return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

/** Splits a term at the first `!=`, `==` or `=` (`splitTerm`); the field part has no escaping. */
function splitTerm(term: string): [string, '=' | '!=', string] | undefined {
  for (let i = 0; i < term.length; i++) {
    if (term.startsWith('!=', i)) return [term.slice(0, i), '!=', term.slice(i + 2)];
    if (term.startsWith('==', i)) return [term.slice(0, i), '=', term.slice(i + 2)];
    if (term[i] === '=') return [term.slice(0, i), '=', term.slice(i + 1)];
  }
  return undefined;
}

function parseTerms(selector: string): FieldRequirement[] {
  const parts = splitTerms(selector).sort(compareCodePoints);
  const terms: FieldRequirement[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const split = splitTerm(part);
    if (split === undefined) {
      throw new FieldSelectorSyntaxError(`invalid selector: '${selector}'; can't understand '${part}'`);
    }
    const [field, operator, raw] = split;
    terms.push({ field, operator, value: unescapeFieldValue(raw) });
  }
  return terms;
}

/**
 * Parses a field selector (`fields.ParseSelector`): `metadata.name=foo,status.phase!=Running`.
 * Terms are sorted by their text, so `toString()` is canonical. Invalid input throws a
 * BadRequest {@link StatusError}.
 */
export function parseFieldSelector(selector: string): FieldsSelector {
  try {
    return FieldsSelector.of(parseTerms(selector));
  } catch (e) {
    if (e instanceof FieldSelectorSyntaxError) throw newBadRequest(e.message);
    throw e;
  }
}

/** Parses and transforms a field selector in one step (`ParseAndTransformSelector`). */
export function parseAndTransformFieldSelector(selector: string, fn: FieldTransformFunc): FieldsSelector {
  return parseFieldSelector(selector).transform(fn);
}

/** A selector matching exactly the given fields (`fields.SelectorFromSet`), sorted by field. */
export function fieldSelectorFromSet(set: Readonly<Record<string, string>>): FieldsSelector {
  const terms = Object.entries(set)
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([field, value]): FieldRequirement => ({ field, operator: '=', value }));
  return FieldsSelector.of(terms);
}
