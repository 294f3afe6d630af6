/**
 * Label selectors (`labels.Selector`): an AND of requirements, sorted by key, plus the
 * `everything` and `nothing` selectors.
 *
 * @module
 */
import { newBadRequest } from '../errors/factories.js';
import type { StatusError } from '../errors/status-error.js';
import { compareCodePoints } from './byte-order.js';
import { parseRequirements, parseRequirementsInOrder, SelectorParseError } from './parser.js';
import { newRequirement, Requirement } from './requirement.js';
import type { SetMatcher } from './set-matcher.js';

/** A label selector; immutable. Parse one with {@link parseLabelSelector}. */
export class LabelsSelector implements SetMatcher {
  static readonly #EVERYTHING = new LabelsSelector([], false);
  static readonly #NOTHING = new LabelsSelector([], true);

  readonly #requirements: readonly Requirement[];
  readonly #nothing: boolean;

  private constructor(requirements: readonly Requirement[], nothing: boolean) {
    this.#requirements = Object.freeze([...requirements]);
    this.#nothing = nothing;
  }

  /** The selector matching every label set (`labels.Everything()`). */
  static everything(): LabelsSelector {
    return LabelsSelector.#EVERYTHING;
  }

  /** The selector matching no label set (`labels.Nothing()`); its text is `''`. */
  static nothing(): LabelsSelector {
    return LabelsSelector.#NOTHING;
  }

  /** A selector of the given requirements, sorted by key (stable for equal keys). */
  static of(requirements: readonly Requirement[]): LabelsSelector {
    return new LabelsSelector(
      [...requirements].sort((a, b) => compareCodePoints(a.key, b.key)),
      false,
    );
  }

  /** The requirements, sorted by key; `undefined` for {@link LabelsSelector.nothing} (not selectable). */
  requirements(): readonly Requirement[] | undefined {
    return this.#nothing ? undefined : this.#requirements;
  }

  /** A new selector with more requirements (`Selector.Add`); `nothing` stays `nothing`. */
  add(...requirements: Requirement[]): LabelsSelector {
    return this.#nothing ? this : LabelsSelector.of([...this.#requirements, ...requirements]);
  }

  /** True when every requirement matches the label set. */
  matches(labels: Readonly<Record<string, string>>): boolean {
    if (this.#nothing) return false;
    return this.#requirements.every((r) => r.matches(labels));
  }

  /** True when the selector restricts nothing (`nothing` is not empty: it restricts everything). */
  isEmpty(): boolean {
    return !this.#nothing && this.#requirements.length === 0;
  }

  /** The value a label must have for this selector to match, if it pins one (`RequiresExactMatch`). */
  requiresExactMatch(label: string): string | undefined {
    const r = this.#requirements.find((req) => req.key === label);
    if (r === undefined || r.values.length !== 1) return undefined;
    return r.operator === '=' || r.operator === '==' || r.operator === 'in' ? r.values[0] : undefined;
  }

  /** The canonical text: requirements joined by `,`, values of in/notin sorted. */
  toString(): string {
    return this.#requirements.map((r) => r.toString()).join(',');
  }
}

/**
 * Parses a label selector (`labels.Parse`): `a=b,c!=d,e in (f,g),h notin (i),j,!k,l>1,m<9`.
 * Invalid input throws a BadRequest {@link StatusError} with upstream's message.
 */
export function parseLabelSelector(selector: string): LabelsSelector {
  try {
    return LabelsSelector.of(parseRequirements(selector));
  } catch (e) {
    if (e instanceof SelectorParseError) throw newBadRequest(e.message);
    throw e;
  }
}

/**
 * Parses a label selector to its requirements in the order written (`labels.ParseToRequirements`, unlike
 * {@link parseLabelSelector} not sorted by key). Invalid input throws a BadRequest {@link StatusError}.
 */
export function parseLabelSelectorToRequirements(selector: string): Requirement[] {
  try {
    return parseRequirementsInOrder(selector);
  } catch (e) {
    if (e instanceof SelectorParseError) throw newBadRequest(e.message);
    throw e;
  }
}

/** A selector matching exactly the given labels, without validation (`SelectorFromValidatedSet`). */
export function labelSelectorFromSet(set: Readonly<Record<string, string>>): LabelsSelector {
  return LabelsSelector.of(Object.entries(set).map(([k, v]) => new Requirement(k, '=', [v])));
}

/** Like {@link labelSelectorFromSet} but validates keys and values (`ValidatedSelectorFromSet`). */
export function validatedLabelSelectorFromSet(set: Readonly<Record<string, string>>): LabelsSelector {
  return LabelsSelector.of(Object.entries(set).map(([k, v]) => newRequirement(k, '=', [v])));
}
