/**
 * @kubernetes/client-node against the CEL validation rules of a CRD (issue #22): the CRD created through
 * ApiextensionsV1Api and polled until Established, then custom objects through CustomObjectsApi. A bad object is
 * refused with 422 and upstream's Status message and causes (the wording crd-cel-e2e.test.ts asserts through
 * kubectl), a `messageExpression` result is the message, a rule with `reason` and `fieldPath` reports that field
 * with that error type, and a transition rule on `oldSelf` refuses an update.
 */
import type * as ClientNode from '@kubernetes/client-node';
import type { Test } from 'tap';
import { k8s } from './client-node-module.js';
import { apiError, kubeConfig, rejection, until } from './client-node-suite.js';
import type { KubeLiteEnv } from './harness.js';

const GROUP = 'cel.example.com';
const VERSION = 'v1';
const PLURAL = 'gadgets';
const CRD_NAME = `${PLURAL}.${GROUP}`;

/** The spec of a Gadget. */
interface GadgetSpec {
  readonly minReplicas: number;
  readonly replicas: number;
  readonly maxReplicas: number;
  readonly mode: string;
  readonly name: string;
}

/** A Gadget as the server returns it (the fields the test reads). */
interface Gadget {
  readonly metadata: { readonly name: string; readonly resourceVersion: string };
  readonly spec: GadgetSpec;
}

/** The rules of a Gadget's `spec`: a `message`, a `messageExpression`, a transition rule and a required-field rule. */
const SPEC_RULES: ClientNode.V1ValidationRule[] = [
  { rule: 'self.minReplicas <= self.replicas', message: 'replicas should be greater than or equal to minReplicas' },
  // format() rather than string(int): the latter has no size estimate, so its cost is refused (kubernetes/kubernetes#124234).
  { rule: 'self.replicas <= self.maxReplicas', messageExpression: "'replicas %d exceeds maxReplicas %d'.format([self.replicas, self.maxReplicas])" },
  { rule: 'self.mode == oldSelf.mode', message: 'mode is immutable', fieldPath: '.mode', reason: 'FieldValueForbidden' },
  { rule: 'size(self.mode) > 0', message: 'mode must not be empty', fieldPath: '.mode', reason: 'FieldValueRequired' },
];

/**
 * Gadgets with {@link SPEC_RULES}. client-node names the extension `x_kubernetes_validations` and sends it as
 * `x-kubernetes-validations` (a key spelt the wire's way would be dropped by its serializer).
 */
const CRD: ClientNode.V1CustomResourceDefinition = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: CRD_NAME },
  spec: {
    group: GROUP,
    scope: 'Namespaced',
    names: { plural: PLURAL, singular: 'gadget', kind: 'Gadget' },
    versions: [
      {
        name: VERSION,
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                x_kubernetes_validations: SPEC_RULES,
                properties: {
                  minReplicas: { type: 'integer' },
                  replicas: { type: 'integer' },
                  maxReplicas: { type: 'integer' },
                  mode: { type: 'string' },
                  name: { type: 'string', x_kubernetes_validations: [{ rule: "self.matches('^[a-z]+$')" }] },
                },
              },
            },
          },
        },
      },
    ],
  },
};

function gadget(name: string, spec: GadgetSpec, resourceVersion?: string) {
  const metadata = resourceVersion === undefined ? { name } : { name, resourceVersion };
  return { apiVersion: `${GROUP}/${VERSION}`, kind: 'Gadget', metadata, spec };
}

