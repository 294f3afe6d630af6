/**
 * Kubernetes' CEL authz library (`k8s.io/apiserver/pkg/cel/library/authz.go`), for admission expressions that have
 * an `authorizer`: `authorizer.path(p)`, `authorizer.group(g).resource(r)` with `.subresource(s)`,
 * `.namespace(ns)`, `.name(n)`, `authorizer.serviceAccount(ns, name)`, `.check(verb)` of a path or resource check,
 * and on its decision `.allowed()`, `.reason()`, `.errored()`, `.error()`. The values are opaque messages (all
 * values of one type compare equal, as upstream's) carrying their state as a payload; a check asks the
 * {@link AuthorizationChecks} of the request (see there for how asynchronous authorizers are waited for).
 *
 * The authzSelectors library ({@link authzSelectorsLibrary}) adds `.fieldSelector(s)` and `.labelSelector(s)` to a
 * resource check: the selector is parsed when the check is made (labels in the order written, as
 * `labels.ParseToRequirements`), its requirements passed to the authorizer; one that does not parse is passed as its
 * parse error and never fails the expression (an authorizer then decides as if there were none).
 * @module
 */
import { type Attributes, fieldSelectorAttributes, labelSelectorAttributes, type UserInfo } from '@apiserver/server';
import { type CelFunc, CelScalar, celMethod } from '@bufbuild/cel';
import type { Message } from '@bufbuild/protobuf';
import { isDNS1123Label, isDNS1123Subdomain } from '@apiserver/runtime';
import { type AuthorizationChecks, CHECK_PENDING, type CheckDecision } from '../authorization-checks.js';
import { AUTHORIZER_TYPE, DECISION_TYPE, GROUP_CHECK_TYPE, opaquePayload, PATH_CHECK_TYPE, RESOURCE_CHECK_TYPE } from './opaque-types.js';

const { BOOL, STRING } = CelScalar;

/** Who is checked, and where checks go. */
interface AuthorizerState {
  readonly checks: AuthorizationChecks;
  readonly user: UserInfo | undefined;
}
interface PathCheckState {
  readonly authorizer: AuthorizerState;
  readonly path: string;
}
interface GroupCheckState {
  readonly authorizer: AuthorizerState;
  readonly group: string;
}
/** What a resource check names (upstream `resourceCheckVal`). */
export interface ResourceCheckFields {
  /** The API group. */
  readonly group: string;
  /** The resource. */
  readonly resource: string;
  /** The subresource ('' for none). */
  readonly subresource: string;
  /** The namespace ('' for cluster scope). */
  readonly namespace: string;
  /** The object name ('' for all). */
  readonly name: string;
}
interface ResourceCheckState extends ResourceCheckFields {
  readonly authorizer: AuthorizerState;
  /** The field selector's text ('' for none). */
  readonly fieldSelector?: string;
  /** The label selector's text ('' for none). */
  readonly labelSelector?: string;
}

const state = <T>(v: { readonly message: unknown }): T => opaquePayload(v) as T;

/** An `authorizer` value checking as `user` through `checks`. */
export function authorizerValue(checks: AuthorizationChecks, user: UserInfo | undefined): Message {
  return AUTHORIZER_TYPE.of('', { checks, user } satisfies AuthorizerState);
}

/** An `authorizer.requestResource` value: a resource check of the request's own resource. */
export function resourceCheckValue(checks: AuthorizationChecks, user: UserInfo | undefined, fields: ResourceCheckFields): Message {
  return RESOURCE_CHECK_TYPE.of('', { authorizer: { checks, user }, ...fields } satisfies ResourceCheckState);
}

