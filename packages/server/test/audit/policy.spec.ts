/**
 * The audit policy (apiserver `pkg/audit/policy`, `pkg/apis/audit/validation`): which rule matches which request
 * (users, groups, verbs, resources with `*`, `*\/sub` and `res/*`, resourceNames, namespaces, non-resource URLs),
 * first match wins, and the file reader's errors.
 */
import t from 'tap';
import { AuditPolicyError, loadAuditPolicyFile, parseAuditPolicy } from '../../src/audit/policy-file.js';
import { PolicyRuleEvaluator, pathMatches, ruleMatches } from '../../src/audit/policy-rule-evaluator.js';
import type { Attributes } from '../../src/authorization/authorizer.js';

const alice = { name: 'alice', uid: '', groups: ['devs', 'system:authenticated'] };

function resource(more: Partial<Attributes> = {}): Attributes {
  return { user: alice, verb: 'get', isResourceRequest: true, path: '/api/v1/namespaces/ns/pods/p', namespace: 'ns', apiGroup: '', apiVersion: 'v1', resource: 'pods', subresource: '', name: 'p', ...more };
}

function nonResource(path: string): Attributes {
  return { user: alice, verb: 'get', isResourceRequest: false, path, namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' };
}

t.test('rule matching', async (t) => {
  t.ok(ruleMatches({ level: 'Metadata' }, resource()), 'an empty rule matches everything');
  t.ok(ruleMatches({ level: 'Metadata' }, nonResource('/healthz')));
  t.notOk(ruleMatches({ level: 'Metadata', users: ['bob'] }, resource()), 'users');
  t.ok(ruleMatches({ level: 'Metadata', userGroups: ['ops', 'devs'] }, resource()), 'any of the user groups');
  t.notOk(ruleMatches({ level: 'Metadata', userGroups: ['ops'] }, resource()));
  t.notOk(ruleMatches({ level: 'Metadata', users: ['alice'] }, resource({ user: undefined })), 'no user matches no user rule');
  t.notOk(ruleMatches({ level: 'Metadata', verbs: ['list'] }, resource()), 'verbs');
  const pods = (resources: string[], more: Partial<Attributes> = {}, resourceNames?: string[]): boolean =>
    ruleMatches({ level: 'Metadata', resources: [{ group: '', resources, ...(resourceNames && { resourceNames }) }] }, resource(more));
  t.ok(pods(['pods']));
  t.notOk(pods(['pods'], { subresource: 'log' }), 'a subresource needs pods/log');
  t.ok(pods(['pods/log'], { subresource: 'log' }));
  t.ok(pods(['*/log'], { subresource: 'log' }), '*/sub');
  t.notOk(pods(['*/log']), '*/sub never matches the main resource');
  t.ok(pods(['pods/*'], { subresource: 'exec' }), 'res/*');
  t.ok(pods(['*'], { subresource: 'exec' }));
  t.ok(pods(['pods'], {}, ['p']), 'resourceNames');
  t.notOk(pods(['pods'], {}, ['q']));
  t.notOk(pods(['deployments'], { apiGroup: 'apps' }), 'the group must be the same');
  t.ok(ruleMatches({ level: 'Metadata', resources: [{ group: 'apps' }] }, resource({ apiGroup: 'apps', resource: 'deployments' })), 'no resources: the whole group');
  t.ok(ruleMatches({ level: 'Metadata', namespaces: ['ns'] }, resource()), 'namespaces');
  t.notOk(ruleMatches({ level: 'Metadata', namespaces: ['other'] }, resource()));
  t.ok(ruleMatches({ level: 'Metadata', namespaces: [''] }, resource({ namespace: '', resource: 'nodes' })), '"" is cluster scope');
  t.notOk(ruleMatches({ level: 'Metadata', namespaces: ['ns'] }, nonResource('/healthz')), 'resource rules never match non-resource requests');
  t.ok(ruleMatches({ level: 'Metadata', nonResourceURLs: ['/healthz*'] }, nonResource('/healthz/etcd')));
  t.notOk(ruleMatches({ level: 'Metadata', nonResourceURLs: ['/healthz'] }, nonResource('/healthz/etcd')));
  t.notOk(ruleMatches({ level: 'Metadata', nonResourceURLs: ['*'] }, resource()), 'URL rules never match resource requests');
  t.ok(pathMatches('/apis/apps', '/apis*'));
  t.ok(pathMatches('/anything', '*'));
});

t.test('the first matching rule decides; no match is level None', async (t) => {
  const evaluator = new PolicyRuleEvaluator({
    omitStages: ['RequestReceived'],
    rules: [
      { level: 'None', nonResourceURLs: ['/healthz*'] },
      { level: 'RequestResponse', resources: [{ group: '', resources: ['configmaps'] }], omitStages: ['ResponseStarted'], omitManagedFields: true },
      { level: 'Metadata', verbs: ['get'] },
    ],
  });
  t.same(evaluator.evaluatePolicyRule(nonResource('/healthz')), { level: 'None', omitStages: ['RequestReceived'], omitManagedFields: false });
  t.same(evaluator.evaluatePolicyRule(resource({ resource: 'configmaps' })), { level: 'RequestResponse', omitStages: ['RequestReceived', 'ResponseStarted'], omitManagedFields: true });
  t.same(evaluator.evaluatePolicyRule(resource()).level, 'Metadata');
  t.same(evaluator.evaluatePolicyRule(resource({ verb: 'list' })).level, 'None');
});

t.test('policy files: YAML or JSON, validated, at least one rule', async (t) => {
  const policy = parseAuditPolicy('apiVersion: audit.k8s.io/v1\nkind: Policy\nomitManagedFields: true\nrules:\n- level: Metadata\n  resources:\n  - group: ""\n    resources: ["secrets"]\n');
  t.same(policy, { rules: [{ level: 'Metadata', resources: [{ group: '', resources: ['secrets'] }] }], omitManagedFields: true });
  t.same(parseAuditPolicy(JSON.stringify({ apiVersion: 'audit.k8s.io/v1', kind: 'Policy', rules: [{ level: 'None' }] })).rules, [{ level: 'None' }]);
  const bad = (doc: object): string => {
    try {
      parseAuditPolicy(JSON.stringify({ apiVersion: 'audit.k8s.io/v1', kind: 'Policy', ...doc }), 'p.yaml');
      return 'accepted';
    } catch (err) {
      t.type(err, AuditPolicyError);
      return (err as Error).message;
    }
  };
  t.equal(bad({ rules: [] }), 'loaded illegal policy with 0 rules from file p.yaml');
  t.match(bad({ rules: [{ level: 'Everything' }] }), /rules\[0\]\.level: Unsupported value: "Everything": supported values: "None", "Metadata", "Request", "RequestResponse"/);
  t.match(bad({ rules: [{}] }), /rules\[0\]\.level: Required value/);
  t.match(bad({ rules: [{ level: 'None', nonResourceURLs: ['healthz'] }] }), /non-resource URL rules must begin with a '\/' character/);
  t.match(bad({ rules: [{ level: 'None', nonResourceURLs: ['/a*b'] }] }), /non-resource URL wildcards '\*' must be the final character of the rule/);
  t.match(bad({ rules: [{ level: 'None', nonResourceURLs: ['/a'], namespaces: ['x'] }] }), /rules cannot apply to both regular resources and non-resource URLs/);
  t.match(bad({ rules: [{ level: 'None', resources: [{ group: 'Apps_' }] }] }), /rules\[0\]\.resources\.group: Invalid value: "Apps_"/);
  t.match(bad({ rules: [{ level: 'None', resources: [{ group: '', resourceNames: ['x'] }] }] }), /using resourceNames requires at least one resource/);
  t.match(bad({ omitStages: ['Later'], rules: [{ level: 'None' }] }), /omitStages\[0\]: Invalid value: "Later": allowed stages are RequestReceived,ResponseStarted,ResponseComplete,Panic/);
  t.match(bad({ apiVersion: 'audit.k8s.io/v1beta1', rules: [{ level: 'None' }] }), /not an audit\.k8s\.io\/v1 Policy/);
  t.throws(() => loadAuditPolicyFile('/nonexistent/policy.yaml'), /failed to read file path "\/nonexistent\/policy.yaml"/);
});
