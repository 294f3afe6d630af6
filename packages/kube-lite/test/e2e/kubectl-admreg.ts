/**
 * admissionregistration.k8s.io/v1 through kubectl 1.32: one `apply -f -` of a validating and a mutating webhook
 * configuration, a validating admission policy and its binding, their defaults, `get -o wide` of the four kinds
 * with the printer columns, a validation error as kubectl shows it, and (memory backend only, storage plays no
 * part) `explain`. Six kubectl calls (five on etcd3).
 */
import type { Test } from 'tap';
import type { Backend, Kubectl } from './harness.js';
import { parseTables, rowOf } from './table.js';

const AGE = /^\d+s$/;
const GROUP = 'admissionregistration.k8s.io';
const rules = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }];
const webhook = { name: 'pods.e2e.example.com', clientConfig: { service: { namespace: 'e2e', name: 'hook' } }, rules, sideEffects: 'None', admissionReviewVersions: ['v1'] };

/** The four kinds (cluster-scoped); `explain` only on the memory backend. */
export async function admissionRegistrationKinds(t: Test, kubectl: Kubectl, backend: Backend): Promise<void> {
  const objects = [
    { apiVersion: `${GROUP}/v1`, kind: 'ValidatingWebhookConfiguration', metadata: { name: 'e2e-validating' }, webhooks: [webhook] },
    { apiVersion: `${GROUP}/v1`, kind: 'MutatingWebhookConfiguration', metadata: { name: 'e2e-mutating' }, webhooks: [{ ...webhook, clientConfig: { url: 'https://hook.example.com/m' } }] },
    {
      apiVersion: `${GROUP}/v1`,
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name: 'e2e-replicas' },
      spec: { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, matchConstraints: { resourceRules: rules }, validations: [{ expression: 'true' }, { expression: '1 < 2' }] },
    },
    {
      apiVersion: `${GROUP}/v1`,
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name: 'e2e-replicas' },
      spec: { policyName: 'e2e-replicas', validationActions: ['Deny'], paramRef: { name: 'limits', namespace: 'e2e', parameterNotFoundAction: 'Deny' } },
    },
  ];
  const applied = await kubectl.ok(t, ['apply', '-f', '-', '-o', 'json'], { input: objects.map((o) => JSON.stringify(o)).join('\n') });
  const items = (JSON.parse(applied) as { items: unknown[] }).items;
  t.match(items[0], { metadata: { generation: 1 }, webhooks: [{ failurePolicy: 'Fail', matchPolicy: 'Equivalent', timeoutSeconds: 10, clientConfig: { service: { port: 443 } }, rules: [{ scope: '*' }] }] });
  t.match(items[1], { webhooks: [{ reinvocationPolicy: 'Never', namespaceSelector: {}, objectSelector: {} }] });
  t.match(items[2], { spec: { failurePolicy: 'Fail', matchConstraints: { matchPolicy: 'Equivalent' } }, status: {} });

  const [validating, mutating, policies, bindings] = parseTables(
    await kubectl.ok(t, ['get', 'validatingwebhookconfigurations,mutatingwebhookconfigurations,validatingadmissionpolicies,validatingadmissionpolicybindings', '-o', 'wide']),
  );
  t.same(validating?.headers, ['NAME', 'WEBHOOKS', 'AGE']);
  t.match(validating && rowOf(validating, `validatingwebhookconfiguration.${GROUP}/e2e-validating`), { WEBHOOKS: '1', AGE });
  t.match(mutating && rowOf(mutating, `mutatingwebhookconfiguration.${GROUP}/e2e-mutating`), { WEBHOOKS: '1', AGE });
  t.same(policies?.headers, ['NAME', 'VALIDATIONS', 'PARAMKIND', 'AGE']);
  t.match(policies && rowOf(policies, `validatingadmissionpolicy.${GROUP}/e2e-replicas`), { VALIDATIONS: '2', PARAMKIND: 'v1/ConfigMap', AGE });
  t.same(bindings?.headers, ['NAME', 'POLICYNAME', 'PARAMREF', 'AGE']);
  t.match(bindings && rowOf(bindings, `validatingadmissionpolicybinding.${GROUP}/e2e-replicas`), { POLICYNAME: 'e2e-replicas', PARAMREF: 'e2e/limits', AGE });

  const bad = { ...objects[0], metadata: { name: 'e2e-bad' }, webhooks: [{ ...webhook, sideEffects: 'Some', timeoutSeconds: 60 }] };
  await kubectl.fails(
    t,
    ['apply', '-f', '-'],
    /^The ValidatingWebhookConfiguration "e2e-bad" is invalid: \n\* webhooks\[0\]\.sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"\n\* webhooks\[0\]\.timeoutSeconds: Invalid value: 60: the timeout value must be between 1 and 30 seconds\n/,
    { input: JSON.stringify(bad) },
  );
  if (backend === 'memory') {
    t.match(await kubectl.ok(t, ['explain', 'validatingadmissionpolicybinding.spec.validationActions']), /^GROUP:\s+admissionregistration\.k8s\.io\nKIND:\s+ValidatingAdmissionPolicyBinding\nVERSION:\s+v1\n\nFIELD: validationActions <\[\]string>\n/);
  }
  t.equal(
    await kubectl.ok(t, ['delete', 'validatingwebhookconfiguration/e2e-validating', 'mutatingwebhookconfiguration/e2e-mutating', 'validatingadmissionpolicy/e2e-replicas', 'validatingadmissionpolicybinding/e2e-replicas']),
    `validatingwebhookconfiguration.${GROUP} "e2e-validating" deleted\nmutatingwebhookconfiguration.${GROUP} "e2e-mutating" deleted\nvalidatingadmissionpolicy.${GROUP} "e2e-replicas" deleted\nvalidatingadmissionpolicybinding.${GROUP} "e2e-replicas" deleted\n`,
  );
}
