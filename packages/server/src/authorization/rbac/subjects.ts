/**
 * Which binding subjects apply to a user (upstream `appliesTo`/`appliesToUser`) and how an allowing binding is
 * described in the decision reason (`clusterRoleBindingDescriber`, `roleBindingDescriber`).
 * @module
 */
import { goQuote } from '@apiserver/runtime';
import type { BindingObject, Subject } from './types.js';

/** The user fields RBAC reads (name and groups; the server's and the registry's UserInfo both fit). */
export interface RBACUser {
  /** User name. */
  readonly name: string;
  /** Groups. */
  readonly groups?: readonly string[] | undefined;
}

/** The user name prefix of service accounts. */
export const SERVICE_ACCOUNT_USERNAME_PREFIX = 'system:serviceaccount:';

/** The user name of a service account (`serviceaccount.MakeUsername`). */
export function serviceAccountUsername(namespace: string, name: string): string {
  return `${SERVICE_ACCOUNT_USERNAME_PREFIX}${namespace}:${name}`;
}

/**
 * Whether `subject` names `user`; a ServiceAccount subject without a namespace takes the binding's namespace
 * (none for ClusterRoleBindings, where it then matches nobody).
 */
export function appliesToUser(user: RBACUser, subject: Subject, namespace: string): boolean {
  switch (subject.kind) {
    case 'User':
      return user.name === subject.name;
    case 'Group':
      return (user.groups ?? []).includes(subject.name);
    case 'ServiceAccount': {
      const ns = (subject.namespace ?? '') === '' ? namespace : (subject.namespace ?? '');
      return ns !== '' && user.name === serviceAccountUsername(ns, subject.name);
    }
    default:
      return false;
  }
}

/** The first subject of `subjects` that applies to `user`, if any. */
export function appliesTo(user: RBACUser, subjects: readonly Subject[] | null | undefined, namespace: string): Subject | undefined {
  return (subjects ?? []).find((s) => appliesToUser(user, s, namespace));
}

/** `describeSubject`: `User "alice"`, `ServiceAccount "name/namespace"`. */
export function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') {
    const ns = (s.namespace ?? '') === '' ? bindingNamespace : (s.namespace ?? '');
    return `${s.kind} ${goQuote(`${s.name}/${ns}`)}`;
  }
  return `${s.kind} ${goQuote(s.name)}`;
}

/** How the rule that allowed a request was granted, e.g. `ClusterRoleBinding "x" of ClusterRole "y" to User "z"`. */
export function describeBinding(binding: BindingObject, subject: Subject, clusterScoped: boolean): string {
  const ref = `${binding.roleRef.kind} ${goQuote(binding.roleRef.name)}`;
  if (clusterScoped) return `ClusterRoleBinding ${goQuote(binding.metadata.name ?? '')} of ${ref} to ${describeSubject(subject, '')}`;
  const ns = binding.metadata.namespace ?? '';
  return `RoleBinding ${goQuote(`${binding.metadata.name ?? ''}/${ns}`)} of ${ref} to ${describeSubject(subject, ns)}`;
}
