/**
 * Dynamic admission through kube-lite (issue 22 item 1), on the memory backend: a real HTTPS webhook registered
 * with `kubectl apply -f` (one configuration by URL, one by Service reference resolved through the fixture's
 * resolver), a mutating webhook adding a label and a validating webhook denying by label, seen through kubectl
 * and client-node, custom resources admitted too, `failurePolicy: Fail` and `Ignore` with the webhook down, and
 * a deleted configuration no longer applying; the webhooks' audit annotations in the audit log.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { findKubectl, tempDir } from '@apiserver/testing';
import t from 'tap';
import { DENY_MESSAGE, MUTATED_LABEL, startAdmissionWebhook, WARNING } from './admission-webhook-server.js';
import { createAuditAnnotations, rejected, untilAsync } from './admission-helpers.js';
import { Kubectl, startEnv } from './harness.js';

const NS = 'webhooked';

const AUDIT_POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: Request
  verbs: [create]
  resources: [{group: "", resources: [configmaps]}]
- level: None
`;

/** The annotations of the create of configmap `name` other than the authorizer's, once logged. */
async function auditAnnotationsOf(logPath: string, name: string): Promise<Record<string, string> | undefined> {
  const annotations = await createAuditAnnotations(logPath, name);
  if (annotations === undefined) return undefined;
  const { 'authorization.k8s.io/decision': _d, 'authorization.k8s.io/reason': _r, ...webhookAnnotations } = annotations;
  return webhookAnnotations;
}

function configurations(url: string, caBundle: string): Record<string, unknown> {
  const common = { sideEffects: 'None', admissionReviewVersions: ['v1'], timeoutSeconds: 5 };
  const down = { url: 'https://127.0.0.1:1/down', caBundle };
  return {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS, labels: { 'e2e-webhooks': 'on' } } },
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'MutatingWebhookConfiguration',
        metadata: { name: 'e2e-mutating' },
        webhooks: [
          {
            name: 'label.e2e.example.com',
            clientConfig: { url: `${url}/mutate`, caBundle },
            rules: [{ operations: ['CREATE'], apiGroups: ['', 'e2e.example.com'], apiVersions: ['v1'], resources: ['configmaps', 'widgets'] }],
            namespaceSelector: { matchLabels: { 'e2e-webhooks': 'on' } },
            ...common,
          },
        ],
      },
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: 'e2e-validating' },
        webhooks: [
          {
            name: 'deny.e2e.example.com',
            clientConfig: { service: { namespace: 'default', name: 'webhook', path: '/validate' }, caBundle },
            rules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: ['', 'e2e.example.com'], apiVersions: ['*'], resources: ['configmaps', 'widgets'], scope: 'Namespaced' }],
            namespaceSelector: { matchLabels: { 'e2e-webhooks': 'on' } },
            ...common,
          },
        ],
      },
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: 'e2e-down' },
        webhooks: [
          { name: 'fail.e2e.example.com', clientConfig: down, rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['secrets'] }], failurePolicy: 'Fail', ...common },
          { name: 'ignore.e2e.example.com', clientConfig: down, rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['serviceaccounts'] }], failurePolicy: 'Ignore', ...common },
        ],
      },
    ],
  };
}

