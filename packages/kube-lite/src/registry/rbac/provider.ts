/**
 * `rbac.authorization.k8s.io/v1` for kube-lite: the RESTStorageProvider of the four RBAC resources, the RBAC
 * authorizer over the installed groups, and the bootstrap policy hook.
 * @module
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { RequestContext } from '@apiserver/registry';
import { type APIGroupInfo, type Authorizer, RBACAuthorizer, type RBACUser, RuleResolver } from '@apiserver/server';
import type { PrinterOptions } from '../../printers/index.js';
import { storageOf } from '../../server/group-storage.js';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { groupInfoOf, withoutDisabledResources } from '../enabled-storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { ensureBootstrapObjects } from './bootstrap-policy.js';
import type { EscalationPolicy } from './escalation-check.js';
import { ensureNamespacedBootstrapObjects } from './namespace-policy.js';
import { InformerRuleSource } from './informer-rule-source.js';
import { RBACStorageError, type RBACStorages, StoreRuleSource } from './rule-source.js';
import { newRBACStores } from './storage.js';
import { RBAC_GROUP_NAME } from './validation.js';

/** Options of `rbacRESTStorageProvider`. */
export interface RBACProviderOptions {
  /** The scheme (default: a new built-in scheme). */
  readonly scheme?: Scheme;
  /**
   * The server's authorizer (all modes, late-bound), asked whether a writer may `escalate` a role or `bind` a
   * role; while it answers undefined, an RBAC authorizer over these stores is asked instead.
   */
  readonly authorizer?: () => Authorizer | undefined;
  /**
   * The user of a write (default `ctx.user`); pass a lookup when the request context does not carry the user
   * (e.g. the user the authorization filter saw, tracked per request).
   */
  readonly userOf?: (ctx: RequestContext) => RBACUser | undefined;
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

function contextUser(ctx: RequestContext): RBACUser | undefined {
  return ctx.user;
}

/** The RBAC group's provider: roles, rolebindings, clusterroles, clusterrolebindings with escalation prevention. */
export function rbacRESTStorageProvider(options: RBACProviderOptions = {}): RESTStorageProvider {
  const scheme = options.scheme ?? newBuiltinScheme();
  return {
    groupName: () => RBAC_GROUP_NAME,
    newRESTStorage(config: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo {
      let source: StoreRuleSource | undefined;
      const sourceOf = (): StoreRuleSource => {
        if (source === undefined) throw new RBACStorageError('the RBAC stores are not built yet');
        return source;
      };
      const policy: EscalationPolicy = {
        userOf: options.userOf ?? contextUser,
        authorizer: () => options.authorizer?.() ?? new RBACAuthorizer(sourceOf()),
        resolver: () => new RuleResolver(sourceOf()),
      };
      const stores = newRBACStores(getter, policy, options.printer === undefined ? {} : { printer: options.printer });
      source = new StoreRuleSource(stores);
      // The four stores back each other's escalation checks, so all are built; disabled ones are not served.
      const v1 = { group: RBAC_GROUP_NAME, version: 'v1' };
      return groupInfoOf([{ gv: v1, storage: withoutDisabledResources(config, v1, { ...stores }) }], { scheme });
    },
  };
}

/** The RBAC rule source over the installed RBAC group; throws RBACStorageError when it is not installed. */
export function rbacRuleSourceFor(groups: readonly APIGroupInfo[]): StoreRuleSource {
  return new StoreRuleSource(rbacStoragesOf(groups));
}

/** The four RBAC storages of the installed groups; throws RBACStorageError when the group is not installed. */
function rbacStoragesOf(groups: readonly APIGroupInfo[]): RBACStorages {
  const of = (resource: string) => storageOf(groups, RBAC_GROUP_NAME, resource);
  if (of('roles') === undefined) throw new RBACStorageError(`the ${RBAC_GROUP_NAME} group is not installed`);
  return { roles: of('roles'), rolebindings: of('rolebindings'), clusterroles: of('clusterroles'), clusterrolebindings: of('clusterrolebindings') };
}

/** The `RBAC` mode as kube-lite runs it, and the informers it reads. */
export interface RBACMode {
  /** The authorizer (pass it to `authorizerForModes` as `{ RBAC }`). */
  readonly authorizer: RBACAuthorizer;
  /** Its informer caches, to start with the server; absent when the RBAC storages cannot be watched. */
  readonly informers?: InformerRuleSource;
}

/**
 * The `RBAC` mode over informer caches of the installed RBAC group, as kube-apiserver's reads its informers' listers
 * (until the caches are started and synced, it reads the Stores); over the Stores alone when they cannot be watched.
 * Throws RBACStorageError when the group is not installed.
 */
export function rbacModeFor(groups: readonly APIGroupInfo[]): RBACMode {
  const stores = rbacStoragesOf(groups);
  if (!InformerRuleSource.supports(stores)) return { authorizer: new RBACAuthorizer(new StoreRuleSource(stores)) };
  const informers = new InformerRuleSource(stores);
  return { authorizer: new RBACAuthorizer(informers), informers };
}

/**
 * Creates the missing bootstrap ClusterRoles and ClusterRoleBindings, then the missing Roles and RoleBindings of
 * `kube-system` and `kube-public` (a post-start hook: `rbac/bootstrap-roles` upstream); does nothing for a kind
 * that is not served.
 */
export async function ensureBootstrapPolicy(groups: readonly APIGroupInfo[]): Promise<void> {
  const clusterRoles = storageOf(groups, RBAC_GROUP_NAME, 'clusterroles');
  const clusterRoleBindings = storageOf(groups, RBAC_GROUP_NAME, 'clusterrolebindings');
  if (clusterRoles !== undefined && clusterRoleBindings !== undefined) await ensureBootstrapObjects(clusterRoles, clusterRoleBindings);
  const roles = storageOf(groups, RBAC_GROUP_NAME, 'roles');
  const roleBindings = storageOf(groups, RBAC_GROUP_NAME, 'rolebindings');
  const namespaces = storageOf(groups, '', 'namespaces');
  if (roles !== undefined && roleBindings !== undefined) await ensureNamespacedBootstrapObjects({ ...(namespaces !== undefined && { namespaces }), roles, roleBindings });
}
