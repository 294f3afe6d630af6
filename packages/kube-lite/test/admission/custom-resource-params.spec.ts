/**
 * A ValidatingAdmissionPolicy's paramKind may name any served version of a custom resource, not only its storage
 * version: the params are read in that version (upstream's param informer watches that version's resource).
 */
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';
import { callJSON } from '../http-json.js';

type Json = Record<string, unknown>;

const LIMITS_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'limits.params.example.com' },
  spec: {
    group: 'params.example.com',
    scope: 'Namespaced',
    names: { plural: 'limits', singular: 'limit', kind: 'Limit' },
    versions: ['v1', 'v2'].map((name) => ({
      name,
      served: true,
      storage: name === 'v1',
      schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { maxKeys: { type: 'integer' } } } } } },
    })),
  },
};

t.test('params of a custom resource version other than the storage version', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const send = (path: string, method: string, body?: unknown) => callJSON<Json>(`${kl.url}${path}`, method, body);
  t.equal((await send('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', 'POST', LIMITS_CRD)).status, 201);
  const LIMITS_V1 = '/apis/params.example.com/v1/namespaces/default/limits';
  let stored = { status: 0, json: {} as Json };
  for (let i = 0; i < 200 && stored.status !== 201; i++) {
    stored = await send(LIMITS_V1, 'POST', { apiVersion: 'params.example.com/v1', kind: 'Limit', metadata: { name: 'small' }, spec: { maxKeys: 1 } });
    if (stored.status !== 201) await new Promise((r) => setTimeout(r, 25));
  }
  t.equal(stored.status, 201, 'the param is stored in v1');

  const VAP = '/apis/admissionregistration.k8s.io/v1';
  const rule = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] };
  const policy = {
    metadata: { name: 'max-keys' },
    spec: {
      failurePolicy: 'Fail',
      paramKind: { apiVersion: 'params.example.com/v2', kind: 'Limit' },
      matchConstraints: { resourceRules: [rule] },
      validations: [{ expression: "params.apiVersion == 'params.example.com/v2' && size(object.data) <= params.spec.maxKeys", messageExpression: "'at most ' + string(params.spec.maxKeys) + ' keys, read from ' + params.apiVersion" }],
    },
  };
  t.equal((await send(`${VAP}/validatingadmissionpolicies`, 'POST', policy)).status, 201);
  const binding = { metadata: { name: 'max-keys' }, spec: { policyName: 'max-keys', validationActions: ['Deny'], paramRef: { name: 'small', namespace: 'default', parameterNotFoundAction: 'Deny' } } };
  t.equal((await send(`${VAP}/validatingadmissionpolicybindings`, 'POST', binding)).status, 201);

  const configMap = (name: string, data: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
  let denied = { status: 0, json: {} as Json };
  for (let i = 0; i < 200 && denied.status !== 422; i++) {
    denied = await send('/api/v1/namespaces/default/configmaps?dryRun=All', 'POST', configMap(`probe-${i}`, { a: '1', b: '2' }));
    if (denied.status !== 422) await new Promise((r) => setTimeout(r, 25));
  }
  t.equal(denied.status, 422);
  t.match(String(denied.json.message), /at most 1 keys, read from params\.example\.com\/v2/);
  t.equal((await send('/api/v1/namespaces/default/configmaps', 'POST', configMap('one', { a: '1' }))).status, 201);
});
