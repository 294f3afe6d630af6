/**
 * FieldManager.update of a create (no live object) takes a shorter path than an update; it must record exactly
 * what the layered path records for the same object (reached here with a live `{}`: no uid, nothing managed).
 */
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { PodSchema } from '../../src/apis/core/v1/pod.js';
import { ServiceSchema } from '../../src/apis/core/v1/service.js';
import { FieldManager, type FieldManagerOptions } from '../../src/managedfields/field-manager.js';
import { FieldSet } from '../../src/managedfields/field-set.js';
import { fieldTypeOf } from '../../src/managedfields/field-type.js';
import type { JSONObject } from '../../src/managedfields/typed-value.js';

const clock = () => Date.parse('2026-02-03T04:05:06Z');

function managerFor(schema: Parameters<typeof fieldTypeOf>[0], apiVersion: string, kind: string, extra: Partial<FieldManagerOptions> = {}): FieldManager {
  return new FieldManager({ type: fieldTypeOf(schema), apiVersion, kind, clock, ...extra });
}

const statusReset = FieldSet.of([{ fieldName: 'status' }]);
const managers = {
  configMap: managerFor(ConfigMapSchema, 'v1', 'ConfigMap'),
  deployment: managerFor(DeploymentSchema, 'apps/v1', 'Deployment', { resetFields: statusReset }),
  pod: managerFor(PodSchema, 'v1', 'Pod', { resetFields: statusReset }),
  podStatus: managerFor(PodSchema, 'v1', 'Pod', { subresource: 'status' }),
  service: managerFor(ServiceSchema, 'v1', 'Service', { maxUpdateManagers: 0 }),
  deduced: managerFor(undefined, 'example.com/v1', 'Widget'),
};

const meta = (extra: JSONObject = {}): JSONObject => ({ name: 'x', namespace: 'ns', ...extra });
const container = (name: string, extra: JSONObject = {}): JSONObject => ({ name, image: `${name}:1`, ...extra });

const cases: [keyof typeof managers, string, JSONObject][] = [
  ['configMap', 'data and labels', { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta({ labels: { app: 'web', tier: 'fe' }, annotations: { a: '' } }), data: { 'k.properties': 'v', b: '' } }],
  ['configMap', 'only stripped metadata', { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta({ uid: 'u', resourceVersion: '3', generation: 2 }) }],
  ['configMap', 'no metadata', { apiVersion: 'v1', kind: 'ConfigMap', data: { a: '1' } }],
  ['configMap', 'empty managedFields', { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta({ managedFields: [] }), binaryData: { b: 'AA==' } }],
  ['configMap', 'undecodable managedFields', { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta({ managedFields: 'nope' }), data: { a: '1' } }],
  ['configMap', 'empty data map', { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(), data: {}, immutable: false }],
  [
    'deployment',
    'keyed lists, nested structs and status',
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: meta({ labels: { app: 'd' }, ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'o', uid: 'ou' }], finalizers: ['a/b', 'c/d'] }),
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: 'd' } },
        template: {
          metadata: { labels: { app: 'd' } },
          spec: {
            containers: [container('web', { ports: [{ containerPort: 80, protocol: 'TCP' }, { containerPort: 443 }], env: [{ name: 'A', value: '1' }] }), container('side', { args: ['-v', '-v'] })],
            volumes: [{ name: 'cfg', configMap: { name: 'c' } }],
          },
        },
        strategy: {},
      },
      status: { replicas: 2 },
    },
  ],
  ['pod', 'a pod with status', { apiVersion: 'v1', kind: 'Pod', metadata: meta(), spec: { containers: [container('a')], nodeSelector: { '1': 'one', z: 'last' } }, status: { phase: 'Pending' } }],
  ['pod', 'a null item of a keyed list', { apiVersion: 'v1', kind: 'Pod', metadata: meta(), spec: { containers: [null, container('a')] } }],
  ['podStatus', 'through the status subresource', { apiVersion: 'v1', kind: 'Pod', metadata: meta(), spec: { containers: [container('a')] }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } }],
  ['service', 'with a cap of zero Update managers', { apiVersion: 'v1', kind: 'Service', metadata: meta(), spec: { ports: [{ port: 80, protocol: 'TCP' }, { port: 80, protocol: 'UDP' }], selector: { app: 'x' } } }],
  [
    'deployment',
    'duplicate keyed items, zero scalars, empty lists and structs',
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: meta({ finalizers: ['x/y', 'x/y'], labels: {}, generation: 0 }),
      spec: {
        replicas: 0,
        paused: false,
        minReadySeconds: 0,
        selector: {},
        template: { metadata: {}, spec: { containers: [container('a'), container('a', { image: 'other' }), container('b', { ports: [] })], hostNetwork: false, dnsPolicy: '' } },
      },
    },
  ],
  ['configMap', 'a __proto__ data key and null data values', JSON.parse('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"p"},"data":{"__proto__":"v","n":null}}') as JSONObject],
  ['deduced', 'a deduced type', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: meta({ labels: { a: 'b' } }), spec: { list: [1, 2, { x: null }], deep: { er: { est: true } } } }],
];

t.test('a create records what the layered Update path records, byte for byte', async (t) => {
  for (const [name, what, obj] of cases) {
    const manager = managers[name];
    const before = JSON.stringify(obj);
    const created = manager.update(undefined, obj, 'curl');
    const layered = manager.update({}, obj, 'curl');
    t.equal(JSON.stringify(created), JSON.stringify(layered), `${name}: ${what}`);
    t.equal(JSON.stringify(obj), before, `${name}: ${what}: the input is not changed`);
  }
  const [, , first] = cases[0] as (typeof cases)[0];
  const entries = (managers.configMap.update(undefined, first, 'curl').metadata as { managedFields: JSONObject[] }).managedFields;
  t.same(entries, [
    {
      manager: 'curl',
      operation: 'Update',
      apiVersion: 'v1',
      time: '2026-02-03T04:05:06Z',
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:data': { '.': {}, 'f:b': {}, 'f:k.properties': {} }, 'f:metadata': { 'f:annotations': { '.': {}, 'f:a': {} }, 'f:labels': { '.': {}, 'f:app': {}, 'f:tier': {} } } },
    },
  ]);
  const none = managers.configMap.update(undefined, cases[1]?.[2] as JSONObject, 'curl').metadata as JSONObject;
  t.notOk('managedFields' in none, 'only stripped fields: no entry');
});
