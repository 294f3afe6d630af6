/**
 * The APIService strategies (kube-aggregator `pkg/registry/apiservice/strategy.go`): cluster-scoped, status
 * dropped on create and kept on spec updates; the status strategy keeps everything but the status.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, resetFieldsByVersion, StatusStrategy } from '@apiserver/registry';
import type { FieldError } from '@apiserver/runtime';
import { defaultAPIService } from '../../apis/apiregistration/v1/register.js';
import { validateAPIService } from './validation.js';

/** The main APIService strategy. */
export class APIServiceStrategy extends GenericStrategy {
  /** Creates the strategy. */
  constructor() {
    super({
      namespaceScoped: false,
      statusField: 'status',
      // The name is checked against `<version>.<group>` by the validation.
      nameFn: () => [],
      validate: (_ctx, obj) => validateAPIService(obj),
      validateUpdate: (_ctx, obj) => validateAPIService(obj),
    });
  }

  /** Defaults the service port (the request decoder does not run scheme defaults), then drops the status. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultAPIService(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Defaults the service port, then keeps the stored status. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultAPIService(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}

/**
 * The `apiservices/status` strategy: the spec, labels, annotations, finalizers and owners are kept, and the object
 * must still be valid.
 */
export function newAPIServiceStatusStrategy(main: APIServiceStrategy): StatusStrategy {
  return new StatusStrategy(main, {
    keep: ['spec'],
    keepMetadata: ['labels', 'annotations', 'finalizers', 'ownerReferences'],
    resetFields: resetFieldsByVersion(['apiregistration.k8s.io/v1', 'apiregistration.k8s.io/v1beta1'], ['spec', 'metadata']),
    validate: (_ctx: RequestContext, obj: ApiObject): FieldError[] => validateAPIService(obj),
  });
}
