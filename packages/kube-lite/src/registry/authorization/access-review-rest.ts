/**
 * `selfsubjectaccessreviews`, `subjectaccessreviews` and the namespaced `localsubjectaccessreviews`
 * (pkg/registry/authorization/{selfsubjectaccessreview,subjectaccessreview,localsubjectaccessreview}/rest.go):
 * create-only, never stored; the server's authorizer answers whether the requesting user (or the user of the
 * spec) may perform the action, in `status.allowed/denied/reason`.
 */
import type { ApiObject, RequestContext, ValidateObjectFunc } from '@apiserver/registry';
import { ReviewREST } from '../review-rest.js';
import { type FieldError, fieldInvalid, newBadRequest, newInvalid, newPath } from '@apiserver/runtime';
import type { Attributes, UserInfo } from '@apiserver/server';
import { isRecord, recordAt, stringAt, stringsAt } from '../../object-fields.js';
import type { AuthorizerReference } from './authorizer-reference.js';
import { requestUserOf } from './request-user.js';
import { reviewSelectorAttributes, selectorEvaluationErrors, validateReviewSelectors, withoutReviewSelectors } from './review-selectors.js';

const GROUP = 'authorization.k8s.io';

/**
 * Checks that exactly one of resourceAttributes and nonResourceAttributes is set (`validateSubjectAccessReviewSpec`);
 * the selectors of resourceAttributes are checked by `validateReviewSelectors`.
 */
