/**
 * Custom resources under `matchPolicy: Equivalent`: the served versions of a CRD with the `None` conversion are one
 * resource (and so are their status and scale subresources, where each version serves them), objects convert by
 * their apiVersion; a `Webhook` conversion CRD is left out. Over HTTP, a ValidatingAdmissionPolicy written for v1 of
 * a custom resource sees a create through v2, with the object in v1.
 */
import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { combinedEquivalentResources, customResourceEquivalents } from '../../src/admission/custom-resource-equivalents.js';
import { kubeLiteEquivalentResources } from '../../src/admission/equivalent-resources.js';
import type { CustomResourceSource } from '../../src/server/controller-hooks.js';
import { startKubeLite } from '../../src/testing/index.js';
import { callJSON } from '../http-json.js';

type Json = Record<string, unknown>;

function crd(strategy: 'None' | 'Webhook'): Json {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.eq.example.com' },
    spec: {
      group: 'eq.example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
      ...(strategy === 'Webhook' && {
        conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://127.0.0.1:1/convert' } } },
      }),
      versions: ['v1', 'v2', 'v3'].map((name) => ({
        name,
        served: name !== 'v3',
        storage: name === 'v1',
        ...(name === 'v1' && { subresources: { status: {} } }),
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { color: { type: 'string' } } } } } },
      })),
    },
  };
}

/** A source serving `definition` (as the CRD handler describes it). */
function sourceOf(definition: Json): CustomResourceSource {
  const served = { crdName: 'widgets.eq.example.com', group: 'eq.example.com', version: 'v1', resource: 'widgets', kind: 'Widget', namespaced: true, storage: {}, crd: definition };
  return { servedResources: () => [served as never], addChangeListener: () => undefined };
}

const V1 = { group: 'eq.example.com', version: 'v1', resource: 'widgets' };
const V2 = { group: 'eq.example.com', version: 'v2', resource: 'widgets' };

t.test('the served versions of a None-conversion CRD are equivalent', async (t) => {
  const eq = customResourceEquivalents(() => sourceOf(crd('None')));
  t.same(eq.equivalentResourcesFor(V2, ''), [V1, V2], 'v3 is not served');
  t.same(eq.kindFor(V2, ''), { group: 'eq.example.com', version: 'v2', kind: 'Widget' });
  t.same(eq.equivalentResourcesFor(V1, 'status'), [V1], 'only v1 serves status');
  t.same(eq.equivalentResourcesFor(V2, 'status'), [], 'v2 has no status subresource');
  const obj = { apiVersion: 'eq.example.com/v2', kind: 'Widget', metadata: { name: 'w' }, spec: { color: 'red' } } as ApiObject;
  t.same(eq.convert(obj, { group: 'eq.example.com', version: 'v2', kind: 'Widget' }, { group: 'eq.example.com', version: 'v1', kind: 'Widget' }), { ...obj, apiVersion: 'eq.example.com/v1' });
  t.throws(() => eq.convert(obj, { group: 'eq.example.com', version: 'v2', kind: 'Widget' }, { group: 'other.example.com', version: 'v1', kind: 'Widget' }));
  t.same(customResourceEquivalents(() => sourceOf(crd('Webhook'))).equivalentResourcesFor(V2, ''), [], 'a Webhook conversion is left out');
  t.same(eq.equivalentResourcesFor({ ...V1, resource: 'gadgets' }, ''), [], 'unknown resources have none');
});

t.test('the index is renewed when the served custom resources change', async (t) => {
  let served: ReturnType<CustomResourceSource['servedResources']> = [];
  const listeners: (() => void)[] = [];
  const source: CustomResourceSource = { servedResources: () => served, addChangeListener: (l) => listeners.push(l) };
  const eq = customResourceEquivalents(() => source);
  t.same(eq.equivalentResourcesFor(V2, ''), [], 'nothing served yet');
  served = sourceOf(crd('None')).servedResources();
  t.same(eq.equivalentResourcesFor(V2, ''), [], 'the index stands until a change is announced');
  for (const l of listeners) l();
  t.same(eq.equivalentResourcesFor(V2, ''), [V1, V2], 'seen after the change');
  t.equal(listeners.length, 1, 'one listener, registered once');
});

t.test('combined with the built-in equivalents', async (t) => {
  const eq = combinedEquivalentResources(kubeLiteEquivalentResources([]), customResourceEquivalents(() => sourceOf(crd('None'))));
  t.same(eq.equivalentResourcesFor(V2, ''), [V1, V2]);
  t.same(eq.kindFor(V1, ''), { group: 'eq.example.com', version: 'v1', kind: 'Widget' });
  t.throws(() => eq.convert({ metadata: {} } as ApiObject, { group: 'x', version: 'v1', kind: 'X' }, { group: 'x', version: 'v2', kind: 'X' }), 'nobody converts an unknown kind');
});

t.test('a policy for v1 of a custom resource sees a create through v2, in v1', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const send = (path: string, method: string, body?: unknown) => callJSON<Json>(`${kl.url}${path}`, method, body);
  t.equal((await send('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', 'POST', crd('None'))).status, 201);
  const VAP = '/apis/admissionregistration.k8s.io/v1';
  const rule = { operations: ['CREATE'], apiGroups: ['eq.example.com'], apiVersions: ['v1'], resources: ['widgets'] };
  const validation = { expression: "object.apiVersion == 'eq.example.com/v1' && object.spec.color != 'red'", message: 'no red widgets, seen in v1' };
  t.equal((await send(`${VAP}/validatingadmissionpolicies`, 'POST', { metadata: { name: 'no-red' }, spec: { failurePolicy: 'Fail', matchConstraints: { resourceRules: [rule] }, validations: [validation] } })).status, 201);
  t.equal((await send(`${VAP}/validatingadmissionpolicybindings`, 'POST', { metadata: { name: 'no-red' }, spec: { policyName: 'no-red', validationActions: ['Deny'] } })).status, 201);
  const WIDGETS_V2 = '/apis/eq.example.com/v2/namespaces/default/widgets';
  const widget = (name: string, color: string) => ({ apiVersion: 'eq.example.com/v2', kind: 'Widget', metadata: { name }, spec: { color } });
  let denied = { status: 0, json: {} as Json };
  for (let i = 0; i < 200 && denied.status !== 422; i++) {
    denied = await send(`${WIDGETS_V2}?dryRun=All`, 'POST', widget(`probe-${i}`, 'red'));
    if (denied.status !== 422) await new Promise((r) => setTimeout(r, 25));
  }
  t.equal(denied.status, 422, 'the v1 policy denies a red widget created through v2');
  t.match(String(denied.json.message), /no red widgets, seen in v1/);
  t.equal((await send(WIDGETS_V2, 'POST', widget('blue', 'blue'))).status, 201, 'and the expression saw apiVersion v1');
});
