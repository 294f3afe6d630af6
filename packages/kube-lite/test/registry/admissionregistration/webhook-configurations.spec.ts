/**
 * admissionregistration.k8s.io/v1 validating and mutating webhook configurations through their Stores: the v1
 * defaults, generation tracking, conditional updates, validation with upstream's field paths and messages (and the
 * update rules that keep what a stored configuration already breaks), printer columns.
 */
import { type ApiObject, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { validateWebhookConfigurationUpdate } from '../../../src/registry/admissionregistration/webhook-validation.js';
import { newMutatingWebhookConfigurationStorage, newValidatingWebhookConfigurationStorage } from '../../../src/registry/admissionregistration/webhook-configuration-storage.js';
import { causesOf, fieldErrorStrings, memoryGetter, mutated, replaceWith, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
type Rec = Record<string, unknown>;

const service = { namespace: 'hooks', name: 'webhook' };
const rule = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };
const hook = (h: Rec = {}): Rec => ({ name: 'pods.hooks.example.com', clientConfig: { service }, rules: [rule], sideEffects: 'None', admissionReviewVersions: ['v1'], ...h });
const config = (kind: string, name: string, webhooks: Rec[]): ApiObject => ({ apiVersion: 'admissionregistration.k8s.io/v1', kind, metadata: { name }, webhooks });
const hooksOf = (o: ApiObject): Rec[] => o.webhooks as Rec[];

function stores(t: Test): { validating: Store; mutating: Store } {
  const getter = memoryGetter(t);
  const { validatingwebhookconfigurations: validating } = newValidatingWebhookConfigurationStorage(getter, { now: () => NOW });
  const { mutatingwebhookconfigurations: mutating } = newMutatingWebhookConfigurationStorage(getter, { now: () => NOW });
  if (!(validating instanceof Store) || !(mutating instanceof Store)) throw new TypeError('unexpected storage');
  return { validating, mutating };
}

t.test('defaults, generation and conditional updates', async (t) => {
  const { validating, mutating } = stores(t);
  t.notOk(validating.namespaceScoped());
  t.same(validating.categories(), ['api-extensions']);
  t.same(mutating.shortNames(), []);
  const created = await validating.create({}, config('ValidatingWebhookConfiguration', 'v', [hook()]));
  t.same(hooksOf(created)[0], {
    ...hook(),
    clientConfig: { service: { ...service, port: 443 } },
    rules: [{ ...rule, scope: '*' }],
    failurePolicy: 'Fail',
    matchPolicy: 'Equivalent',
    namespaceSelector: {},
    objectSelector: {},
    timeoutSeconds: 10,
  });
  t.equal(created.metadata.generation, 1);
  const m = await mutating.create({}, config('MutatingWebhookConfiguration', 'm', [hook({ clientConfig: { url: 'https://hooks.example.com:8443/mutate' }, timeoutSeconds: 5 })]));
  t.match(hooksOf(m)[0], { reinvocationPolicy: 'Never', timeoutSeconds: 5, clientConfig: { url: 'https://hooks.example.com:8443/mutate' } });

  const changed = await update(validating, {}, 'v', mutated((o) => Object.assign(hooksOf(o)[0] ?? {}, { failurePolicy: 'Ignore' })));
  t.equal(changed.metadata.generation, 2, 'a webhook change bumps generation');
  const labelled = await update(validating, {}, 'v', mutated((o) => Object.assign(o.metadata, { labels: { a: 'b' } })));
  t.equal(labelled.metadata.generation, 2, 'a label does not');
  const unconditional = { ...labelled, metadata: { ...labelled.metadata, resourceVersion: undefined } };
  const err = await statusErrorOf(t, validating.update({}, 'v', replaceWith(unconditional), undefined, undefined, false, {}));
  t.same(causesOf(err), ['metadata.resourceVersion: Invalid value: 0x0: must be specified for an update']);
});

t.test('validating webhook validation', async (t) => {
  const { validating } = stores(t);
  const cases: [string, Rec[], string[]][] = [
    ['names', [hook({ name: 'hook' }), hook({ name: 'Bad_Name.example.com' }), hook({ name: 'a.b.c' }), hook({ name: 'a.b.c' })], [
      'webhooks[0].name: Invalid value: "hook": should be a domain with at least three segments separated by dots',
      "webhooks[1].name: Invalid value: \"Bad_Name.example.com\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'webhooks[3].name: Duplicate value: "a.b.c"',
    ]],
    ['policies', [hook({ failurePolicy: 'Never', matchPolicy: 'Fuzzy', sideEffects: 'Some', timeoutSeconds: 31 })], [
      'webhooks[0].failurePolicy: Unsupported value: "Never": supported values: "Fail", "Ignore"',
      'webhooks[0].matchPolicy: Unsupported value: "Fuzzy": supported values: "Equivalent", "Exact"',
      'webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
      'webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds',
    ]],
    ['nosideeffects', [hook({ sideEffects: undefined, timeoutSeconds: 0 })], [
      'webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun',
      'webhooks[0].timeoutSeconds: Invalid value: 0: the timeout value must be between 1 and 30 seconds',
    ]],
    ['reviewversions', [hook({ admissionReviewVersions: [] }), hook({ name: 'b.example.com', admissionReviewVersions: ['v2', 'v2', 'V3'] })], [
      'webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1',
      'webhooks[1].admissionReviewVersions[1]: Invalid value: "v2": duplicate version',
      "webhooks[1].admissionReviewVersions[2]: Invalid value: \"V3\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
      'webhooks[1].admissionReviewVersions: Invalid value: []string{"v2", "v2", "V3"}: must include at least one of v1, v1beta1',
    ]],
    ['rules', [hook({ rules: [
      { operations: ['*', 'CREATE'], apiGroups: ['*', 'apps'], apiVersions: ['v1', ''], resources: ['*', 'pods'], scope: 'Global' },
      { operations: ['PATCH'], apiGroups: [], apiVersions: [], resources: [] },
      { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/*', 'pods/status', '*/*'] },
    ] })], [
      'webhooks[0].rules[0].operations: Invalid value: []admissionregistration.OperationType{"*", "CREATE"}: if \'*\' is present, must not specify other operations',
      'webhooks[0].rules[0].apiGroups: Invalid value: []string{"*", "apps"}: if \'*\' is present, must not specify other API groups',
      'webhooks[0].rules[0].apiVersions[1]: Required value',
      'webhooks[0].rules[0].resources: Invalid value: []string{"*", "pods"}: if \'*\' is present, must not specify other resources without subresources',
      'webhooks[0].rules[0].scope: Unsupported value: "Global": supported values: "*", "Cluster", "Namespaced"',
      'webhooks[0].rules[1].operations[0]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"',
      'webhooks[0].rules[1].apiGroups: Required value',
      'webhooks[0].rules[1].apiVersions: Required value',
      'webhooks[0].rules[1].resources: Required value',
      "webhooks[0].rules[2].resources[1]: Invalid value: \"pods/status\": if 'pods/*' is present, must not specify pods/status",
      "webhooks[0].rules[2].resources: Invalid value: []string{\"pods/*\", \"pods/status\", \"*/*\"}: if '*/*' is present, must not specify other resources",
    ]],
    ['clientconfig', [hook({ clientConfig: {} }), hook({ name: 'b.example.com', clientConfig: { url: 'https://a.example.com', service } })], [
      'webhooks[0].clientConfig: Required value: exactly one of url or service is required',
      'webhooks[1].clientConfig: Required value: exactly one of url or service is required',
    ]],
    ['urls', [
      hook({ clientConfig: { url: 'http://a.example.com/x?y=1#f' } }),
      hook({ name: 'b.example.com', clientConfig: { url: 'https://u:p@/path' } }),
      hook({ name: 'c.example.com', clientConfig: { url: 'https://a b.example.com' } }),
      hook({ name: 'd.example.com', clientConfig: { url: 'example.com:443' } }),
      hook({ name: 'e.example.com', clientConfig: { url: 'https://e.example.com/%zz#f' } }),
      hook({ name: 'f.example.com', clientConfig: { url: 'https://f.example.com/#%zz' } }),
      hook({ name: 'g.example.com', clientConfig: { url: 'https://g.example.com:x/' } }),
      hook({ name: 'h.example.com', clientConfig: { url: ':8443/hook' } }),
      hook({ name: 'i.example.com', clientConfig: { url: 'https://[::1]:8443/hook' } }),
    ], [
      "webhooks[0].clientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; desired format: https://host[/path]",
      'webhooks[0].clientConfig.url: Invalid value: "f": fragments are not permitted in the URL',
      'webhooks[0].clientConfig.url: Invalid value: "y=1": query parameters are not permitted in the URL',
      'webhooks[1].clientConfig.url: Invalid value: "": host must be specified; desired format: https://host[/path]',
      'webhooks[1].clientConfig.url: Invalid value: "u:p": user information is not permitted in the URL',
      'webhooks[2].clientConfig.url: Required value: url must be a valid URL: parse "https://a b.example.com": invalid character " " in host name; desired format: https://host[/path]',
      "webhooks[3].clientConfig.url: Invalid value: \"example.com\": 'https' is the only allowed URL scheme; desired format: https://host[/path]",
      'webhooks[3].clientConfig.url: Invalid value: "": host must be specified; desired format: https://host[/path]',
      'webhooks[4].clientConfig.url: Required value: url must be a valid URL: parse "https://e.example.com/%zz": invalid URL escape "%zz"; desired format: https://host[/path]',
      'webhooks[5].clientConfig.url: Required value: url must be a valid URL: parse "https://f.example.com/#%zz": invalid URL escape "%zz"; desired format: https://host[/path]',
      'webhooks[6].clientConfig.url: Required value: url must be a valid URL: parse "https://g.example.com:x/": invalid port ":x" after host; desired format: https://host[/path]',
      'webhooks[7].clientConfig.url: Required value: url must be a valid URL: parse ":8443/hook": missing protocol scheme; desired format: https://host[/path]',
    ]],
    ['services', [hook({ clientConfig: { service: { namespace: '', name: '', port: 0, path: '/a//B/' } } }), hook({ name: 'b.example.com', clientConfig: { service: { ...service, path: 'x' } } })], [
      'webhooks[0].clientConfig.service.name: Required value',
      'webhooks[0].clientConfig.service.namespace: Required value',
      'webhooks[0].clientConfig.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive',
      'webhooks[0].clientConfig.service.path: Invalid value: "/a//B/": segment[1] may not be empty',
      "webhooks[0].clientConfig.service.path: Invalid value: \"/a//B/\": segment[2]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      "webhooks[1].clientConfig.service.path: Invalid value: \"x\": must start with a '/'",
      'webhooks[1].clientConfig.service.path: Invalid value: "x": segment[0] may not be empty',
    ]],
    ['selectors', [hook({ namespaceSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: ['a b'] }] }, objectSelector: { matchExpressions: [{ key: 'k', operator: 'Near' }] } })], [
      "webhooks[0].namespaceSelector.matchExpressions[0].values[0]: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
      'webhooks[0].objectSelector.matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator',
    ]],
    ['matchconditions', [hook({ matchConditions: [{ name: 'a', expression: ' ' }, { name: 'a', expression: 'true' }, { name: '', expression: 'true' }] })], [
      'webhooks[0].matchConditions[0].expression: Required value',
      'webhooks[0].matchConditions[1].name: Duplicate value: "a"',
      'webhooks[0].matchConditions[2].name: Required value',
    ]],
    ['celconditions', [hook({ matchConditions: [{ name: 'a', expression: 'params.x' }, { name: 'b', expression: '"yes"' }, { name: 'c', expression: "request.userInfo.username == 'x' && object.metadata.name != ''" }, { name: 'd', expression: "authorizer.path('/x').check('get').allowed()" }, { name: 'e', expression: 'authorizer.requestResource.nope' }] })], [
      "webhooks[0].matchConditions[0].expression: Invalid value: \"params.x\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x\n | ^",
      'webhooks[0].matchConditions[1].expression: Invalid value: "\\"yes\\"": must evaluate to bool',
      "webhooks[0].matchConditions[4].expression: Invalid value: \"authorizer.requestResource.nope\": compilation failed: ERROR: <input>:1:27: undefined field 'nope'\n | authorizer.requestResource.nope\n | ..........................^",
    ]],
  ];
  for (const [name, webhooks, want] of cases) {
    const err = await statusErrorOf(t, validating.create({}, config('ValidatingWebhookConfiguration', name, webhooks)));
    t.same(causesOf(err), want, name);
  }
});

