/**
 * CEL in admission through kube-lite (issue 22 item 2), on the memory backend: ValidatingAdmissionPolicies and
 * bindings applied with kubectl (a Deny binding with a ConfigMap param, a Warn binding, an Audit binding with an
 * audit annotation), denials seen through kubectl and client-node with upstream's message and code, the param and
 * the binding changed without a restart, a policy whose CEL does not compile refused at write time; a validating
 * webhook whose `matchConditions` decide whether it is called; under RBAC, `authorizer` in a policy and in a
 * webhook's match condition checking the kubectl `--as` user, and the runtime cost budget.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { findKubectl, tempDir } from '@apiserver/testing';
import t from 'tap';
import { DENY_MESSAGE, startAdmissionWebhook } from './admission-webhook-server.js';
import { createAuditAnnotations, rejected, rejectedStatus, untilAsync } from './admission-helpers.js';
import { Kubectl, startEnv } from './harness.js';

const NS = 'vap';
const ADMREG = 'admissionregistration.k8s.io/v1';

const AUDIT_POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: Metadata
  verbs: [create]
  resources: [{group: "", resources: [configmaps]}]
- level: None
`;

const deploymentRules = [{ operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'] }];
const configMapRules = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }];

function policies(): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS, labels: { 'e2e-vap': 'on' } } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'limits', namespace: 'default' }, data: { maxReplicas: '3' } },
      {
        apiVersion: ADMREG,
        kind: 'ValidatingAdmissionPolicy',
        metadata: { name: 'replica-limit' },
        spec: {
          failurePolicy: 'Fail',
          paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
          matchConstraints: { resourceRules: deploymentRules },
          variables: [{ name: 'max', expression: 'int(params.data.maxReplicas)' }],
          validations: [{ expression: 'object.spec.replicas <= variables.max', messageExpression: "'replicas must be no greater than ' + string(variables.max)" }],
        },
      },
      {
        apiVersion: ADMREG,
        kind: 'ValidatingAdmissionPolicyBinding',
        metadata: { name: 'replica-limit-binding' },
        spec: {
          policyName: 'replica-limit',
          validationActions: ['Deny'],
          paramRef: { name: 'limits', namespace: 'default', parameterNotFoundAction: 'Deny' },
          matchResources: { namespaceSelector: { matchLabels: { 'e2e-vap': 'on' } } },
        },
      },
      {
        apiVersion: ADMREG,
        kind: 'ValidatingAdmissionPolicy',
        metadata: { name: 'short-names' },
        spec: {
          matchConstraints: { resourceRules: configMapRules },
          validations: [{ expression: 'object.metadata.name.size() <= 12', message: 'configmap names should be short' }],
        },
      },
      { apiVersion: ADMREG, kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'short-names-warn' }, spec: { policyName: 'short-names', validationActions: ['Warn'] } },
      {
        apiVersion: ADMREG,
        kind: 'ValidatingAdmissionPolicy',
        metadata: { name: 'no-secrets' },
        spec: {
          matchConstraints: { resourceRules: configMapRules },
          matchConditions: [{ name: 'in-vap', expression: `request.namespace == '${NS}'` }],
          validations: [{ expression: "!has(object.data) || !('password' in object.data)", message: 'passwords belong in Secrets' }],
          auditAnnotations: [{ key: 'checked', valueExpression: "'configmap ' + object.metadata.name" }],
        },
      },
      { apiVersion: ADMREG, kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'no-secrets-audit' }, spec: { policyName: 'no-secrets', validationActions: ['Audit'] } },
    ],
  };
}

function deployment(name: string, replicas: number): k8s.V1Deployment {
  const labels = { app: name };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: NS },
    spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  };
}

const found = await findKubectl();
t.setTimeout(300_000);

t.test('ValidatingAdmissionPolicy through kubectl and client-node', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const auditDir = await tempDir('vap-audit-');
  t.teardown(auditDir.remove);
  const auditPolicyFile = path.join(auditDir.path, 'policy.yaml');
  const auditLogPath = path.join(auditDir.path, 'audit.log');
  await writeFile(auditPolicyFile, AUDIT_POLICY);
  const env = await startEnv(t, 'memory', { auditPolicyFile, auditLogPath });
  const kubectl = new Kubectl(found.binary, env);
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(env.kubeconfigPath);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const apps = kc.makeApiClient(k8s.AppsV1Api);
  const admreg = kc.makeApiClient(k8s.AdmissionregistrationV1Api);

  const file = path.join(env.workDir, 'policies.json');
  await writeFile(file, JSON.stringify(policies()));
  await kubectl.ok(t, ['apply', '-f', file]);
  const denial = "deployments.apps \"big\" is forbidden: ValidatingAdmissionPolicy 'replica-limit' with binding 'replica-limit-binding' denied request: replicas must be no greater than 3";
  await untilAsync('the policy to be enforced', async () => (await rejected(apps.createNamespacedDeployment({ namespace: NS, body: deployment('big', 5), dryRun: 'All' }))).code === 422);

  const viaClient = await rejectedStatus(apps.createNamespacedDeployment({ namespace: NS, body: deployment('big', 5) }));
  t.same(viaClient, { code: 422, message: denial, reason: 'Invalid' }, 'Deny: 422 Invalid with upstream’s message, the param read through a variable');
  const bigFile = path.join(env.workDir, 'big.json');
  await writeFile(bigFile, JSON.stringify(deployment('big', 5)));
  await kubectl.fails(t, ['apply', '-f', bigFile], /ValidatingAdmissionPolicy 'replica-limit' with binding 'replica-limit-binding' denied request: replicas must be no greater than 3/);
  const small = await apps.createNamespacedDeployment({ namespace: NS, body: deployment('small', 2) });
  t.equal(small.spec?.replicas, 2, 'a deployment within the limit is created');
  const outside = await apps.createNamespacedDeployment({ namespace: 'default', body: { ...deployment('big', 5), metadata: { name: 'big', namespace: 'default' } } });
  t.equal(outside.metadata?.name, 'big', 'the binding’s namespaceSelector leaves other namespaces alone');
  const scaled = await rejected(
    apps.patchNamespacedDeployment({ namespace: NS, name: 'small', body: { spec: { replicas: 4 } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch)),
  );
  t.equal(scaled.code, 422, 'an UPDATE past the limit is denied too');

  await core.patchNamespacedConfigMap({ namespace: 'default', name: 'limits', body: { data: { maxReplicas: '10' } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
  const raised = await apps.createNamespacedDeployment({ namespace: NS, body: deployment('big', 5) });
  t.equal(raised.spec?.replicas, 5, 'a changed param applies to the next request');
  await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'limits' });
  const noParams = await rejectedStatus(apps.createNamespacedDeployment({ namespace: NS, body: deployment('orphan', 1) }));
  t.same(
    noParams,
    {
      code: 422,
      reason: 'Invalid',
      message:
        "deployments.apps \"orphan\" is forbidden: ValidatingAdmissionPolicy 'replica-limit' with binding 'replica-limit-binding' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction",
    },
    'parameterNotFoundAction Deny with the param gone',
  );

  const warned = await kubectl.run(['create', 'configmap', 'a-rather-long-name', '-n', 'default']);
  t.equal(warned.code, 0, `Warn does not deny: ${warned.stderr}`);
  t.match(warned.stderr, "Warning: Validation failed for ValidatingAdmissionPolicy 'short-names' with binding 'short-names-warn': configmap names should be short", 'the Warn header reaches kubectl');

  await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: 'leaky' }, data: { password: 'hunter2' } } });
  await untilAsync('the audit event of the leaky configmap', async () => (await createAuditAnnotations(auditLogPath, 'leaky')) !== undefined);
  const annotations = await createAuditAnnotations(auditLogPath, 'leaky');
  t.equal(
    annotations?.['validation.policy.admission.k8s.io/validation_failure'],
    '[{"message":"passwords belong in Secrets","policy":"no-secrets","binding":"no-secrets-audit","expressionIndex":0,"validationActions":["Audit"]}]',
    'Audit: the validation failure annotation',
  );
  t.equal(annotations?.['no-secrets/checked'], 'configmap leaky', 'the policy’s audit annotation');

  await admreg.deleteValidatingAdmissionPolicyBinding({ name: 'replica-limit-binding' });
  await untilAsync('the deleted binding to stop applying', async () => (await apps.createNamespacedDeployment({ namespace: NS, body: deployment('free', 50), dryRun: 'All' }).then(() => true)));
  t.pass('a deleted binding no longer applies, without a restart');

  const badFile = path.join(env.workDir, 'bad.json');
  const bad = { apiVersion: ADMREG, kind: 'ValidatingAdmissionPolicy', metadata: { name: 'bad' }, spec: { matchConstraints: { resourceRules: configMapRules }, validations: [{ expression: 'object.spec.replicas > params.x' }] } };
  await writeFile(badFile, JSON.stringify(bad));
  await kubectl.fails(t, ['apply', '-f', badFile], /spec\.validations\[0\]\.expression: Invalid value: "object\.spec\.replicas > params\.x": compilation failed: ERROR: <input>:1:24: undeclared reference to 'params'/);
});

t.test('webhook matchConditions decide the call', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const webhook = await startAdmissionWebhook();
  t.teardown(webhook.stop);
  const env = await startEnv(t, 'memory');
  const kubectl = new Kubectl(found.binary, env);
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(env.kubeconfigPath);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const common = { sideEffects: 'None', admissionReviewVersions: ['v1'], timeoutSeconds: 5, clientConfig: { url: `${webhook.url}/validate`, caBundle: webhook.caBundle } };
  const config = {
    apiVersion: ADMREG,
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'conditional' },
    webhooks: [
      { name: 'checked.e2e.example.com', rules: configMapRules, matchConditions: [{ name: 'checked-only', expression: "object.metadata.name.startsWith('checked-')" }], ...common },
      {
        name: 'broken.e2e.example.com',
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['secrets'] }],
        matchConditions: [{ name: 'needs-data', expression: "object.data.flavour == 'x'" }],
        failurePolicy: 'Fail',
        ...common,
      },
    ],
  };
  const file = path.join(env.workDir, 'conditional.json');
  await writeFile(file, JSON.stringify(config));
  await kubectl.ok(t, ['apply', '-f', file]);
  const denied = { metadata: { name: 'checked-1', labels: { deny: 'true' } } };
  await untilAsync('the webhook to be active', async () => (await rejected(core.createNamespacedConfigMap({ namespace: 'default', body: denied, dryRun: 'All' }))).code === 400);
  const called = await rejected(core.createNamespacedConfigMap({ namespace: 'default', body: denied }));
  t.same(called, { code: 400, message: `admission webhook "checked.e2e.example.com" denied the request: ${DENY_MESSAGE}` }, 'conditions true: the webhook is called');
  const before = webhook.reviews.length;
  const skipped = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'other', labels: { deny: 'true' } } } });
  t.equal(skipped.metadata?.name, 'other', 'a condition false: the webhook is skipped');
  t.equal(webhook.reviews.length, before, 'and not called');
  const failed = await rejectedStatus(core.createNamespacedSecret({ namespace: 'default', body: { metadata: { name: 's1' } } }));
  t.same(
    failed,
    { code: 403, reason: 'Forbidden', message: 'secrets "s1" is forbidden: expression \'object.data.flavour == \'x\'\' resulted in error: no such key: data' },
    'an evaluation error with failurePolicy Fail: 403 with the error',
  );
  const badFile = path.join(env.workDir, 'bad-conditions.json');
  const bad = { ...config, metadata: { name: 'bad' }, webhooks: [{ ...config.webhooks[0], matchConditions: [{ name: 'typo', expression: 'objekt.metadata.name == "x"' }] }] };
  await writeFile(badFile, JSON.stringify(bad));
  await kubectl.fails(t, ['apply', '-f', badFile], /webhooks\[0\]\.matchConditions\[0\]\.expression: Invalid value: "objekt\.metadata\.name == \\"x\\"": compilation failed: ERROR: <input>:1:1: undeclared reference to 'objekt'/);
});

const AUTHZ_NS = 'authz';
const authzConfigMapRules = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }];

/** RBAC for alice (create configmaps, list pods) and bob (create configmaps) in AUTHZ_NS, and two policies on it. */
function authzObjects(): Record<string, unknown> {
  const role = (name: string, rules: unknown[]) => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name, namespace: AUTHZ_NS }, rules });
  const bind = (role: string, users: string[]) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: role, namespace: AUTHZ_NS },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: role },
    subjects: users.map((name) => ({ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name })),
  });
  // A policy on configmaps created in AUTHZ_NS whose names meet `condition`, with a Deny binding of the same name.
  const denyingPolicy = (name: string, condition: string, validations: unknown[]) => [
    {
      apiVersion: ADMREG,
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: { resourceRules: authzConfigMapRules },
        matchConditions: [
          { name: 'in-authz', expression: `request.namespace == '${AUTHZ_NS}'` },
          { name: 'named', expression: condition },
        ],
        validations,
      },
    },
    { apiVersion: ADMREG, kind: 'ValidatingAdmissionPolicyBinding', metadata: { name }, spec: { policyName: name, validationActions: ['Deny'] } },
  ];
  // The admin may do anything: both checks run.
  const twoChecks = "(authorizer.path('/a').check('get').allowed() && authorizer.path('/b').check('get').allowed()) || true";
  return {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: AUTHZ_NS } },
      role('configmap-writer', [{ apiGroups: [''], resources: ['configmaps'], verbs: ['create'] }]),
      role('pod-reader', [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }]),
      bind('configmap-writer', ['alice', 'bob']),
      bind('pod-reader', ['alice']),
      ...denyingPolicy('pod-readers-only', "!object.metadata.name.startsWith('costly') && !object.metadata.name.startsWith('hooked')", [
        {
          expression: "authorizer.group('').resource('pods').namespace(request.namespace).check('list').allowed()",
          messageExpression: "'user ' + request.userInfo.username + ' may not list pods'",
        },
      ]),
      ...denyingPolicy('costly', "object.metadata.name.startsWith('costly')", Array.from({ length: 15 }, () => ({ expression: twoChecks }))),
    ],
  };
}

