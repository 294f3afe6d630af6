/**
 * admissionregistration.k8s.io/v1 validatingadmissionpolicies (+status) and validatingadmissionpolicybindings
 * through their Stores: defaults, status and generation handling, validation with upstream's field paths and
 * messages, printer columns.
 */
import { type ApiObject, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newValidatingAdmissionPolicyStorage } from '../../../src/registry/admissionregistration/validatingadmissionpolicy/storage.js';
import { newValidatingAdmissionPolicyBindingStorage } from '../../../src/registry/admissionregistration/validatingadmissionpolicybinding/storage.js';
import { ensureRecord } from '../../../src/object-fields.js';
import { causesOf, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
type Rec = Record<string, unknown>;

const resourceRule = { operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'] };
const validSpec = { matchConstraints: { resourceRules: [resourceRule] }, validations: [{ expression: 'object.spec.replicas <= 5' }] };
const policy = (name: string, spec: Rec): ApiObject => ({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name }, spec });
const binding = (name: string, spec: Rec): ApiObject => ({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name }, spec });
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');
const aged = (o: ApiObject): ApiObject => ({ ...o, metadata: { ...o.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });

function policyStorage(t: Test): { store: Store; status: StatusREST } {
  const map = newValidatingAdmissionPolicyStorage(memoryGetter(t), { now: () => NOW });
  t.same(Object.keys(map), ['validatingadmissionpolicies', 'validatingadmissionpolicies/status']);
  const { validatingadmissionpolicies: store, 'validatingadmissionpolicies/status': status } = map;
  if (!(store instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  return { store, status };
}

function bindingStore(t: Test): Store {
  const { validatingadmissionpolicybindings: store } = newValidatingAdmissionPolicyBindingStorage(memoryGetter(t), { now: () => NOW });
  if (!(store instanceof Store)) throw new TypeError('unexpected storage');
  return store;
}

t.test('policy: defaults, empty status, generation, status subresource', async (t) => {
  const { store, status } = policyStorage(t);
  t.notOk(store.namespaceScoped());
  t.same(store.categories(), ['api-extensions']);
  const created = await store.create({}, { ...policy('replicas', validSpec), status: { observedGeneration: 7 } });
  t.same(created.spec, {
    ...validSpec,
    failurePolicy: 'Fail',
    matchConstraints: { resourceRules: [{ ...resourceRule, scope: '*' }], matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {} },
  });
  t.same(created.status, {}, 'status set on create is dropped');
  t.equal(created.metadata.generation, 1);

  const condition = { type: 'Ready', status: 'True', reason: 'Checked', message: '', lastTransitionTime: '2026-01-01T00:00:00Z' };
  const withStatus = (await status.update({}, 'replicas', mutated((o) => Object.assign(o, { status: { observedGeneration: 1, conditions: [condition] }, spec: {} })), undefined, undefined, false, {})).object;
  t.match(withStatus, { status: { observedGeneration: 1, conditions: [condition] }, spec: { failurePolicy: 'Fail' }, metadata: { generation: 1 } }, 'status update keeps the spec');
  const badStatus = await statusErrorOf(
    t,
    status.update({}, 'replicas', mutated((o) => Object.assign(o, { status: { typeChecking: { expressionWarnings: [{ fieldRef: ' ', warning: '' }] }, conditions: [{ type: 'Ready', status: 'Maybe', reason: 'R', lastTransitionTime: '2026-01-01T00:00:00Z' }] } })), undefined, undefined, false, {}),
  );
  t.same(causesOf(badStatus), [
    'status.typeChecking.expressionWarnings[0].warning: Required value',
    'status.typeChecking.expressionWarnings[0].fieldRef: Required value',
    'status.conditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
  ]);

  const changed = await update(store, {}, 'replicas', mutated((o) => Object.assign(specOf(o), { failurePolicy: 'Ignore', status: undefined })));
  t.equal(changed.metadata.generation, 2, 'a spec change bumps generation');
  t.match(changed.status, { observedGeneration: 1 }, 'an update keeps the status');
  const relabelled = await update(store, {}, 'replicas', mutated((o) => Object.assign(o, { metadata: { ...o.metadata, labels: { a: 'b' } }, status: {} })));
  t.equal(relabelled.metadata.generation, 2);
  t.match(relabelled.status, { observedGeneration: 1 }, 'a status sent to the main resource is ignored');
});

t.test('policy: validation', async (t) => {
  const { store } = policyStorage(t);
  const rules = { resourceRules: [resourceRule] };
  const cases: [string, Rec, string[]][] = [
    ['empty', {}, [
      'spec.matchConstraints: Required value',
      'spec.validations: Required value: validations or auditAnnotations must contain at least one item',
      'spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item',
    ]],
    ['norules', { ...validSpec, failurePolicy: 'Maybe', matchConstraints: { matchPolicy: 'Fuzzy', excludeResourceRules: [{ ...resourceRule, resourceNames: ['a', 'a', 'b/c'] }] } }, [
      'spec.failurePolicy: Unsupported value: "Maybe": supported values: "Fail", "Ignore"',
      'spec.matchConstraints.matchPolicy: Unsupported value: "Fuzzy": supported values: "Equivalent", "Exact"',
      'spec.matchConstraints.excludeResourceRules[0].resourceNames[1]: Duplicate value: "a"',
      "spec.matchConstraints.excludeResourceRules[0].resourceNames[2]: Invalid value: \"b/c\": may not contain '/'",
      'spec.matchConstraints.resourceRules: Required value',
    ]],
    ['paramkind', { ...validSpec, paramKind: { apiVersion: 'a/b/c', kind: 'Bad_Kind' } }, [
      'spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
      "spec.paramKind.kind: Invalid value: \"Bad_Kind\": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
    ]],
    ['paramversion', { ...validSpec, paramKind: { apiVersion: 'example.com/', kind: '' } }, [
      'spec.paramKind.apiVersion: Invalid value: "example.com/": version must be specified',
      'spec.paramKind.kind: Required value',
    ]],
    ['expressions', {
      matchConstraints: rules,
      variables: [{ name: 'in', expression: 'object.x' }, { name: ' ', expression: '' }],
      validations: [{ expression: ' ', message: 'two\nlines', reason: 'Teapot', messageExpression: ' ' }],
      matchConditions: [{ name: 'Bad Name', expression: 'true' }],
    }, [
      "spec.matchConditions[0].name: Invalid value: \"Bad Name\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      'spec.variables[0].name: Invalid value: "in": name is not a valid CEL identifier',
      'spec.variables[1].name: Required value: name is not specified',
      'spec.variables[1].expression: Required value: expression is not specified',
      'spec.validations[0].expression: Required value: expression is not specified',
      'spec.validations[0].messageExpression: Invalid value: " ": must be non-empty if specified',
      'spec.validations[0].message: Invalid value: "two\\nlines": message must not contain line breaks',
      'spec.validations[0].reason: Unsupported value: "Teapot": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"',
    ]],
    ['audit', { matchConstraints: rules, auditAnnotations: [{ key: 'Bad Key', valueExpression: '"1"' }, { key: 'a', valueExpression: ' ' }, { key: 'a', valueExpression: 'x'.repeat(5121) }] }, [
      "spec.auditAnnotations[0].key: Invalid value: \"audit/Bad Key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      'spec.auditAnnotations[1].valueExpression: Required value: valueExpression is not specified',
      'spec.auditAnnotations[2].valueExpression: Required value: must not exceed 5120 bytes in length',
      'spec.auditAnnotations[2].key: Duplicate value: "a"',
    ]],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create({}, policy(name, spec)));
    t.same(causesOf(err), want, name);
  }
  const cel = await statusErrorOf(t, store.create({}, policy('cel', {
    matchConstraints: rules,
    variables: [{ name: 'a', expression: 'variables.b' }, { name: 'b', expression: 'object.metadata.name' }],
    matchConditions: [{ name: 'm', expression: 'params.x == 1' }],
    validations: [{ expression: 'object.spec.replicas', messageExpression: '1' }, { expression: 'request.nope == "x" && variables.a == "y"' }],
    auditAnnotations: [{ key: 'k', valueExpression: 'true' }],
  })));
  t.same(causesOf(cel), [
    "spec.matchConditions[0].expression: Invalid value: \"params.x == 1\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x == 1\n | ^",
    "spec.variables[0].expression: Invalid value: \"variables.b\": compilation failed: ERROR: <input>:1:10: undefined field 'b'\n | variables.b\n | .........^",
    'spec.validations[0].expression: Invalid value: "object.spec.replicas": must evaluate to bool',
    'spec.validations[0].messageExpression: Invalid value: "1": must evaluate to string',
    "spec.validations[1].expression: Invalid value: \"request.nope == \\\"x\\\" && variables.a == \\\"y\\\"\": compilation failed: ERROR: <input>:1:8: undefined field 'nope'\n | request.nope == \"x\" && variables.a == \"y\"\n | .......^",
    'spec.auditAnnotations[0].valueExpression: Invalid value: "true": must evaluate to one of [string null_type]',
  ], 'CEL compiled at write time: params only with a paramKind, variables declared before, result types (object is dyn, which is no bool)');
  const check = "authorizer.group('').resource('pods').check('list')";
  const authz = await statusErrorOf(t, store.create({}, policy('authz', {
    matchConstraints: rules,
    variables: [{ name: 'reader', expression: `${check}.allowed()` }],
    matchConditions: [{ name: 'm', expression: "authorizer.requestResource.check('get').allowed()" }],
    validations: [{ expression: 'variables.reader', messageExpression: `${check}.reason()` }],
    auditAnnotations: [{ key: 'k', valueExpression: `${check}.reason()` }],
  })));
  t.same(causesOf(authz), [
    "spec.validations[0].messageExpression: Invalid value: \"authorizer.group('').resource('pods').check('list').reason()\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer.group('').resource('pods').check('list').reason()\n | ^",
  ], 'authorizer everywhere but in messageExpressions, as upstream');
  const typed = await statusErrorOf(t, store.create({}, policy('typed-variables', {
    matchConstraints: rules,
    variables: [{ name: 'flag', expression: "object.metadata.name == 'x'" }, { name: 'count', expression: 'variables.flag + 1' }],
    validations: [{ expression: 'variables.flag' }, { expression: "'n' + string(variables.flag)" }],
  })));
  t.same(causesOf(typed), [
    "spec.variables[1].expression: Invalid value: \"variables.flag + 1\": compilation failed: ERROR: <input>:1:16: found no matching overload for '_+_' applied to '(bool, int)'\n | variables.flag + 1\n | ...............^",
    'spec.validations[1].expression: Invalid value: "\'n\' + string(variables.flag)": must evaluate to bool',
  ], 'each variable has the type of its expression (upstream CompositedCompiler)');
  const many = Array.from({ length: 21 }, (_, i) => ({ key: `k${i}`, valueExpression: 'v' }));
  const tooMany = await statusErrorOf(t, store.create({}, policy('many', { matchConstraints: rules, auditAnnotations: many })));
  t.match(causesOf(tooMany)[0], /^spec\.auditAnnotations: Invalid value: \[\]admissionregistration\.AuditAnnotation\{admissionregistration\.AuditAnnotation\{Key:"k0", ValueExpression:"v"\}, .*\}: must not have more than 20 auditAnnotations$/);
});

t.test('policy printer: NAME VALIDATIONS PARAMKIND AGE', async (t) => {
  const { store } = policyStorage(t);
  const created = await store.create({}, policy('p', { ...validSpec, paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } }));
  const table = await store.convertToTable({}, aged(created));
  t.same(table.columnDefinitions.map((c) => [c.name, c.type]), [['Name', 'string'], ['Validations', 'integer'], ['ParamKind', 'string'], ['Age', 'string']]);
  t.same(table.rows[0]?.cells, ['p', 1, 'v1/ConfigMap', '60m']);
  t.same((await store.convertToTable({}, aged({ ...created, spec: { validations: [] } }))).rows[0]?.cells, ['p', 0, '<unset>', '60m']);
});

t.test('binding: defaults, generation, validation, printer', async (t) => {
  const store = bindingStore(t);
  t.notOk(store.namespaceScoped());
  t.same(store.categories(), ['api-extensions']);
  const created = await store.create({}, binding('b', { policyName: 'replicas', validationActions: ['Deny'], matchResources: { resourceRules: [resourceRule] } }));
  t.same(created.spec, {
    policyName: 'replicas',
    validationActions: ['Deny'],
    matchResources: { resourceRules: [{ ...resourceRule, scope: '*' }], matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {} },
  });
  t.equal(created.metadata.generation, 1);
  const changed = await update(store, {}, 'b', mutated((o) => Object.assign(specOf(o), { validationActions: ['Warn', 'Audit'] })));
  t.equal(changed.metadata.generation, 2);

  const cases: [string, Rec, string[]][] = [
    ['empty', {}, ['spec.policyName: Required value', 'spec.validationActions: Required value: at least one validation action is required']],
    ['actions', { policyName: 'Bad_Policy', validationActions: ['Deny', 'Warn', 'Block', 'Deny'] }, [
      "spec.policyName: Invalid value: \"Bad_Policy\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'spec.validationActions[2]: Unsupported value: "Block": supported values: "Audit", "Deny", "Warn"',
      'spec.validationActions[3]: Duplicate value: "Deny"',
      'spec.validationActions: Invalid value: []admissionregistration.ValidationAction{"Deny", "Warn", "Block", "Deny"}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
    ]],
    ['noref', { policyName: 'p', validationActions: ['Audit'], paramRef: {} }, [
      'spec.paramRef: Required value: one of name or selector must be specified',
      'spec.paramRef.parameterNotFoundAction: Required value',
    ]],
    ['bothref', { policyName: 'p', validationActions: ['Audit'], paramRef: { name: 'a/b', selector: {}, parameterNotFoundAction: 'Ignore' } }, [
      "spec.paramRef.name: Invalid value: \"a/b\": may not contain '/'",
      'spec.paramRef.name: Forbidden: name and selector are mutually exclusive',
      'spec.paramRef.selector: Forbidden: name and selector are mutually exclusive',
      'spec.paramRef.parameterNotFoundAction: Unsupported value: "Ignore": supported values: "Deny", "Allow"',
    ]],
    ['match', { policyName: 'p', validationActions: ['Audit'], matchResources: { matchPolicy: 'Fuzzy' } }, [
      'spec.matchResouces.matchPolicy: Unsupported value: "Fuzzy": supported values: "Equivalent", "Exact"',
    ]],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create({}, binding(name, spec)));
    t.same(causesOf(err), want, name);
  }

  const table = await store.convertToTable({}, aged(created));
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'PolicyName', 'ParamRef', 'Age']);
  t.same(table.rows[0]?.cells, ['b', 'replicas', '<unset>', '60m']);
  const withRef = (paramRef: Rec): Promise<unknown[] | undefined> => store.convertToTable({}, aged({ ...created, spec: { policyName: 'replicas', paramRef } })).then((tb) => tb.rows[0]?.cells);
  t.same((await withRef({ name: 'limits', namespace: 'ns' }))?.[2], 'ns/limits');
  t.same((await withRef({ name: 'limits' }))?.[2], '*/limits');
  t.same(
    (await withRef({ selector: { matchLabels: { z: '1', a: '2' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['a', 'b'] }] } }))?.[2],
    '&LabelSelector{MatchLabels:map[string]string{a: 2,z: 1,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:env,Operator:In,Values:[a b],},},}',
  );
});