const serviceAccountUser = (namespace: string, name: string): UserInfo => ({
  name: `system:serviceaccount:${namespace}:${name}`,
  uid: '',
  groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`],
});

const NO_RESOURCE = { isResourceRequest: false, namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' };

function decisionOf(authorizer: AuthorizerState, attributes: Attributes): Message {
  const decided = authorizer.checks.decide(attributes);
  if (decided === undefined) throw new Error(CHECK_PENDING);
  return DECISION_TYPE.of('', decided);
}

function resourceSetter(name: 'subresource' | 'namespace' | 'name' | 'fieldSelector' | 'labelSelector'): CelFunc {
  return celMethod(name, RESOURCE_CHECK_TYPE.celType, [STRING], RESOURCE_CHECK_TYPE.celType, function (value) {
    return RESOURCE_CHECK_TYPE.of('', { ...state<ResourceCheckState>(this), [name]: value });
  });
}

function decisionReader<R extends typeof BOOL | typeof STRING>(name: string, result: R, read: (d: CheckDecision) => boolean | string): CelFunc {
  return celMethod(name, DECISION_TYPE.celType, [], result, function () {
    return read(state<CheckDecision>(this)) as never;
  });
}

/** The authz functions. */
export const authzLibrary: readonly CelFunc[] = [
  celMethod('path', AUTHORIZER_TYPE.celType, [STRING], PATH_CHECK_TYPE.celType, function (path) {
    if (path.trim() === '') throw new Error('path must not be empty');
    return PATH_CHECK_TYPE.of('', { authorizer: state<AuthorizerState>(this), path } satisfies PathCheckState);
  }),
  celMethod('group', AUTHORIZER_TYPE.celType, [STRING], GROUP_CHECK_TYPE.celType, function (group) {
    return GROUP_CHECK_TYPE.of('', { authorizer: state<AuthorizerState>(this), group } satisfies GroupCheckState);
  }),
  celMethod('serviceAccount', AUTHORIZER_TYPE.celType, [STRING, STRING], AUTHORIZER_TYPE.celType, function (namespace, name) {
    if (isDNS1123Subdomain(name).length > 0) throw new Error('Invalid service account name');
    if (isDNS1123Label(namespace).length > 0) throw new Error('Invalid service account namespace');
    const { checks } = state<AuthorizerState>(this);
    return AUTHORIZER_TYPE.of('', { checks, user: serviceAccountUser(namespace, name) } satisfies AuthorizerState);
  }),
  celMethod('resource', GROUP_CHECK_TYPE.celType, [STRING], RESOURCE_CHECK_TYPE.celType, function (resource) {
    if (resource.trim() === '') throw new Error('resource must not be empty');
    const g = state<GroupCheckState>(this);
    return RESOURCE_CHECK_TYPE.of('', { authorizer: g.authorizer, group: g.group, resource, subresource: '', namespace: '', name: '' } satisfies ResourceCheckState);
  }),
  resourceSetter('subresource'),
  resourceSetter('namespace'),
  resourceSetter('name'),
  celMethod('check', PATH_CHECK_TYPE.celType, [STRING], DECISION_TYPE.celType, function (verb) {
    const p = state<PathCheckState>(this);
    return decisionOf(p.authorizer, { ...NO_RESOURCE, user: p.authorizer.user, verb, path: p.path });
  }),
  celMethod('check', RESOURCE_CHECK_TYPE.celType, [STRING], DECISION_TYPE.celType, function (verb) {
    const r = state<ResourceCheckState>(this);
    return decisionOf(r.authorizer, {
      ...fieldSelectorAttributes(r.fieldSelector ?? ''),
      ...labelSelectorAttributes(r.labelSelector ?? '', true),
      user: r.authorizer.user,
      verb,
      isResourceRequest: true,
      path: '',
      namespace: r.namespace,
      apiGroup: r.group,
      apiVersion: '*',
      resource: r.resource,
      subresource: r.subresource,
      name: r.name,
    });
  }),
  decisionReader('allowed', BOOL, (d) => d.decision === 'Allow'),
  decisionReader('reason', STRING, (d) => d.reason),
  decisionReader('errored', BOOL, (d) => d.error !== undefined),
  decisionReader('error', STRING, (d) => d.error ?? ''),
];

/** The authzSelectors functions (`library.AuthzSelectors`): `.fieldSelector(s)` and `.labelSelector(s)` of a resource check. */
export const authzSelectorsLibrary: readonly CelFunc[] = [resourceSetter('fieldSelector'), resourceSetter('labelSelector')];
