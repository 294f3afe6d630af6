/**
 * The CSR strategies (pkg/registry/certificates/certificates/strategy.go). Main resource: cluster-scoped, any
 * name, requester from the request's user, empty status with no conditions on create, spec and status frozen on
 * update. `/status`: only status changes, Approved/Denied conditions kept, timestamps filled, the certificate may
 * be set once. `/approval`: only conditions change, Approved/Denied may be added.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, type RESTUpdateStrategy, StatusStrategy } from '@apiserver/registry';
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

/** The `/status` strategy: status only, with the stored Approved/Denied conditions kept. */
export class CSRStatusStrategy extends StatusStrategy {
  /** Wraps the main strategy. */
  constructor(base: CSRStrategy) {
    super(base, 'status', (_ctx, obj, old) => validateStatusUpdate(obj, old));
  }

  /** Status only; Approved and Denied conditions keep their stored values; timestamps filled. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    super.prepareForUpdate(ctx, obj, old);
    preserveConditionInstances(obj, old, 'Approved');
    preserveConditionInstances(obj, old, 'Denied');
    populateConditionTimestamps(obj, old);
  }
}

/** The `/approval` strategy: only the conditions change. */
export class CSRApprovalStrategy implements RESTUpdateStrategy {
  readonly #status: StatusStrategy;

  /** Wraps the main strategy. */
  constructor(base: CSRStrategy) {
    this.#status = new StatusStrategy(base);
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

  /** Everything from the stored object but the (timestamped) conditions. */
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
