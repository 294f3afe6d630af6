/**
 * The validatingadmissionpolicy-status controller over HTTP: a new policy generation is type-checked against the
 * built-in and custom kinds it matches, and its status gets the generation and the warnings.
 */
import t from 'tap';
import { startKubeLite } from '../../../src/testing/index.js';
import { callJSON } from '../../http-json.js';

type Json = Record<string, unknown>;
const VAPS = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies';

const WIDGETS_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.tc.example.com' },
  spec: {
    group: 'tc.example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } } }],
  },
};

async function statusOf(send: (path: string, method: string, body?: unknown) => Promise<{ status: number; json: Json }>, name: string, generation: number): Promise<Json> {
  for (let i = 0; i < 200; i++) {
    const got = await send(`${VAPS}/${name}`, 'GET');
    const status = (got.json.status ?? {}) as Json;
    if (status.observedGeneration === generation) return got.json;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${name}: generation ${generation} never observed`);
}

t.test('policies are type-checked against the kinds they match', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const send = (path: string, method: string, body?: unknown) => callJSON<Json>(`${kl.url}${path}`, method, body);
  t.equal((await send('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', 'POST', WIDGETS_CRD)).status, 201);
  const deployments = { apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'], operations: ['CREATE'] };
  const typo = {
    metadata: { name: 'typo' },
    spec: {
      matchConstraints: { resourceRules: [deployments] },
      validations: [
        { expression: 'object.spec.replicas <= 5' },
        { expression: 'object.spec.replicaz <= 5', messageExpression: "'replicas: ' + object.spec.replicas" },
      ],
    },
  };
  t.equal((await send(VAPS, 'POST', typo)).status, 201);
  const checked = await statusOf(send, 'typo', 1);
  const warnings = ((checked.status as Json).typeChecking as Json).expressionWarnings as Json[];
  t.same(warnings.map((w) => w.fieldRef), ['spec.validations[1].expression', 'spec.validations[1].messageExpression']);
  t.equal(warnings[0]?.warning, "apps/v1, Kind=Deployment: ERROR: <input>:1:12: undefined field 'replicaz'\n | object.spec.replicaz <= 5\n | ...........^\n");
  t.match(warnings[1]?.warning, /^apps\/v1, Kind=Deployment: ERROR: <input>:1:14: found no matching overload for '_\+_' applied to '\(string, int\)'/);

  const fixed = { ...checked, spec: { ...(checked.spec as Json), validations: [{ expression: 'object.spec.replicas <= 5 && object.metadata.labels.size() < 10' }] } };
  t.equal((await send(`${VAPS}/typo`, 'PUT', fixed)).status, 200);
  const rechecked = await statusOf(send, 'typo', 2);
  t.same((rechecked.status as Json).typeChecking, {}, 'an empty typeChecking once every expression checks');

  const widgets = { apiGroups: ['tc.example.com'], apiVersions: ['v1'], resources: ['widgets'], operations: ['CREATE'] };
  const custom = { metadata: { name: 'widget-size' }, spec: { matchConstraints: { resourceRules: [widgets] }, validations: [{ expression: "object.spec.size > 0 && object.spec.colour == 'red'" }] } };
  t.equal((await send(VAPS, 'POST', custom)).status, 201);
  const customStatus = (await statusOf(send, 'widget-size', 1)).status as Json;
  t.match(((customStatus.typeChecking as Json).expressionWarnings as Json[])[0], { fieldRef: 'spec.validations[0].expression', warning: /^tc\.example\.com\/v1, Kind=Widget: ERROR: <input>:1:36: undefined field 'colour'/ });
});
