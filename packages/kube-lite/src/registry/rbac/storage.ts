/**
 * Storage of rbac.authorization.k8s.io/v1 (pkg/registry/rbac/*\/storage wrapped by *\/policybased): generic Stores
 * whose create and update first run the escalation checks.
 * @module
 */
import {
  type ApiObject,
  type RequestContext,
  Store,
  type StoreOptions,
  type UpdatedObjectInfo,
  type UpdateResult,
  type ValidateObjectFunc,
  type ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import type { CreateOptions, QualifiedResource, UpdateOptions } from '@apiserver/runtime';
import type { PrinterOptions } from '../../printers/index.js';
import type { RESTOptionsGetter } from '../rest-options.js';
import { type ResourceStoreOptions, storeOptionsFor } from '../store-options.js';
import { checkBindingEscalation, checkRoleEscalation, type EscalationPolicy } from './escalation-check.js';
import { newBindingTableConvertor, newRoleTableConvertor } from './printer.js';
import { newBindingStrategy, newClusterRoleStrategy, newRoleStrategy } from './strategy.js';
import { RBAC_GROUP_NAME } from './validation.js';

/** The escalation check a policy-based store runs before each write. */
type EscalationCheck = (policy: EscalationPolicy, ctx: RequestContext, gr: QualifiedResource, obj: ApiObject, old?: ApiObject) => Promise<void>;

/** A Store whose create and update first make sure the writer grants nothing they do not hold. */
export class PolicyBasedStore extends Store {
  readonly #policy: EscalationPolicy;
  readonly #check: EscalationCheck;
  readonly #resource: QualifiedResource;

  /** A store over `options` checking each write with `check` under `policy`. */
  constructor(options: StoreOptions, policy: EscalationPolicy, check: EscalationCheck) {
    super(options);
    this.#policy = policy;
    this.#check = check;
    this.#resource = options.defaultQualifiedResource;
  }

  /** Checks escalation, then creates. */
  override async create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    await this.#check(this.#policy, ctx, this.#resource, obj);
    return super.create(ctx, obj, createValidation, options);
  }

  /** Updates, checking escalation on the new object against the old one (create-on-update has none). */
  override update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    const checked: UpdatedObjectInfo = {
      preconditions: () => objInfo.preconditions(),
      updatedObject: async (c, old) => {
        const obj = await objInfo.updatedObject(c, old);
        await this.#check(this.#policy, c, this.#resource, obj, old);
        return obj;
      },
    };
    return super.update(ctx, name, checked, createValidation, updateValidation, forceAllowCreate, options);
  }
}

/** Options of the RBAC storage. */
export interface RBACStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

function storeOptions(getter: RESTOptionsGetter, resource: string, singular: string, kind: string): ResourceStoreOptions {
  return storeOptionsFor(getter, { group: RBAC_GROUP_NAME, version: 'v1', kind, resource, singular });
}

/** The four RBAC stores: `roles`, `rolebindings`, `clusterroles` and `clusterrolebindings`. */
export interface RBACStores {
  /** Namespaced Roles. */
  readonly roles: PolicyBasedStore;
  /** Namespaced RoleBindings. */
  readonly rolebindings: PolicyBasedStore;
  /** ClusterRoles. */
  readonly clusterroles: PolicyBasedStore;
  /** ClusterRoleBindings. */
  readonly clusterrolebindings: PolicyBasedStore;
}

/** Builds the RBAC stores, each write checked under `policy`. */
export function newRBACStores(getter: RESTOptionsGetter, policy: EscalationPolicy, options: RBACStorageOptions = {}): RBACStores {
  const role = newRoleStrategy();
  const clusterRole = newClusterRoleStrategy();
  const binding = newBindingStrategy(true);
  const clusterBinding = newBindingStrategy(false);
  const strategies = (s: typeof role) => ({ create: s, update: s, delete: s });
  return {
    roles: new PolicyBasedStore(
      { ...storeOptions(getter, 'roles', 'role', 'Role'), strategies: strategies(role), tableConvertor: newRoleTableConvertor(options.printer) },
      policy,
      checkRoleEscalation,
    ),
    rolebindings: new PolicyBasedStore(
      {
        ...storeOptions(getter, 'rolebindings', 'rolebinding', 'RoleBinding'),
        strategies: strategies(binding),
        tableConvertor: newBindingTableConvertor('roleBinding', options.printer),
      },
      policy,
      checkBindingEscalation,
    ),
    clusterroles: new PolicyBasedStore(
      {
        ...storeOptions(getter, 'clusterroles', 'clusterrole', 'ClusterRole'),
        strategies: strategies(clusterRole),
        tableConvertor: newRoleTableConvertor(options.printer),
      },
      policy,
      checkRoleEscalation,
    ),
    clusterrolebindings: new PolicyBasedStore(
      {
        ...storeOptions(getter, 'clusterrolebindings', 'clusterrolebinding', 'ClusterRoleBinding'),
        strategies: strategies(clusterBinding),
        tableConvertor: newBindingTableConvertor('clusterRoleBinding', options.printer),
      },
      policy,
      checkBindingEscalation,
    ),
  };
}