export function validateReviewAttributes(spec: unknown): FieldError[] {
  const path = newPath('spec');
  const resource = recordAt(spec, 'resourceAttributes');
  const nonResource = recordAt(spec, 'nonResourceAttributes');
  if (resource !== undefined && nonResource !== undefined) {
    return [fieldInvalid(path.child('nonResourceAttributes'), nonResource, 'cannot be specified in combination with resourceAttributes')];
  }
  if (resource === undefined && nonResource === undefined) {
    return [fieldInvalid(path.child('resourceAttributes'), null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified')];
  }
  return [];
}

/**
 * The authorizer attributes of a review spec for `user` (`ResourceAttributesFrom` / `NonResourceAttributesFrom`),
 * with the selectors of resourceAttributes; no version reads as `*`.
 */
export function attributesOfSpec(user: UserInfo, spec: unknown): Attributes {
  const r = recordAt(spec, 'resourceAttributes');
  if (r !== undefined) {
    return {
      ...reviewSelectorAttributes(r),
      user,
      verb: stringAt(r, 'verb'),
      isResourceRequest: true,
      path: '',
      namespace: stringAt(r, 'namespace'),
      apiGroup: stringAt(r, 'group'),
      // An unset version means every version (`matchAllVersionIfEmpty`).
      apiVersion: stringAt(r, 'version') === '' ? '*' : stringAt(r, 'version'),
      resource: stringAt(r, 'resource'),
      subresource: stringAt(r, 'subresource'),
      name: stringAt(r, 'name'),
    };
  }
  const n = recordAt(spec, 'nonResourceAttributes');
  return { user, verb: stringAt(n, 'verb'), isResourceRequest: false, path: stringAt(n, 'path'), namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' };
}

/** `validateSelfSubjectAccessReviewSpec`: the attributes and their selectors. */
export function validateSelfSubjectAccessReviewSpec(spec: unknown): FieldError[] {
  return [...validateReviewAttributes(spec), ...validateReviewSelectors(recordAt(spec, 'resourceAttributes'), newPath('spec', 'resourceAttributes'))];
}

/** `validateSubjectAccessReviewSpec`: the attributes, a user or a group to ask about, and the selectors. */
export function validateSubjectAccessReviewSpec(spec: unknown): FieldError[] {
  const errs = validateReviewAttributes(spec);
  if (stringAt(spec, 'user') === '' && stringsAt(spec, 'groups').length === 0) {
    errs.push(fieldInvalid(newPath('spec', 'user'), '', 'at least one of user or group must be specified'));
  }
  errs.push(...validateReviewSelectors(recordAt(spec, 'resourceAttributes'), newPath('spec', 'resourceAttributes')));
  return errs;
}

/** The user a (local) subject access review asks about. */
function specUser(spec: unknown): UserInfo {
  return { name: stringAt(spec, 'user'), uid: stringAt(spec, 'uid'), groups: stringsAt(spec, 'groups') };
}

/**
 * Asks the authorizer and shapes `SubjectAccessReviewStatus`: an evaluation error is reported, not thrown, and
 * selectors ignored for a parse error are named in `evaluationError` (`BuildEvaluationError`, parts joined by `; `).
 */
export async function reviewStatus(ref: AuthorizerReference, attributes: Attributes): Promise<Record<string, unknown>> {
  const evaluationError = (failure: string[]): Record<string, string> => {
    const text = [...failure, ...selectorEvaluationErrors(attributes)].join('; ');
    return text === '' ? {} : { evaluationError: text };
  };
  try {
    const { decision, reason } = await ref.authorizer().authorize(attributes);
    return { allowed: decision === 'Allow', ...(decision === 'Deny' && { denied: true }), ...(reason !== '' && { reason }), ...evaluationError([]) };
  } catch (err) {
    if (isRecord(err) && err.code === 503) throw err;
    return { allowed: false, ...evaluationError([err instanceof Error ? err.message : String(err)]) };
  }
}

/** Options of the access review storages. */
export interface AccessReviewOptions {
  /** Whether reviews are answered with their selectors (`AuthorizeWithSelectors`, default on); off, they are dropped. */
  readonly authorizeWithSelectors?: boolean;
}

abstract class AccessReviewREST extends ReviewREST {
  readonly #ref: AuthorizerReference;
  readonly #kind: string;
  readonly #withSelectors: boolean;

  constructor(ref: AuthorizerReference, kind: string, options: AccessReviewOptions) {
    super(`${GROUP}/v1`, kind);
    this.#ref = ref;
    this.#kind = kind;
    this.#withSelectors = options.authorizeWithSelectors ?? true;
  }

  protected abstract userFor(ctx: RequestContext, spec: unknown): UserInfo;
  protected abstract validateSpec(spec: unknown, obj: ApiObject): FieldError[];

  /** Checks the review against the request once it is valid (400s); nothing by default. */
  protected checkRequest(_ctx: RequestContext, _obj: ApiObject): void {}

  /** Answers the review: validation, the request check, validating admission, then the authorizer. */
  async create(ctx: RequestContext, given: ApiObject, createValidation?: ValidateObjectFunc): Promise<ApiObject> {
    const obj = this.#withSelectors ? given : { ...given, spec: withoutReviewSelectors(given.spec) };
    const errs = this.validateSpec(obj.spec, obj);
    if (errs.length > 0) throw newInvalid({ group: GROUP, kind: this.#kind }, obj.metadata.name ?? '', errs);
    this.checkRequest(ctx, obj);
    if (createValidation !== undefined) await createValidation(ctx, obj);
    const user = this.userFor(ctx, obj.spec);
    return { ...obj, status: await reviewStatus(this.#ref, attributesOfSpec(user, obj.spec)) };
  }
}

/** `selfsubjectaccessreviews`: may the requesting user do this? */
export class SelfSubjectAccessReviewREST extends AccessReviewREST {
  /** Answers with the authorizer of `ref`. */
  constructor(ref: AuthorizerReference, options: AccessReviewOptions = {}) {
    super(ref, 'SelfSubjectAccessReview', options);
  }

  protected userFor(ctx: RequestContext): UserInfo {
    const user = requestUserOf(ctx);
    if (user === undefined) throw newBadRequest('no user present on request');
    return user;
  }

  protected validateSpec(spec: unknown): FieldError[] {
    return validateSelfSubjectAccessReviewSpec(spec);
  }
}

/** `subjectaccessreviews`: may the user or groups of the spec do this? */
export class SubjectAccessReviewREST extends AccessReviewREST {
  /** Answers with the authorizer of `ref`. */
  constructor(ref: AuthorizerReference, options: AccessReviewOptions = {}) {
    super(ref, 'SubjectAccessReview', options);
  }

  protected userFor(_ctx: RequestContext, spec: unknown): UserInfo {
    return specUser(spec);
  }

  protected validateSpec(spec: unknown): FieldError[] {
    return validateSubjectAccessReviewSpec(spec);
  }
}

/**
 * `ValidateLocalSubjectAccessReview`: the subject access review rules, no metadata but the namespace (managed
 * fields aside), resource attributes in that namespace and no non-resource attributes.
 */
export function validateLocalSubjectAccessReview(obj: ApiObject): FieldError[] {
  const errs = validateSubjectAccessReviewSpec(obj.spec);
  const { namespace: _namespace, managedFields: _managedFields, ...rest } = obj.metadata;
  if (Object.values(rest).some((v) => v !== undefined)) errs.push(fieldInvalid(newPath('metadata'), obj.metadata, 'must be empty except for namespace'));
  const resource = recordAt(obj.spec, 'resourceAttributes');
  const namespace = stringAt(resource, 'namespace');
  if (resource !== undefined && namespace !== (obj.metadata.namespace ?? '')) {
    errs.push(fieldInvalid(newPath('spec', 'resourceAttributes', 'namespace'), namespace, 'must match metadata.namespace'));
  }
  const nonResource = recordAt(obj.spec, 'nonResourceAttributes');
  if (nonResource !== undefined) errs.push(fieldInvalid(newPath('spec', 'nonResourceAttributes'), nonResource, 'disallowed on this kind of request'));
  return errs;
}

/** `localsubjectaccessreviews`: may the user or groups of the spec do this in the request's namespace? */
export class LocalSubjectAccessReviewREST extends AccessReviewREST {
  /** Answers with the authorizer of `ref`. */
  constructor(ref: AuthorizerReference, options: AccessReviewOptions = {}) {
    super(ref, 'LocalSubjectAccessReview', options);
  }

  /** Local reviews live in a namespace. */
  override namespaceScoped(): boolean {
    return true;
  }

  protected userFor(_ctx: RequestContext, spec: unknown): UserInfo {
    return specUser(spec);
  }

  protected validateSpec(_spec: unknown, obj: ApiObject): FieldError[] {
    return validateLocalSubjectAccessReview(obj);
  }

  /** The request names a namespace, the review's. */
  protected override checkRequest(ctx: RequestContext, obj: ApiObject): void {
    const namespace = ctx.namespace ?? '';
    if (namespace === '') throw newBadRequest(`namespace is required on this type: ${namespace}`);
    if (namespace !== (obj.metadata.namespace ?? '')) throw newBadRequest(`spec.resourceAttributes.namespace must match namespace: ${namespace}`);
  }
}
