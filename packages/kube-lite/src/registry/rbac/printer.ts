/**
 * kubectl's RBAC columns (pkg/printers/internalversion `printRole`, `printRoleBinding`, …): roles and
 * clusterroles NAME CREATED AT; rolebindings and clusterrolebindings NAME ROLE AGE, and with `-o wide` USERS
 * GROUPS SERVICEACCOUNTS.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, isRecord, NAME_COLUMN, OBJECT_META_CREATION_TIMESTAMP_DOC, type PrinterOptions, PrinterTableConvertor } from '../../printers/index.js';

const ROLE_REF_DOC =
  'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.';

const ROLE_COLUMNS = [NAME_COLUMN, column('Created At', 'date', OBJECT_META_CREATION_TIMESTAMP_DOC)];

function bindingColumns(what: string) {
  return [
    NAME_COLUMN,
    column('Role', 'string', ROLE_REF_DOC),
    AGE_COLUMN,
    column('Users', 'string', `Users in the ${what}`, { priority: 1 }),
    column('Groups', 'string', `Groups in the ${what}`, { priority: 1 }),
    column('ServiceAccounts', 'string', `ServiceAccounts in the ${what}`, { priority: 1 }),
  ];
}

/** `SubjectsStrings`: user names, group names and service accounts (`namespace/name`, or the name alone). */
export function subjectsStrings(obj: ApiObject): { users: string[]; groups: string[]; serviceAccounts: string[] } {
  const out = { users: [] as string[], groups: [] as string[], serviceAccounts: [] as string[] };
  for (const s of Array.isArray(obj.subjects) ? obj.subjects : []) {
    if (!isRecord(s) || typeof s.name !== 'string') continue;
    if (s.kind === 'User') out.users.push(s.name);
    else if (s.kind === 'Group') out.groups.push(s.name);
    else if (s.kind === 'ServiceAccount') out.serviceAccounts.push(typeof s.namespace === 'string' && s.namespace !== '' ? `${s.namespace}/${s.name}` : s.name);
  }
  return out;
}

/** The cells of a Role or ClusterRole: name and creation time in RFC 3339. */
export function printRole(role: ApiObject): unknown[] {
  return [role.metadata.name ?? '', role.metadata.creationTimestamp ?? ''];
}

/** The cells of a RoleBinding or ClusterRoleBinding: name, `Kind/name` of the role, age, subjects by kind. */
export function printBinding(binding: ApiObject, now: number): unknown[] {
  const ref = isRecord(binding.roleRef) ? binding.roleRef : {};
  const { users, groups, serviceAccounts } = subjectsStrings(binding);
  return [
    binding.metadata.name ?? '',
    `${String(ref.kind ?? '')}/${String(ref.name ?? '')}`,
    ageCell(binding, now),
    users.join(', '),
    groups.join(', '),
    serviceAccounts.join(', '),
  ];
}

/** The roles' or clusterroles' TableConvertor. */
export function newRoleTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(ROLE_COLUMNS, (role) => printRole(role), options);
}

/** The rolebindings' (`roleBinding`) or clusterrolebindings' (`clusterRoleBinding`) TableConvertor. */
export function newBindingTableConvertor(what: 'roleBinding' | 'clusterRoleBinding', options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(bindingColumns(what), (b, ctx) => printBinding(b, ctx.now), options);
}
