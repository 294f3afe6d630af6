/**
 * The strategy both APF configuration kinds share (pkg/registry/flowcontrol/{flowschema,prioritylevelconfiguration}/
 * strategy.go): cluster-scoped, defaults, an empty status and generation 1 on create; updates keep status and bump
 * generation on spec changes, validated as new objects; the status strategy keeps spec and metadata (all but managedFields).
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, resetFieldsByVersion, StatusStrategy } from '@apiserver/registry';
import type { FieldError, TSchema } from '@apiserver/runtime';

/** The versions upstream's flow control strategies key their reset fields by. */
const FLOWCONTROL_VERSIONS = ['v1beta1', 'v1beta2', 'v1beta3', 'v1'].map((v) => `flowcontrol.apiserver.k8s.io/${v}`);

/** What tells the two kinds apart. */
export interface ConfigurationKind {
  /** The kind's v1 schema. */
  readonly schema: TSchema;
  /** Its v1 defaulting. */
  readonly defaults: (obj: ApiObject) => void;
  /** Validation of a whole object (create and update). */
  readonly validate: (obj: ApiObject) => FieldError[];
  /** Validation of a status update. */
  readonly validateStatus: (obj: ApiObject) => FieldError[];
}

/** Create and update behaviour of flowschemas or prioritylevelconfigurations. */
export class ConfigurationStrategy extends GenericStrategy {
  readonly #kind: ConfigurationKind;

  /** The strategy of `kind`. */
  constructor(kind: ConfigurationKind) {
    super({
      namespaceScoped: false,
      statusField: 'status',
      trackGeneration: true,
      schema: kind.schema,
      validate: (_ctx, obj) => kind.validate(obj),
      validateUpdate: (_ctx, obj) => kind.validate(obj),
    });
    this.#kind = kind;
  }

  /** Defaults, then an empty status and generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    this.#kind.defaults(obj);
    super.prepareForCreate(ctx, obj);
    obj.status = {};
  }

  /** Defaults, keeps status, bumps generation on spec changes. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    this.#kind.defaults(obj);
    super.prepareForUpdate(ctx, obj, old);
  }

  /** The `/status` update strategy. */
  statusStrategy(): StatusStrategy {
    return new StatusStrategy(this, {
      keep: ['spec'],
      keepMetadata: 'all-but-managedFields',
      resetFields: resetFieldsByVersion(FLOWCONTROL_VERSIONS, ['metadata', 'spec']),
      validate: (_ctx, obj) => this.#kind.validateStatus(obj),
    });
  }
}