t.test('mutating webhooks: reinvocation policy; updates keep what the stored configuration breaks', async (t) => {
  const { mutating } = stores(t);
  const err = await statusErrorOf(t, mutating.create({}, config('MutatingWebhookConfiguration', 'm', [hook({ reinvocationPolicy: 'Always' })])));
  t.same(causesOf(err), ['webhooks[0].reinvocationPolicy: Unsupported value: "Always": supported values: "IfNeeded", "Never"']);

  const old = config('MutatingWebhookConfiguration', 'm', [hook({ sideEffects: 'Some', admissionReviewVersions: ['v0'] }), hook({ sideEffects: 'Unknown' })]);
  t.same(fieldErrorStrings(validateWebhookConfigurationUpdate(old, old, true)), [], 'side effects, versions and duplicate names already stored stay allowed');
  const fresh = config('MutatingWebhookConfiguration', 'm', [hook({ sideEffects: 'Some' })]);
  t.same(fieldErrorStrings(validateWebhookConfigurationUpdate(fresh, config('MutatingWebhookConfiguration', 'm', [hook()]), true)), [
    'webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
  ]);
  const badSelector = hook({ objectSelector: { matchExpressions: [{ key: 'k', operator: 'In', values: ['a b'] }] } });
  const withBadSelector = config('MutatingWebhookConfiguration', 'm', [badSelector]);
  t.same(fieldErrorStrings(validateWebhookConfigurationUpdate(withBadSelector, withBadSelector, true)), [], 'a stored invalid label value stays allowed');
});

t.test('printer: NAME WEBHOOKS AGE', async (t) => {
  const { validating } = stores(t);
  const created = await validating.create({}, config('ValidatingWebhookConfiguration', 'v', [hook(), hook({ name: 'b.example.com' })]));
  const table = await validating.convertToTable({}, { ...created, metadata: { ...created.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => [c.name, c.type]), [['Name', 'string'], ['Webhooks', 'integer'], ['Age', 'string']]);
  t.same(table.rows[0]?.cells, ['v', 2, '60m']);
});
