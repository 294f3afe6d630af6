/**
 * The CSR strategies (pkg/registry/certificates/certificates/strategy.go). Main resource: cluster-scoped, any
 * name, requester from the request's user, empty status with no conditions on create, spec and status frozen on
 * update. `/status`: the spec stays (metadata is the request's), Approved/Denied conditions kept, timestamps
 * filled, the certificate may be set once. `/approval`: of spec and status only conditions change, Approved/Denied
 * may be added.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, resetFieldsByVersion, type ResetFieldsStrategy, type RESTUpdateStrategy, StatusStrategy } from '@apiserver/registry';
import type { FieldError } from '@apiserver/runtime';
import { certificatesV1 } from '@apiserver/runtime/apis';
import { ensureRecord } from '../../../object-fields.js';
import { populateConditionTimestamps, preserveConditionInstances } from './conditions.js';
import { setRequester } from './requester.js';
import { csrValidationOptions, validateCSR, validateCSRUpdate } from './validation.js';

const validateStatusUpdate = (obj: ApiObject, old: ApiObject): FieldError[] =>
  validateCSRUpdate(obj, old, { ...csrValidationOptions(obj, old), allowSettingCertificate: true });
const validateApprovalUpdate = (obj: ApiObject, old: ApiObject): FieldError[] =>
  validateCSRUpdate(obj, old, { ...csrValidationOptions(obj, old), allowSettingApprovalConditions: true });

/** Create and update behaviour of certificate signing requests. */
export class CSRStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with any names and CSR validation. */
  constructor() {
    super({
      namespaceScoped: false,
      nameFn: () => [],
      schema: certificatesV1.CertificateSigningRequestSchema,
      validate: (_ctx, obj) => validateCSR(obj, csrValidationOptions(obj)),
      validateUpdate: (_ctx, obj, old) => validateCSRUpdate(obj, old, csrValidationOptions(obj, old)),
    });
  }

  /** The requester from the request's user; no status but an empty condition list. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    super.prepareForCreate(ctx, obj);
    setRequester(ctx, obj);
    obj.status = { conditions: [] };
  }

  /** Spec and status come from the stored object: they change only through the subresources. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    super.prepareForUpdate(ctx, obj, old);
    obj.spec = structuredClone(old.spec);
    if (old.status === undefined) delete obj.status;
    else obj.status = structuredClone(old.status);
  }
}

/** The versions upstream's CSR strategies key their reset fields by. */
export const CSR_VERSIONS = ['certificates.k8s.io/v1', 'certificates.k8s.io/v1beta1'];

/** The `/status` strategy: the spec is kept, the Approved/Denied conditions keep their stored values. */
export class CSRStatusStrategy extends StatusStrategy {
  /** Wraps the main strategy. */
  constructor(base: CSRStrategy) {
    super(base, {
      keep: ['spec'],
      resetFields: resetFieldsByVersion(CSR_VERSIONS, ['spec', 'status.conditions']),
      validate: (_ctx, obj, old) => validateStatusUpdate(obj, old),
    });
  }

  /** Spec from the stored object; Approved and Denied conditions keep their stored values; timestamps filled. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    super.prepareForUpdate(ctx, obj, old);
    preserveConditionInstances(obj, old, 'Approved');
    preserveConditionInstances(obj, old, 'Denied');
    populateConditionTimestamps(obj, old);
  }
}

/** The `/approval` strategy: of spec and status only the conditions change; metadata is the request's. */
export class CSRApprovalStrategy implements RESTUpdateStrategy, ResetFieldsStrategy {
  readonly #status: StatusStrategy;

  /** Wraps the main strategy. */
  constructor(base: CSRStrategy) {
    this.#status = new StatusStrategy(base, { keep: ['spec'] });
  }

  /** Upstream's `GetResetFields` of the approval strategy. */
  getResetFields(): Record<string, readonly string[]> {
    return resetFieldsByVersion(CSR_VERSIONS, ['spec', 'status.certificate']);
  }

  /** Cluster-scoped. */
  namespaceScoped(): boolean {
    return false;
  }

  /** Approval updates never create. */
  allowCreateOnUpdate(): boolean {
    return false;
  }

  /** As the main resource. */
  allowUnconditionalUpdate(): boolean {
    return true;
  }

  /** Spec and status from the stored object but the (timestamped) conditions. */
  prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    populateConditionTimestamps(obj, old);
    const conditions = obj.status !== null && typeof obj.status === 'object' ? (obj.status as Record<string, unknown>).conditions : undefined;
    this.#status.prepareForUpdate(ctx, obj, old);
    obj.status = structuredClone(old.status ?? {});
    const status = ensureRecord(obj, 'status');
    if (conditions === undefined) delete status.conditions;
    else status.conditions = conditions;
  }

  /** `ValidateCertificateSigningRequestApprovalUpdate`. */
  validateUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): FieldError[] {
    return validateApprovalUpdate(obj, old);
  }
}
