/**
 * The structural contract both selector kinds satisfy and the storage package consumes.
 *
 * @module
 */

/** Something that selects label or field sets: a parsed label or field selector. */
export interface SetMatcher {
  /** True when the set satisfies every requirement. */
  matches(set: Readonly<Record<string, string>>): boolean;
  /** True when the selector does not restrict anything (it matches every set). */
  isEmpty(): boolean;
  /** The canonical text form, parseable back into an equivalent selector. */
  toString(): string;
}
