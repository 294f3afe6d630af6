/**
 * Whether a policy's `matchConstraints` or a binding's `matchResources` select a request (upstream policy
 * `matching.Matcher`): the namespace and object selectors, no excluded rule matching, then a resource rule matching
 * the request (with its `resourceNames`), or under `matchPolicy: Equivalent` an equivalent resource (then the
 * request is presented in that resource's kind). No resource rules match every request.
 * @module
 */
import {
  type Attributes,
  type EquivalentResources,
  matchNamespaceSelector,
  matchObjectSelector,
  type NamespaceGetter,
  requestNamespace,
  type RuleWithOperations,
  ruleMatches,
  type WebhookAccessor,
} from '@apiserver/registry';
import { type GroupVersionKind, type GroupVersionResource, isStatusError, LabelsSelector, type LabelSelectorSpec, labelSelectorAsSelector } from '@apiserver/runtime';

/** A rule with the names it is limited to (`NamedRuleWithOperations`). */
export interface NamedRuleWithOperations extends RuleWithOperations {
  /** Object names the rule is limited to (all when empty). */
  readonly resourceNames?: readonly string[];
}

/** `MatchResources` as stored. */
export interface MatchResources {
  /** Selects by the labels of the request's namespace. */
  readonly namespaceSelector?: LabelSelectorSpec;
  /** Selects by the labels of the object or old object. */
  readonly objectSelector?: LabelSelectorSpec;
  /** Rules a request must match (all requests when empty). */
  readonly resourceRules?: readonly NamedRuleWithOperations[];
  /** Rules excluding a request. */
  readonly excludeResourceRules?: readonly NamedRuleWithOperations[];
  /** `Exact` or `Equivalent`. */
  readonly matchPolicy?: string;
}

/** A match: the resource and kind the request is evaluated as. */
export interface ResourceMatch {
  /** The resource matched (the request's or an equivalent). */
  readonly resource: GroupVersionResource;
  /** Its kind. */
  readonly kind: GroupVersionKind;
}

/** What matching reads besides the request. */
export interface PolicyMatchContext {
  /** Reads namespaces (namespaceSelector). */
  readonly getNamespace: NamespaceGetter;
  /** Equivalent resources (matchPolicy Equivalent). */
  readonly equivalents?: EquivalentResources | undefined;
}

const sameResource = (a: GroupVersionResource, b: GroupVersionResource): boolean => a.group === b.group && a.version === b.version && a.resource === b.resource;

function selectorOf(spec: LabelSelectorSpec | undefined): LabelsSelector {
  return spec === undefined ? LabelsSelector.everything() : labelSelectorAsSelector(spec);
}

/** The selectors as the webhook matchers read them. */
function selectorAccessor(m: MatchResources): WebhookAccessor {
  return {
    uid: '',
    configurationName: '',
    spec: { name: '', clientConfig: {} },
    namespaceSelector: () => selectorOf(m.namespaceSelector),
    objectSelector: () => selectorOf(m.objectSelector),
  };
}

function resourceRulesMatch(rules: readonly NamedRuleWithOperations[], matchPolicy: string | undefined, a: Attributes, m: PolicyMatchContext): ResourceMatch | Error | undefined {
  const namespace = requestNamespace(a);
  for (const rule of rules) {
    if (!ruleMatches(rule, { operation: a.operation, resource: a.resource, subresource: a.subresource, namespace })) continue;
    const names = rule.resourceNames ?? [];
    if (names.length === 0 || names.includes(a.name)) return { resource: a.resource, kind: a.kind };
  }
  if (matchPolicy !== 'Equivalent') return undefined;
  const equivalents = m.equivalents?.equivalentResourcesFor(a.resource, a.subresource) ?? [];
  for (const rule of rules) {
    for (const resource of equivalents) {
      if (sameResource(resource, a.resource)) continue;
      if (!ruleMatches(rule, { operation: a.operation, resource, subresource: a.subresource, namespace })) continue;
      const kind = m.equivalents?.kindFor(resource, a.subresource);
      if (kind === undefined) return new Error(`unable to convert to ${resource.group}/${resource.version}, Resource=${resource.resource}: unknown kind`);
      return { resource, kind };
    }
  }
  return undefined;
}

/**
 * The resource and kind `a` is matched as, undefined when not matched, or the error of a selector or conversion
 * (an unknown namespace, an invalid selector) when the request would otherwise match.
 */
export async function matchResources(resources: MatchResources | undefined, a: Attributes, m: PolicyMatchContext): Promise<ResourceMatch | Error | undefined> {
  const r = resources ?? {};
  const accessor = selectorAccessor(r);
  const ns = await matchNamespaceSelector(accessor, a, m.getNamespace);
  if (ns === false) return undefined;
  const obj = matchObjectSelector(accessor, a);
  if (obj === false) return undefined;
  const matchPolicy = r.matchPolicy ?? 'Equivalent';
  const excluded = resourceRulesMatch(r.excludeResourceRules ?? [], matchPolicy, a, m);
  if (excluded !== undefined) return excluded instanceof Error ? excluded : undefined;
  const rules = r.resourceRules ?? [];
  const matched = rules.length === 0 ? { resource: a.resource, kind: a.kind } : resourceRulesMatch(rules, matchPolicy, a, m);
  if (matched === undefined || matched instanceof Error) return matched;
  if (isStatusError(ns)) return ns;
  if (isStatusError(obj)) return obj;
  return matched;
}