const WIDGET_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.e2e.example.com' },
  spec: {
    group: 'e2e.example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

const found = await findKubectl();
// Four kubectl runs, a CRD and polls: about 20 s on an idle machine, several times that on a loaded CI one.
t.setTimeout(300_000);

t.test('admission webhooks through kubectl and client-node', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const webhook = await startAdmissionWebhook();
  t.teardown(webhook.stop);
  const resolved: string[] = [];
  const auditDir = await tempDir('admission-audit-');
  t.teardown(auditDir.remove);
  const auditPolicyFile = path.join(auditDir.path, 'policy.yaml');
  const auditLogPath = path.join(auditDir.path, 'audit.log');
  await writeFile(auditPolicyFile, AUDIT_POLICY);
  const env = await startEnv(t, 'memory', {
    auditPolicyFile,
    auditLogPath,
    webhookServiceResolver: (namespace, name, port) => {
      resolved.push(`${namespace}/${name}:${port}`);
      return new URL(webhook.url);
    },
  });
  const kubectl = new Kubectl(found.binary, env);
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(env.kubeconfigPath);
  const core = kc.makeApiClient(k8s.CoreV1Api);

  const file = path.join(env.workDir, 'webhooks.json');
  await writeFile(file, JSON.stringify(configurations(webhook.url, webhook.caBundle)));
  await kubectl.ok(t, ['apply', '-f', file]);
  // The configurations reach the plugins through a watch: wait until a dry-run create comes back mutated.
  await untilAsync('the webhooks to be active', async () => {
    const probe = await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: 'probe' } }, dryRun: 'All' });
    return probe.metadata?.labels?.[MUTATED_LABEL] === 'true';
  });

  const created = await kubectl.run(['create', 'configmap', 'by-kubectl', '-n', NS, '--from-literal=k=v', '-o', 'json']);
  t.equal(created.code, 0, `kubectl create: ${created.stderr}`);
  t.equal((JSON.parse(created.stdout) as k8s.V1ConfigMap).metadata?.labels?.[MUTATED_LABEL], 'true', 'kubectl sees the label the mutating webhook added');
  t.match(created.stderr, `Warning: ${WARNING}`, 'the validating webhook warning reaches kubectl');

  const denyFile = path.join(env.workDir, 'denied.json');
  await writeFile(denyFile, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'denied', namespace: NS, labels: { deny: 'true' } } }));
  await kubectl.fails(t, ['apply', '-f', denyFile], new RegExp(`Error from server: error when creating ".*denied.json": admission webhook "deny.e2e.example.com" denied the request: ${DENY_MESSAGE}`));

  const viaClient = await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: 'by-client', labels: { app: 'x' } } } });
  t.same(viaClient.metadata?.labels, { app: 'x', [MUTATED_LABEL]: 'true' }, 'client-node sees the label added next to its own');
  await untilAsync('the audit event of the client-node create', async () => (await auditAnnotationsOf(auditLogPath, 'by-client')) !== undefined);
  t.same(
    await auditAnnotationsOf(auditLogPath, 'by-client'),
    {
      'mutation.webhook.admission.k8s.io/round_0_index_0': '{"configuration":"e2e-mutating","webhook":"label.e2e.example.com","mutated":true}',
      'patch.webhook.admission.k8s.io/round_0_index_0': `{"configuration":"e2e-mutating","webhook":"label.e2e.example.com","patch":[{"op":"add","path":"/metadata/labels/${MUTATED_LABEL}","value":"true"}],"patchType":"JSONPatch"}`,
      'deny.e2e.example.com/label-checked': 'true',
    },
    'the webhooks’ audit annotations reach the audit log',
  );
  const denied = await rejected(core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: 'denied', labels: { deny: 'true' } } } }));
  t.same(denied, { code: 400, message: `admission webhook "deny.e2e.example.com" denied the request: ${DENY_MESSAGE}` });
  const relabel = await rejected(
    core.patchNamespacedConfigMap({ namespace: NS, name: 'by-client', body: { metadata: { labels: { deny: 'true' } } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch)),
  );
  t.equal(relabel.code, 400, 'an UPDATE to a denied label is denied too');
  const outside = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'outside', labels: { deny: 'true' } } } });
  t.equal(outside.metadata?.labels?.[MUTATED_LABEL], undefined, 'namespaceSelector: other namespaces are not sent to the webhooks');
  t.ok(resolved.includes('default/webhook:443'), 'the Service reference went through the configured resolver');
  const review = webhook.reviews.find((r) => r.path === '/validate')?.review as unknown as { request: Record<string, unknown> };
  t.match(review.request, { kind: { group: '', version: 'v1', kind: 'ConfigMap' }, resource: { group: '', version: 'v1', resource: 'configmaps' }, namespace: NS, operation: 'CREATE', dryRun: true });

  await kubectl.fails(
    t,
    ['create', 'secret', 'generic', 's1', '-n', NS],
    /error: failed to create secret Internal error occurred: failed calling webhook "fail.e2e.example.com": failed to call webhook: Post "https:\/\/127.0.0.1:1\/down\?timeout=5s": dial tcp 127.0.0.1:1: connect: connection refused/,
  );
  const failed = await rejected(core.createNamespacedSecret({ namespace: NS, body: { metadata: { name: 's2' } } }));
  t.same(
    failed,
    { code: 500, message: 'Internal error occurred: failed calling webhook "fail.e2e.example.com": failed to call webhook: Post "https://127.0.0.1:1/down?timeout=5s": dial tcp 127.0.0.1:1: connect: connection refused' },
    'failurePolicy Fail: 500 InternalError with the transport error',
  );
  const sa = await core.createNamespacedServiceAccount({ namespace: NS, body: { metadata: { name: 'sa1' } } });
  t.equal(sa.metadata?.name, 'sa1', 'failurePolicy Ignore: the request passes with the webhook down');

  const crds = kc.makeApiClient(k8s.ApiextensionsV1Api);
  await crds.createCustomResourceDefinition({ body: WIDGET_CRD });
  const custom = kc.makeApiClient(k8s.CustomObjectsApi);
  const base = { group: 'e2e.example.com', version: 'v1', namespace: NS, plural: 'widgets' };
  const widget = (name: string, labels: Record<string, string>) => ({ apiVersion: 'e2e.example.com/v1', kind: 'Widget', metadata: { name, labels } });
  let w1: { metadata: { labels?: Record<string, string> } } | undefined;
  await untilAsync('the widgets resource to be served', async () => {
    w1 = await custom.createNamespacedCustomObject({ ...base, body: widget('w1', { app: 'w' }) }).catch(() => undefined);
    return w1 !== undefined;
  });
  t.equal(w1?.metadata.labels?.[MUTATED_LABEL], 'true', 'custom resources are mutated');
  const deniedWidget = await rejected(custom.createNamespacedCustomObject({ ...base, body: widget('w2', { deny: 'true' }) }));
  t.equal(deniedWidget.message, `admission webhook "deny.e2e.example.com" denied the request: ${DENY_MESSAGE}`, 'custom resources are validated');

  const admreg = kc.makeApiClient(k8s.AdmissionregistrationV1Api);
  await admreg.deleteValidatingWebhookConfiguration({ name: 'e2e-down' });
  await untilAsync('the deleted configuration to stop applying', async () => {
    const s = await core.createNamespacedSecret({ namespace: NS, body: { metadata: { name: 'probe' } }, dryRun: 'All' }).catch(() => undefined);
    return s !== undefined;
  });
  t.pass('a deleted configuration no longer applies, without a restart');
});
