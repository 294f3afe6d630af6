/**
 * Validating admission as the store's validation callbacks (`rest.AdmissionToValidateObjectFunc`,
 * `rest.AdmissionToValidateObjectUpdateFunc`): the store calls them after its strategy's validation.
 * @module
 */
import type { ApiObject, RequestContext, ValidateObjectFunc, ValidateObjectUpdateFunc } from '../rest/types.js';
import type { AdmissionInterface, Attributes } from './interfaces.js';
import { isValidationInterface } from './interfaces.js';

function finalAttributes(a: Attributes, obj: ApiObject | undefined, old: ApiObject | undefined): Attributes {
  return {
    ...a,
    object: obj,
    oldObject: old,
    name: a.name === '' ? (obj?.metadata.name ?? old?.metadata.name ?? '') : a.name,
  };
}

/** A create/delete validation callback running `admit`'s validating side on the final object. */
export function admissionToValidateObjectFunc(admit: AdmissionInterface, attributes: Attributes): ValidateObjectFunc {
  if (!isValidationInterface(admit)) return () => undefined;
  return async (ctx: RequestContext, obj: ApiObject) => {
    if (!admit.handles(attributes.operation)) return;
    const final =
      attributes.operation === 'DELETE'
        ? finalAttributes(attributes, attributes.object, obj)
        : finalAttributes(attributes, obj, attributes.oldObject);
    await admit.validate(ctx, final);
  };
}

/** An update validation callback running `admit`'s validating side on the final object and old object. */
export function admissionToValidateObjectUpdateFunc(admit: AdmissionInterface, attributes: Attributes): ValidateObjectUpdateFunc {
  if (!isValidationInterface(admit)) return () => undefined;
  return async (ctx: RequestContext, obj: ApiObject, old: ApiObject) => {
    if (!admit.handles(attributes.operation)) return;
    await admit.validate(ctx, finalAttributes(attributes, obj, old));
  };
}
