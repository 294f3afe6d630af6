/**
 * Type checking of a ValidatingAdmissionPolicy (apiserver's `policy/validating/typechecking.go`): its validations'
 * expressions and messageExpressions are compiled once per kind its `matchConstraints` name, with `object` and
 * `oldObject` of that kind's type and `params` of the paramKind's type (the types the server's OpenAPI gives them), so
 * a misspelt field or a wrong operand shows before any request. The kinds are those of resource rules without
 * wildcards (subresources left out), at most 10, sorted by group, version and kind; a kind without a schema is not
 * checked. Each expression with issues gets one warning: per kind, `<group>/<version>, Kind=<kind>: <issues>`.
 * Checking never changes what the policy does.
 * @module
 */
import { admissionExpressionIssues, composeAdmissionVariables, type SchemaCelType } from '@apiserver/apiextensions';
import type { ApiObject } from '@apiserver/registry';
import { recordAt, recordsAt, stringAt, stringsAt } from '../../object-fields.js';

/** A group, version and kind. */
export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

/** What type checking needs of the server (upstream's RESTMapper and schema resolver). */
export interface TypeCheckingResolver {
  /** The kinds a group, version and resource are served as (none when not served). */
  kindsFor(group: string, version: string, resource: string): readonly GroupVersionKind[];
  /** The CEL type of a kind's objects, from its OpenAPI schema; `undefined` without one. */
  typeOf(gvk: GroupVersionKind): SchemaCelType | undefined;
}

/** One warning of `status.typeChecking.expressionWarnings`. */
export interface ExpressionWarning {
  readonly fieldRef: string;
  readonly warning: string;
}

/** At most this many kinds are checked (`maxTypesToCheck`). */
const MAX_TYPES_TO_CHECK = 10;

/** `schema.GroupVersionKind.String()`. */
function gvkString(gvk: GroupVersionKind): string {
  return `${gvk.group}/${gvk.version}, Kind=${gvk.kind}`;
}

/** Go's `sort.Strings` order. */
const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function compareGVK(a: GroupVersionKind, b: GroupVersionKind): number {
  return byCodeUnit(a.group, b.group) || byCodeUnit(a.version, b.version) || byCodeUnit(a.kind, b.kind);
}

/** `typesToCheck`: the kinds the policy's resource rules name explicitly. */
export function typesToCheck(policy: ApiObject, resolver: TypeCheckingResolver): GroupVersionKind[] {
  const found = new Map<string, GroupVersionKind>();
  const sorted = (): GroupVersionKind[] => [...found.values()].sort(compareGVK);
  let count = 0;
  for (const rule of recordsAt(recordAt(recordAt(policy, 'spec'), 'matchConstraints'), 'resourceRules')) {
    const groups = stringsAt(rule, 'apiGroups');
    const versions = stringsAt(rule, 'apiVersions');
    if (groups.some((g) => g.includes('*')) || versions.some((v) => v.includes('*'))) continue;
    const resources = stringsAt(rule, 'resources').filter((r) => !r.includes('*') && !r.includes('/'));
    for (const group of [...groups].sort(byCodeUnit)) {
      for (const version of [...versions].sort(byCodeUnit)) {
        for (const resource of [...resources].sort(byCodeUnit)) {
          for (const gvk of resolver.kindsFor(group, version, resource)) {
            found.set(gvkString(gvk), gvk);
            if (++count === MAX_TYPES_TO_CHECK) return sorted();
          }
        }
      }
    }
  }
  return sorted();
}

/** `generateUniqueTypeName`: the kind and the nanoseconds of the current second. */
function uniqueTypeName(kind: string): string {
  const nanos = (Date.now() % 1000) * 1_000_000 + Number(process.hrtime.bigint() % 1_000_000n);
  return `${kind}${nanos}`;
}

function named(type: SchemaCelType | undefined, kind: string): SchemaCelType | undefined {
  return type?.kind === 'object' ? { ...type, name: uniqueTypeName(kind) } : type;
}

/** The paramKind's group, version and kind, when it parses. */
function paramsGVK(policy: ApiObject): GroupVersionKind | undefined {
  const paramKind = recordAt(recordAt(policy, 'spec'), 'paramKind');
  if (paramKind === undefined) return undefined;
  const apiVersion = stringAt(paramKind, 'apiVersion');
  const parts = apiVersion.split('/');
  if (parts.length > 2 || apiVersion === '') return undefined;
  const [group, version] = parts.length === 2 ? [parts[0] ?? '', parts[1] ?? ''] : ['', parts[0] ?? ''];
  return { group, version, kind: stringAt(paramKind, 'kind') };
}

/** `TypeChecker.Check`: the warnings of the policy's validations, in order (none when every expression checks). */
export function typeCheckPolicy(policy: ApiObject, resolver: TypeCheckingResolver): ExpressionWarning[] {
  const spec = recordAt(policy, 'spec');
  const paramKind = paramsGVK(policy);
  const paramsType = paramKind === undefined ? undefined : named(resolver.typeOf(paramKind), paramKind.kind);
  const variables = recordsAt(spec, 'variables').map((v) => ({ name: stringAt(v, 'name'), expression: stringAt(v, 'expression') }));
  const kinds = typesToCheck(policy, resolver).flatMap((gvk) => {
    const object = named(resolver.typeOf(gvk), gvk.kind);
    if (object === undefined) return [];
    const typed = { object, ...(paramsType !== undefined && { params: paramsType }) };
    return [{ gvk, declarations: composeAdmissionVariables(variables, paramsType !== undefined, typed).declarations() }];
  });
  const check = (expression: string): string | undefined => {
    const messages = kinds.flatMap(({ gvk, declarations }) => {
      const issues = admissionExpressionIssues(expression, declarations);
      return issues === undefined ? [] : [`${gvkString(gvk)}: ${issues}\n`];
    });
    return messages.length === 0 ? undefined : messages.join('\n');
  };
  const warnings: ExpressionWarning[] = [];
  for (const [i, validation] of recordsAt(spec, 'validations').entries()) {
    const field = `spec.validations[${i}]`;
    const expression = check(stringAt(validation, 'expression'));
    if (expression !== undefined) warnings.push({ fieldRef: `${field}.expression`, warning: expression });
    const messageExpression = stringAt(validation, 'messageExpression');
    if (messageExpression === '') continue;
    const message = check(messageExpression);
    if (message !== undefined) warnings.push({ fieldRef: `${field}.messageExpression`, warning: message });
  }
  return warnings;
}
