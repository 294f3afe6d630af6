/**
 * The API approval of protected groups over HTTP: a CRD in `sigs.k8s.io` without `api-approved.kubernetes.io` is a
 * 422 naming the annotation (what kubectl prints for such CRDs on a cluster); with the annotation it is created and
 * gets the `KubernetesAPIApprovalPolicyConformant` condition beside `Established`.
 */
import t from 'tap';
import { call, startChain, waitFor } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

function approvalCRD(annotations?: Record<string, string>): Record<string, unknown> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'foos.sigs.k8s.io', ...(annotations !== undefined && { annotations }) },
    spec: {
      group: 'sigs.k8s.io',
      scope: 'Namespaced',
      names: { plural: 'foos', singular: 'foo', kind: 'Foo' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  };
}

t.test('a protected group needs the approval annotation; the condition reports it', async (t) => {
  const { url } = await startChain(t);
  const refused = await call(url, 'POST', CRDS, approvalCRD());
  t.equal(refused.status, 422);
  t.equal(
    refused.body.message,
    'CustomResourceDefinition.apiextensions.k8s.io "foos.sigs.k8s.io" is invalid: metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111',
  );
  const created = await call(url, 'POST', CRDS, approvalCRD({ 'api-approved.kubernetes.io': 'unapproved, experimental' }));
  t.equal(created.status, 201);
  let conditions: { type: string; status: string; reason: string; message: string }[] = [];
  await waitFor(async () => {
    conditions = (await call(url, 'GET', `${CRDS}/foos.sigs.k8s.io`)).body.status?.conditions ?? [];
    return conditions.some((c) => c.type === 'KubernetesAPIApprovalPolicyConformant');
  });
  t.match(conditions.find((c) => c.type === 'KubernetesAPIApprovalPolicyConformant'), {
    status: 'False',
    reason: 'UnapprovedAnnotation',
    message: 'not approved: "unapproved, experimental"',
  });
  t.equal(conditions.find((c) => c.type === 'Established')?.status, 'True', 'an unapproved CRD is still served');
});
