/**
 * The API approval of CRDs in the community's protected groups, with the cases of upstream's `TestValidateAPIApproval`
 * and the approval controller's `TestCalculateCondition`: a missing or invalid `api-approved.kubernetes.io` is refused
 * on create and whenever an update changes its state, an update that leaves the state alone passes, other groups need
 * nothing; the controller's condition says which state the annotation is in.
 */
import t from 'tap';
import {
  apiApprovalCondition,
  type CustomResourceDefinition,
  desiredStatus,
  isProtectedCommunityGroup,
  validateCustomResourceDefinition,
  validateCustomResourceDefinitionUpdate,
} from '../../src/index.js';

const SEE = 'see https://github.com/kubernetes/enhancements/pull/1111';
const MISSING = `metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", ${SEE}`;
const invalid = (value: string) =>
  `metadata.annotations[api-approved.kubernetes.io]: Invalid value: ${JSON.stringify(value)}: protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", ${SEE}`;

function crd(group: string, annotation?: string): CustomResourceDefinition {
  return {
    metadata: { name: `foos.${group}`, ...(annotation !== undefined && { annotations: { 'api-approved.kubernetes.io': annotation } }) },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural: 'foos', singular: 'foo', kind: 'Foo', listKind: 'FooList' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  };
}

t.test('protected groups', async (t) => {
  t.same(['k8s.io', 'sigs.k8s.io', 'kubernetes.io', 'x.kubernetes.io', 'k8s.io.example.com', 'notk8s.io', 'other.io'].map(isProtectedCommunityGroup), [true, true, true, true, false, false, false]);
});

t.test('create', async (t) => {
  const errors = (group: string, annotation?: string) => validateCustomResourceDefinition(crd(group, annotation)).map(String);
  t.same(errors('other.io', 'invalid'), [], 'other groups need nothing');
  t.same(errors('sigs.k8s.io', 'invalid'), [invalid('invalid')]);
  t.same(errors('sigs.k8s.io'), [MISSING]);
  t.same(errors('sigs.k8s.io', ''), [MISSING], 'an empty value is missing');
  t.same(errors('sigs.k8s.io', 'https://github.com/kubernetes/kubernetes/pull/79724'), []);
  t.same(errors('sigs.k8s.io', 'unapproved, other reason'), []);
  t.same(errors('sigs.k8s.io', 'https://'), [invalid('https://')], 'a URL needs a host');
  t.same(errors('sigs.k8s.io', '/kubernetes/pull/1'), [invalid('/kubernetes/pull/1')], 'and a scheme');
  const other = crd('sigs.k8s.io');
  other.metadata.name = 'bars.sigs.k8s.io';
  t.same(validateCustomResourceDefinition(other).map(String), ['metadata.name: Invalid value: "bars.sigs.k8s.io": must be spec.names.plural+"."+spec.group', MISSING], 'after the other errors');
});

t.test('update: refused only when the state changes to missing or invalid', async (t) => {
  const errors = (annotation: string, old: string) => validateCustomResourceDefinitionUpdate(crd('sigs.k8s.io', annotation), crd('sigs.k8s.io', old)).map(String);
  t.same(errors('invalid', 'invalid'), [], 'invalid stays invalid');
  t.same(errors('other invalid', 'invalid'), [], 'another invalid value is the same state');
  t.same(errors('', 'invalid'), [MISSING], 'invalid to missing');
  t.same(errors('invalid', ''), [invalid('invalid')], 'missing to invalid');
  t.same(errors('', ''), [], 'missing stays missing');
  t.same(errors('unapproved', ''), [], 'missing to bypassed');
});

t.test("the approval controller's condition", async (t) => {
  const condition = (group: string, annotation?: string) => apiApprovalCondition(crd(group, annotation));
  t.equal(condition('other.io'), undefined);
  t.same(condition('sigs.k8s.io'), {
    type: 'KubernetesAPIApprovalPolicyConformant',
    status: 'False',
    reason: 'MissingAnnotation',
    message: `protected groups must have approval annotation "api-approved.kubernetes.io", ${SEE}`,
  });
  t.same(condition('sigs.k8s.io', 'bad value'), {
    type: 'KubernetesAPIApprovalPolicyConformant',
    status: 'False',
    reason: 'InvalidAnnotation',
    message: `protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", ${SEE}`,
  });
  t.same(condition('sigs.k8s.io', 'https://github.com/kubernetes/kubernetes/pull/79724'), {
    type: 'KubernetesAPIApprovalPolicyConformant',
    status: 'True',
    reason: 'ApprovedAnnotation',
    message: 'approved in https://github.com/kubernetes/kubernetes/pull/79724',
  });
  t.same(condition('sigs.k8s.io', 'unapproved for reasons'), {
    type: 'KubernetesAPIApprovalPolicyConformant',
    status: 'False',
    reason: 'UnapprovedAnnotation',
    message: 'not approved: "unapproved for reasons"',
  });
  const approved = crd('sigs.k8s.io', 'https://github.com/kubernetes/kubernetes/pull/79724');
  const types = desiredStatus(approved, [approved])?.status?.conditions?.map((c) => `${c.type}=${c.status}`);
  t.same(types, ['NamesAccepted=True', 'Established=True', 'KubernetesAPIApprovalPolicyConformant=True'], 'set by the controllers pass');
});
