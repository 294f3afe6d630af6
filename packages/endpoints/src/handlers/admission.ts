/**
 * Admission as the handlers run it (as upstream): mutating admission in the handler (before create, as an
 * update transformer, before connect), validating admission handed to the storage as its validation callbacks.
 */
import {
  type ApiObject,
  type Attributes,
  admissionToValidateObjectFunc,
  admissionToValidateObjectUpdateFunc,
  isMutationInterface,
  isValidationInterface,
  newAttributesRecord,
  type Operation,
  type RequestContext,
  type TransformFunc,
  type ValidateObjectFunc,
  type ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import type { HandlerRequest, RequestScope } from './request-scope.js';
import { requestUserFrom } from './request-user.js';

/** The admission Attributes of a request. */
export function attributesFor(
  scope: RequestScope,
  request: HandlerRequest,
  operation: Operation,
  parts: { object?: ApiObject | undefined; oldObject?: ApiObject | undefined; options?: unknown; dryRun?: boolean; name?: string },
): Attributes {
  return newAttributesRecord({
    operation,
    kind: scope.kind,
    resource: scope.resource,
    subresource: scope.subresource,
    namespace: request.namespace,
    name: parts.name ?? request.name,
    object: parts.object,
    oldObject: parts.oldObject,
    options: parts.options,
    dryRun: parts.dryRun ?? false,
    // The requesting user, as upstream's NewAttributesRecord takes it from the request context.
    user: requestUserFrom(request.req),
  });
}

/** Runs mutating admission (no-op without an admission chain or when it does not handle the operation). */
export async function admit(scope: RequestScope, ctx: RequestContext, attributes: Attributes): Promise<void> {
  const a = scope.admission;
  if (a !== undefined && isMutationInterface(a) && a.handles(attributes.operation)) await a.admit(ctx, attributes);
}

/** Runs validating admission directly (CONNECT, where no storage call validates). */
export async function validate(scope: RequestScope, ctx: RequestContext, attributes: Attributes): Promise<void> {
  const a = scope.admission;
  if (a !== undefined && isValidationInterface(a) && a.handles(attributes.operation)) await a.validate(ctx, attributes);
}

/** The storage's `createValidation`/`deleteValidation` callback (undefined without admission). */
export function validateObjectFunc(scope: RequestScope, attributes: Attributes): ValidateObjectFunc | undefined {
  return scope.admission === undefined ? undefined : admissionToValidateObjectFunc(scope.admission, attributes);
}

/** The storage's `updateValidation` callback (undefined without admission). */
export function validateObjectUpdateFunc(scope: RequestScope, attributes: Attributes): ValidateObjectUpdateFunc | undefined {
  return scope.admission === undefined ? undefined : admissionToValidateObjectUpdateFunc(scope.admission, attributes);
}

/** The update transformer running mutating admission: CREATE when there is no old object, else UPDATE. */
export function admissionTransformer(scope: RequestScope, request: HandlerRequest, options: unknown, dryRun: boolean): TransformFunc {
  return async (ctx, newObj, oldObj) => {
    if (newObj === undefined) return newObj;
    const operation: Operation = oldObj === undefined ? 'CREATE' : 'UPDATE';
    await admit(scope, ctx, attributesFor(scope, request, operation, { object: newObj, oldObject: oldObj, options, dryRun }));
    return newObj;
  };
}