/** Creates the CRD and polls it until its Established condition is True. */
async function establish(t: Test, env: KubeLiteEnv): Promise<void> {
  const ext = kubeConfig(env).makeApiClient(k8s.ApiextensionsV1Api);
  const created = await ext.createCustomResourceDefinition({ body: CRD });
  t.match(created, { kind: 'CustomResourceDefinition', metadata: { name: CRD_NAME, uid: /\S/ } });
  const schema = created.spec.versions[0]?.schema?.openAPIV3Schema?.properties?.spec;
  t.same(schema?.x_kubernetes_validations, SPEC_RULES, 'the rules as stored');
  const established = async () => {
    const crd = await ext.readCustomResourceDefinition({ name: CRD_NAME });
    return (crd.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True');
  };
  await until(`${CRD_NAME} Established`, established);
}

/** The 422 Status upstream gives for an invalid Gadget: `causes` as [reason, field, message] triples. */
function invalid(name: string, message: string, causes: ReadonlyArray<readonly [string, string, string]>) {
  return {
    code: 422,
    body: {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      reason: 'Invalid',
      code: 422,
      message: `Gadget.${GROUP} "${name}" is invalid: ${message}`,
      details: { name, group: GROUP, kind: 'Gadget', causes: causes.map(([reason, field, text]) => ({ reason, message: text, field })) },
    },
  };
}

/** Creates the CRD, then valid and invalid Gadgets and updates against its rules, in namespace `ns`. */
export async function crdValidationRules(t: Test, env: KubeLiteEnv, ns: string): Promise<void> {
  const kc = kubeConfig(env);
  await kc.makeApiClient(k8s.CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
  await establish(t, env);
  const objects = kc.makeApiClient(k8s.CustomObjectsApi);
  const at = { group: GROUP, version: VERSION, namespace: ns, plural: PLURAL };
  const create = (body: unknown) => objects.createNamespacedCustomObject({ ...at, body });
  const replace = (name: string, body: unknown) => objects.replaceNamespacedCustomObject({ ...at, name, body });
  const good: GadgetSpec = { minReplicas: 1, replicas: 2, maxReplicas: 4, mode: 'a', name: 'good' };

  const bad = apiError(await rejection(t, create(gadget('g1', { minReplicas: 3, replicas: 5, maxReplicas: 4, mode: 'a', name: 'Bad1' })), 'bad create'));
  const nameRule = `Invalid value: "string": failed rule: self.matches('^[a-z]+$')`;
  t.same(
    bad,
    invalid('g1', `[spec: Invalid value: "object": replicas 5 exceeds maxReplicas 4, spec.name: ${nameRule}]`, [
      ['FieldValueInvalid', 'spec', 'Invalid value: "object": replicas 5 exceeds maxReplicas 4'],
      ['FieldValueInvalid', 'spec.name', nameRule],
    ]),
    'the messageExpression result and the default message of a rule without one',
  );
  const empty = apiError(await rejection(t, create(gadget('g2', { ...good, mode: '' })), 'create without a mode'));
  const required = 'Required value: mode must not be empty';
  t.same(empty, invalid('g2', `spec.mode: ${required}`, [['FieldValueRequired', 'spec.mode', required]]), 'reason and fieldPath');

  const created = (await create(gadget('g1', good))) as Gadget;
  t.match(created, { kind: 'Gadget', metadata: { name: 'g1', namespace: ns, resourceVersion: /^\d+$/ }, spec: good });
  const rv = created.metadata.resourceVersion;

  const below = apiError(await rejection(t, replace('g1', gadget('g1', { ...good, minReplicas: 3 }, rv)), 'update below minReplicas'));
  const minMessage = 'Invalid value: "object": replicas should be greater than or equal to minReplicas';
  t.same(below, invalid('g1', `spec: ${minMessage}`, [['FieldValueInvalid', 'spec', minMessage]]), 'a rule message on update');
  const above = apiError(await rejection(t, replace('g1', gadget('g1', { ...good, replicas: 9 }, rv)), 'update above maxReplicas'));
  const maxMessage = 'Invalid value: "object": replicas 9 exceeds maxReplicas 4';
  t.same(above, invalid('g1', `spec: ${maxMessage}`, [['FieldValueInvalid', 'spec', maxMessage]]), 'the messageExpression evaluated on the new object');
  const moved = apiError(await rejection(t, replace('g1', gadget('g1', { ...good, mode: 'b' }, rv)), 'update changing the mode'));
  const immutable = 'Forbidden: mode is immutable';
  t.same(moved, invalid('g1', `spec.mode: ${immutable}`, [['FieldValueForbidden', 'spec.mode', immutable]]), 'the transition rule on update');

  const updated = (await replace('g1', gadget('g1', { ...good, replicas: 3 }, rv))) as Gadget;
  t.same(updated.spec, { ...good, replicas: 3 }, 'an update keeping the mode passes');
  t.not(updated.metadata.resourceVersion, rv);
  const read = (await objects.getNamespacedCustomObject({ ...at, name: 'g1' })) as Gadget;
  t.same(read.spec, updated.spec);
}
