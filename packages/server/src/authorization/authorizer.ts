import type { UserInfo } from '../authentication/user.js';
import { isPromiseLike, type MaybePromise } from '../handler.js';
import type { RequestInfo } from '../request/request-info.js';
import { fieldSelectorAttributes, labelSelectorAttributes, type SelectorAttributes } from './selector-attributes.js';

/** An authorizer's answer (k8s `authorizer.Decision`). */
export type Decision = 'Allow' | 'Deny' | 'NoOpinion';

/**
 * What is being asked (k8s `authorizer.Attributes`, from the user and the RequestInfo), with the request's field and
 * label selectors (list, watch and deletecollection; see {@link SelectorAttributes}).
 */
export interface Attributes extends SelectorAttributes {
  /** The requesting user. */
  readonly user: UserInfo | undefined;
  /** The verb. */
  readonly verb: string;
  /** Whether this is a resource request. */
  readonly isResourceRequest: boolean;
  /** The path (non-resource requests). */
  readonly path: string;
  /** Namespace, API group and version, resource, subresource and name (resource requests). */
  readonly namespace: string;
  /** The API group. */
  readonly apiGroup: string;
  /** The API version. */
  readonly apiVersion: string;
  /** The resource. */
  readonly resource: string;
  /** The subresource. */
  readonly subresource: string;
  /** The object name. */
  readonly name: string;
}

/** An authorizer's decision with its reason. */
export interface Authorization {
  /** The decision. */
  readonly decision: Decision;
  /** Why (appended to the 403 message when not empty). */
  readonly reason: string;
}

/** Authorizes requests (k8s `authorizer.Authorizer`); a thrown error means evaluation failed. */
export interface Authorizer {
  /** Decides on one request. */
  authorize(attributes: Attributes): Authorization | Promise<Authorization>;
}

/**
 * Builds authorization attributes from a user and a RequestInfo (`GetAuthorizerAttributes`); the RequestInfo's
 * selectors are parsed, a selector that does not parse carried as its error.
 */
export function attributesFor(user: UserInfo | undefined, info: RequestInfo): Attributes {
  const fieldSelector = info.fieldSelector ?? '';
  const labelSelector = info.labelSelector ?? '';
  // Without selectors (most requests), one object literal: spreading two empty objects into it cost more than the rest.
  if (fieldSelector === '' && labelSelector === '') return attributesOf(user, info);
  return { ...fieldSelectorAttributes(fieldSelector), ...labelSelectorAttributes(labelSelector), ...attributesOf(user, info) };
}

/** The attributes of a request without its selectors. */
function attributesOf(user: UserInfo | undefined, info: RequestInfo): Attributes {
  return {
    user,
    verb: info.verb,
    isResourceRequest: info.isResourceRequest,
    path: info.path,
    namespace: info.namespace,
    apiGroup: info.apiGroup,
    apiVersion: info.apiVersion,
    resource: info.resource,
    subresource: info.subresource,
    name: info.name,
  };
}

/** The answer of the `AlwaysAllow` mode, shared (answers are never changed in place). */
const ALLOWED: Authorization = Object.freeze({ decision: 'Allow', reason: '' });

/** The `AlwaysAllow` mode. */
export const alwaysAllowAuthorizer: Authorizer = { authorize: () => ALLOWED };

/** The `AlwaysDeny` mode (no opinion with reason `Everything is forbidden.`, as upstream). */
export const alwaysDenyAuthorizer: Authorizer = {
  authorize: () => ({ decision: 'NoOpinion', reason: 'Everything is forbidden.' }),
};

/**
 * Asks authorizers in order (k8s `union.New`): the first Allow or Deny wins; otherwise
 * NoOpinion with the reasons joined by newlines. Errors are collected and thrown only when
 * no authorizer decided.
 */
export function unionAuthorizer(authorizers: readonly Authorizer[]): Authorizer {
  // Synchronous authorizers give a synchronous answer (no promise on the request path); failures are always a
  // rejected promise.
  const from = (attributes: Attributes, start: number, reasons: string[], errors: unknown[]): MaybePromise<Authorization> => {
    const decided = (result: Authorization): Authorization | undefined => {
      if (result.decision !== 'NoOpinion') return result;
      if (result.reason !== '') reasons.push(result.reason);
      return undefined;
    };
    for (let i = start; i < authorizers.length; i++) {
      let result: MaybePromise<Authorization>;
      try {
        result = (authorizers[i] as Authorizer).authorize(attributes);
      } catch (err) {
        errors.push(err);
        continue;
      }
      if (isPromiseLike(result)) {
        const next = () => from(attributes, i + 1, reasons, errors);
        return Promise.resolve(result).then(
          (r) => decided(r) ?? next(),
          (err: unknown) => {
            errors.push(err);
            return next();
          },
        );
      }
      const final = decided(result);
      if (final !== undefined) return final;
    }
    if (errors.length > 0) return Promise.reject(errors.length === 1 ? errors[0] : new AggregateError(errors, 'authorization failed'));
    return { decision: 'NoOpinion', reason: reasons.join('\n') };
  };
  return { authorize: (attributes) => from(attributes, 0, [], []) };
}

/** The authorization modes this server offers (`--authorization-mode`); `RBAC` needs its authorizer passed in. */
export type AuthorizationMode = 'AlwaysAllow' | 'AlwaysDeny' | 'RBAC';

/** Thrown for an unknown `--authorization-mode` value. */
export class AuthorizationModeError extends Error {
  /** Creates the error; `supported` lists the modes that were available. */
  constructor(mode: string, supported: readonly string[] = ['AlwaysAllow', 'AlwaysDeny']) {
    super(`unknown authorization mode ${JSON.stringify(mode)}; supported modes: ${supported.join(', ')}`);
    this.name = 'AuthorizationModeError';
  }
}

/**
 * Builds the union authorizer of a list of mode names (comma-separated in the flag), in order, as upstream
 * chains them: a mode with no opinion passes to the next. `AlwaysAllow` and `AlwaysDeny` are built in; modes
 * whose rules live elsewhere (e.g. `{ RBAC: new RBACAuthorizer(source) }`) are passed in `named`.
 */
export function authorizerForModes(modes: readonly string[], named: Readonly<Record<string, Authorizer>> = {}): Authorizer {
  const authorizers = modes.map((mode) => {
    if (mode === 'AlwaysAllow') return alwaysAllowAuthorizer;
    if (mode === 'AlwaysDeny') return alwaysDenyAuthorizer;
    const given = Object.hasOwn(named, mode) ? named[mode] : undefined;
    if (given !== undefined) return given;
    throw new AuthorizationModeError(mode, ['AlwaysAllow', 'AlwaysDeny', ...Object.keys(named)]);
  });
  return unionAuthorizer(authorizers.length === 0 ? [alwaysAllowAuthorizer] : authorizers);
}
