/**
 * Type checking of ValidatingAdmissionPolicies (upstream typechecking.go): which kinds are checked, and the warning
 * of each expression per kind.
 */
import type { SchemaCelType } from '@apiserver/apiextensions';
import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { type GroupVersionKind, type TypeCheckingResolver, typeCheckPolicy, typesToCheck } from '../../src/admission/validating-admission-policy/type-checking.js';

const int: SchemaCelType = { kind: 'int' };
const str: SchemaCelType = { kind: 'string' };
const obj = (fields: Record<string, SchemaCelType>): SchemaCelType => ({ kind: 'object', fields: new Map(Object.entries(fields)) });
const widget = obj({ apiVersion: str, kind: str, metadata: obj({ name: str }), spec: obj({ size: int }) });

const resolver: TypeCheckingResolver = {
  kindsFor: (group, version, resource) => {
    const kind = { widgets: 'Widget', gadgets: 'Gadget', things: 'Thing' }[resource];
    return kind === undefined || group !== 'x.io' ? [] : [{ group, version, kind }];
  },
  typeOf: (gvk: GroupVersionKind) => (gvk.kind === 'Thing' ? undefined : gvk.kind === 'Limit' ? obj({ max: int }) : widget),
};

const policy = (spec: Record<string, unknown>): ApiObject => ({ metadata: { name: 'p', generation: 1 }, spec }) as ApiObject;
const rules = (...rs: Record<string, unknown>[]) => ({ matchConstraints: { resourceRules: rs } });
const rule = (apiGroups: string[], apiVersions: string[], resources: string[]) => ({ apiGroups, apiVersions, resources, operations: ['*'] });

t.test('the kinds checked: explicit rules only, sorted, at most ten', async (t) => {
  t.same(typesToCheck(policy(rules(rule(['x.io'], ['v2', 'v1'], ['widgets', 'gadgets', 'widgets/status', '*']))), resolver), [
    { group: 'x.io', version: 'v1', kind: 'Gadget' },
    { group: 'x.io', version: 'v1', kind: 'Widget' },
    { group: 'x.io', version: 'v2', kind: 'Gadget' },
    { group: 'x.io', version: 'v2', kind: 'Widget' },
  ]);
  t.same(typesToCheck(policy(rules(rule(['*'], ['v1'], ['widgets']), rule(['x.io'], ['v*'], ['widgets']))), resolver), [], 'wildcard groups or versions');
  const versions = Array.from({ length: 12 }, (_, i) => `v${i + 10}`);
  t.equal(typesToCheck(policy(rules(rule(['x.io'], versions, ['widgets']))), resolver).length, 10);
});

t.test('warnings per expression, one line per kind, kinds without a schema skipped', async (t) => {
  const warnings = typeCheckPolicy(policy({
    ...rules(rule(['x.io'], ['v1'], ['widgets', 'things'])),
    paramKind: { apiVersion: 'x.io/v1', kind: 'Limit' },
    variables: [{ name: 'max', expression: 'params.max' }],
    validations: [
      { expression: 'object.spec.size <= variables.max' },
      { expression: 'object.spec.sise > 0', messageExpression: "'size ' + object.spec.size" },
    ],
  }), resolver);
  t.equal(warnings.length, 2);
  t.same(warnings.map((w) => w.fieldRef), ['spec.validations[1].expression', 'spec.validations[1].messageExpression']);
  t.equal(warnings[0]?.warning, "x.io/v1, Kind=Widget: ERROR: <input>:1:12: undefined field 'sise'\n | object.spec.sise > 0\n | ...........^\n");
  t.match(warnings[1]?.warning, /^x\.io\/v1, Kind=Widget: ERROR: <input>:1:9: found no matching overload for '_\+_' applied to '\(string, int\)'/);
  const twoKinds = typeCheckPolicy(policy({ ...rules(rule(['x.io'], ['v1', 'v2'], ['widgets'])), validations: [{ expression: 'object.nope' }] }), resolver);
  t.match(twoKinds[0]?.warning, /^x\.io\/v1, Kind=Widget: ERROR: .*\n\nx\.io\/v2, Kind=Widget: ERROR: .*\n$/s, 'kinds joined by an empty line');
  t.same(typeCheckPolicy(policy({ ...rules(rule(['x.io'], ['v1'], ['widgets'])), validations: [{ expression: 'params.max > 0' }] }), resolver).map((w) => w.fieldRef), [
    'spec.validations[0].expression',
  ], 'params undeclared without a paramKind');
});