/** A validating webhook on `hooked*` configmaps in AUTHZ_NS, called only for users who may not list pods there. */
function nonReaderWebhook(url: string, caBundle: string): Record<string, unknown> {
  return {
    apiVersion: ADMREG,
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'non-readers' },
    webhooks: [
      {
        name: 'non-readers.e2e.example.com',
        rules: authzConfigMapRules,
        matchConditions: [
          { name: 'hooked', expression: `request.namespace == '${AUTHZ_NS}' && object.metadata.name.startsWith('hooked')` },
          { name: 'non-reader', expression: "!authorizer.group('').resource('pods').namespace(request.namespace).check('list').allowed()" },
        ],
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        timeoutSeconds: 5,
        clientConfig: { url: `${url}/validate`, caBundle },
      },
    ],
  };
}

t.test('authorizer checks RBAC for the requesting user; the runtime cost budget', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const dir = await tempDir('vap-authz-');
  t.teardown(dir.remove);
  const tokenAuthFile = path.join(dir.path, 'tokens.csv');
  await writeFile(tokenAuthFile, 'vap-admin-token,admin,admin-uid,system:masters\n');
  const env = await startEnv(t, 'memory', { tokenAuthFile, authorizationModes: ['RBAC'], port: -1, securePort: 0, anonymousAuth: false });
  const kubectl = new Kubectl(found.binary, env);
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(env.kubeconfigPath);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const file = path.join(env.workDir, 'authz.json');
  await writeFile(file, JSON.stringify(authzObjects()));
  await kubectl.ok(t, ['apply', '-f', file]);

  const bobDenied = "configmaps \"b1\" is forbidden: ValidatingAdmissionPolicy 'pod-readers-only' with binding 'pod-readers-only' denied request: user bob may not list pods";
  await untilAsync('the policy to be enforced', async () => (await kubectl.run(['--as', 'bob', 'create', 'configmap', 'b1', '-n', AUTHZ_NS, '--dry-run=server'])).stderr.includes(bobDenied));
  await kubectl.fails(t, ['--as', 'bob', 'create', 'configmap', 'b1', '-n', AUTHZ_NS], new RegExp(`error: failed to create configmap: ${bobDenied.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  const alice = await kubectl.run(['--as', 'alice', 'create', 'configmap', 'a1', '-n', AUTHZ_NS]);
  t.equal(alice.code, 0, `alice, who may list pods there, passes: ${alice.stderr}`);

  const webhook = await startAdmissionWebhook();
  t.teardown(webhook.stop);
  const hookFile = path.join(env.workDir, 'hook.json');
  await writeFile(hookFile, JSON.stringify(nonReaderWebhook(webhook.url, webhook.caBundle)));
  await kubectl.ok(t, ['apply', '-f', hookFile]);
  const hooked = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: AUTHZ_NS, labels: { deny: 'true' } } });
  await writeFile(path.join(env.workDir, 'hooked-b.json'), JSON.stringify(hooked('hooked-b')));
  await writeFile(path.join(env.workDir, 'hooked-a.json'), JSON.stringify(hooked('hooked-a')));
  const webhookDenial = `admission webhook "non-readers.e2e.example.com" denied the request: ${DENY_MESSAGE}`;
  await untilAsync('the webhook to be active', async () => (await kubectl.run(['--as', 'bob', 'create', '-f', path.join(env.workDir, 'hooked-b.json'), '--dry-run=server'])).stderr.includes(webhookDenial));
  await kubectl.fails(t, ['--as', 'bob', 'create', '-f', path.join(env.workDir, 'hooked-b.json')], /denied the request: objects labelled deny=true are not allowed/);
  const before = webhook.reviews.length;
  const aliceHooked = await kubectl.run(['--as', 'alice', 'create', '-f', path.join(env.workDir, 'hooked-a.json')]);
  t.equal(aliceHooked.code, 0, `the webhook's matchCondition checks alice may list pods and skips the call: ${aliceHooked.stderr}`);
  t.equal(webhook.reviews.length, before, 'the webhook was not called for alice');

  const outOfBudget = await rejectedStatus(core.createNamespacedConfigMap({ namespace: AUTHZ_NS, body: { metadata: { name: 'costly-1' } } }));
  t.same(
    outOfBudget,
    {
      code: 422,
      reason: 'Invalid',
      message:
        "configmaps \"costly-1\" is forbidden: ValidatingAdmissionPolicy 'costly' with binding 'costly' denied request: validation failed due to running out of cost budget, no further validation rules will be run",
    },
    '15 validations of two checks each pass the 10,000,000 budget (client-node)',
  );
});
