/**
 * The field and label selectors of authorization attributes (KEP-4601, the `AuthorizeWithSelectors` feature, beta
 * and on in Kubernetes 1.32): requirements parsed from a selector's text, or the parse error. A selector that does
 * not parse is carried as its error, never refused here: selectors only narrow a request, so an authorizer may
 * decide as if there were none.
 * @module
 */
import { type FieldRequirement, parseFieldSelector, parseLabelSelector, parseLabelSelectorToRequirements, type Requirement } from '@apiserver/runtime';
import type { Attributes, Authorizer } from './authorizer.js';

/** The selector part of authorization attributes (upstream `AttributesRecord`'s selector fields). */
export interface SelectorAttributes {
  /** The field selector's requirements (`GetFieldSelector`), when the request has a field selector that parsed. */
  readonly fieldSelectorRequirements?: readonly FieldRequirement[];
  /** Why the field selector did not parse (`FieldSelectorParsingErr`). */
  readonly fieldSelectorParsingError?: Error;
  /** The label selector's requirements (`GetLabelSelector`), when the request has a label selector that parsed. */
  readonly labelSelectorRequirements?: readonly Requirement[];
  /** Why the label selector did not parse (`LabelSelectorParsingErr`). */
  readonly labelSelectorParsingError?: Error;
}

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * The attributes of a field selector's text (`fields.ParseSelector`): nothing for `''` or a selector without
 * terms, the requirements, or the parse error.
 */
export function fieldSelectorAttributes(raw: string): SelectorAttributes {
  if (raw === '') return {};
  try {
    const requirements = parseFieldSelector(raw).requirements();
    return requirements.length > 0 ? { fieldSelectorRequirements: requirements } : {};
  } catch (err) {
    return { fieldSelectorParsingError: asError(err) };
  }
}

/**
 * The attributes of a label selector's text: nothing for `''` or a selector without requirements, the
 * requirements, or the parse error. `inOrder` keeps the written order (`labels.ParseToRequirements`, as the CEL
 * authz library parses); otherwise they are sorted by key (`labels.Parse`, as requests and reviews are parsed).
 */
export function labelSelectorAttributes(raw: string, inOrder = false): SelectorAttributes {
  if (raw === '') return {};
  try {
    const requirements = inOrder ? parseLabelSelectorToRequirements(raw) : (parseLabelSelector(raw).requirements() ?? []);
    return requirements.length > 0 ? { labelSelectorRequirements: requirements } : {};
  } catch (err) {
    return { labelSelectorParsingError: asError(err) };
  }
}

/**
 * An authorizer asking `authorizer` with the selectors left out of the attributes: what checks made with selectors
 * (CEL's `fieldSelector`/`labelSelector`) come to when `AuthorizeWithSelectors` is off, as upstream's checks then
 * ignore them.
 */
export function selectorsIgnoredAuthorizer(authorizer: Authorizer): Authorizer {
  return {
    authorize: (a: Attributes) => {
      const { fieldSelectorRequirements: _f, fieldSelectorParsingError: _fe, labelSelectorRequirements: _l, labelSelectorParsingError: _le, ...rest } = a;
      return authorizer.authorize(rest);
    },
  };
}
