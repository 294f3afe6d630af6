/**
 * @kubernetes/client-node against pods/eviction and localsubjectaccessreviews: `createNamespacedPodEviction`
 * (the pod deleted, then a 429 from the budget) and `createNamespacedLocalSubjectAccessReview` answered by the
 * server's authorizer (AlwaysAllow by default) or refused as invalid.
 */
import type { Test } from 'tap';
import { k8s } from './client-node-module.js';
import { kubeConfig } from './client-node-suite.js';
import type { KubeLiteEnv } from './harness.js';

/** Evicts two pods a budget allowing one disruption guards, and asks a local access review, in namespace `ns`. */
export async function evictionAndLocalReview(t: Test, env: KubeLiteEnv, ns: string): Promise<void> {
  const kc = kubeConfig(env);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const policy = kc.makeApiClient(k8s.PolicyV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
  for (const name of ['a', 'b']) {
    await core.createNamespacedPod({ namespace: ns, body: { metadata: { name, labels: { app: 'web' } }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx' }] } } });
    const merge = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);
    await core.patchNamespacedPodStatus({ name, namespace: ns, body: { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } } }, merge);
  }
  await policy.createNamespacedPodDisruptionBudget({ namespace: ns, body: { metadata: { name: 'web' }, spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } } } });
  const merge = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);
  const status = { observedGeneration: 1, disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 };
  await policy.patchNamespacedPodDisruptionBudgetStatus({ name: 'web', namespace: ns, body: { status } }, merge);

  const evict = (name: string) => core.createNamespacedPodEviction({ name, namespace: ns, body: { metadata: { name, namespace: ns }, deleteOptions: { gracePeriodSeconds: 0 } } });
  // The answer is a Status the client decodes as a (field-less) V1Eviction: success is the absence of an error.
  await evict('a');
  const gone = await core.readNamespacedPod({ name: 'a', namespace: ns }).then(
    () => 200,
    (e: unknown) => (e instanceof k8s.ApiException ? e.code : -1),
  );
  t.equal(gone, 404, 'the evicted pod is deleted');
  const refused = await evict('b').then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(refused instanceof k8s.ApiException && refused.code === 429, 'the second eviction is refused with 429');
  const budget = await policy.readNamespacedPodDisruptionBudget({ name: 'web', namespace: ns });
  t.equal(budget.status?.disruptionsAllowed, 0);
  t.same(Object.keys(budget.status?.disruptedPods ?? {}), ['a']);

  const authz = kc.makeApiClient(k8s.AuthorizationV1Api);
  const review = await authz.createNamespacedLocalSubjectAccessReview({
    namespace: ns,
    body: { metadata: { namespace: ns }, spec: { user: 'nobody', resourceAttributes: { namespace: ns, verb: 'get', resource: 'pods' } } },
  });
  t.equal(review.kind, 'LocalSubjectAccessReview');
  t.equal(review.status?.allowed, true, 'the default AlwaysAllow authorizer allows');
  const mismatch = await authz
    .createNamespacedLocalSubjectAccessReview({ namespace: ns, body: { metadata: { namespace: ns }, spec: { user: 'u', resourceAttributes: { namespace: 'other', verb: 'get' } } } })
    .then(
      () => 0,
      (e: unknown) => (e instanceof k8s.ApiException ? e.code : -1),
    );
  t.equal(mismatch, 422, 'resource attributes in another namespace are invalid');
}
