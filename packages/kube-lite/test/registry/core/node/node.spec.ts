import { isGetter, isUpdater } from '@apiserver/registry';
import t from 'tap';
import { NODE_COLUMNS, nodeCells, nodeRoles, nodeStatus } from '../../../../src/registry/core/node/printer.js';
import { NODE_FIELD_LABELS, newNodeStorage, newNodeStores } from '../../../../src/registry/core/node/storage.js';
import { validateNode, validateNodeUpdate } from '../../../../src/registry/core/node/validation.js';
import { causesOf, ctxIn, fieldErrorStrings, memoryGetter, mutated, namesSelectedBy, statusErrorOf } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-11T00:00:00Z');
const node = (name: string, fields: Record<string, unknown> = {}, labels: Record<string, string> = {}) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels, creationTimestamp: '2026-01-01T00:00:00Z' },
  ...fields,
});
const readyStatus = (ready: string) => ({
  conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: ready }],
  addresses: [
    { type: 'Hostname', address: 'n1' },
    { type: 'InternalIP', address: '10.0.0.1' },
  ],
  nodeInfo: { kubeletVersion: 'v1.32.0', osImage: 'Debian 12', kernelVersion: '6.1.0', containerRuntimeVersion: 'containerd://1.7.0' },
});

t.test('node printer', async (t) => {
  t.same(
    NODE_COLUMNS.map((c) => [c.name, c.priority]),
    [['Name', 0], ['Status', 0], ['Roles', 0], ['Age', 0], ['Version', 0], ['Internal-IP', 1], ['External-IP', 1], ['OS-Image', 1], ['Kernel-Version', 1], ['Container-Runtime', 1]],
  );
  const n = node('n1', { status: readyStatus('True') }, { 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/': 'x', 'kubernetes.io/role': 'worker', other: 'y' });
  t.same(nodeCells(n, NOW), ['n1', 'Ready', 'control-plane,worker', '10d', 'v1.32.0', '10.0.0.1', '<none>', 'Debian 12', '6.1.0', 'containerd://1.7.0']);
  t.same(nodeCells(node('bare'), NOW), ['bare', 'Unknown', '<none>', '10d', '', '<none>', '<none>', '<unknown>', '<unknown>', '<unknown>']);
  t.equal(nodeStatus(node('c', { spec: { unschedulable: true }, status: readyStatus('False') })), 'NotReady,SchedulingDisabled');
  t.equal(nodeStatus(node('d', { spec: { unschedulable: true } })), 'Unknown,SchedulingDisabled');
  t.same(nodeRoles(node('e', {}, { 'kubernetes.io/role': '' })), []);
});

t.test('node validation', async (t) => {
  t.same(validateNode(node('ok', { spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } })), []);
  t.same(
    fieldErrorStrings(
      validateNode(
        node('bad', {
          spec: {
            taints: [
              { key: 'a', effect: 'NoSchedule' },
              { key: 'a', effect: 'NoSchedule' },
              { key: 'b', value: 'bad value', effect: 'Sometimes' },
              { key: 'c' },
            ],
          },
          status: { addresses: [{ type: 'InternalIP', address: '1.1.1.1' }, { type: 'InternalIP', address: '1.1.1.1' }] },
        }),
      ),
    ).map((s) => s.split(':').slice(0, 2).join(':')),
    [
      'spec.taints[1]: Duplicate value',
      'spec.taints[2].value: Invalid value',
      'spec.taints[2].effect: Unsupported value',
      'spec.taints[3].effect: Required value',
      'status.addresses[1]: Duplicate value',
    ],
  );
  const old = node('n', { spec: { podCIDRs: ['10.244.0.0/24'], providerID: 'kind://n' } });
  t.same(validateNodeUpdate(node('n', { spec: { podCIDRs: ['10.244.0.0/24'], providerID: 'kind://n' } }), old), []);
  t.same(fieldErrorStrings(validateNodeUpdate(node('n', { spec: { podCIDRs: ['10.244.1.0/24'] } }), old)), [
    'spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid',
    'spec.providerID: Forbidden: node updates may not change providerID except from "" to valid',
  ]);
  t.same(validateNodeUpdate(node('n', { spec: { podCIDRs: ['10.0.0.0/24'], providerID: 'p' } }), node('n')), [], 'set from unset');
});

t.test('nodes Store: create with status, status subresource, field selector', async (t) => {
  const getter = memoryGetter(t);
  const map = newNodeStorage(getter);
  t.same(Object.keys(map), ['nodes', 'nodes/status']);
  t.ok(isGetter(map['nodes/status']!) && isUpdater(map['nodes/status']!));
  const { nodes, status } = newNodeStores(getter, { now: () => NOW });
  t.same(nodes.shortNames(), ['no']);
  t.equal(nodes.namespaceScoped(), false);
  t.equal(nodes.getSingularName(), 'node');
  t.same(['metadata.name', 'spec.unschedulable', 'metadata.namespace'].map((l) => typeof NODE_FIELD_LABELS === 'function' && NODE_FIELD_LABELS(l)), [true, true, false], 'the Node func');
  t.equal(status.newObject().kind, 'Node');
  status.destroy();
  const ctx = ctxIn();
  const n1 = await nodes.create(ctx, node('n1', { status: readyStatus('True') }));
  t.same(n1.status, readyStatus('True'), 'status kept on create');
  await nodes.create(ctx, node('n2', { spec: { unschedulable: true } }));
  t.same(await namesSelectedBy(nodes, '', 'spec.unschedulable=true'), ['n2']);
  t.same(await namesSelectedBy(nodes, '', 'spec.unschedulable=false'), ['n1']);

  const specUpdate = await nodes.update(ctx, 'n1', mutated((o) => { o.status = {}; o.spec = { unschedulable: true }; }), undefined, undefined, false, {});
  t.same(specUpdate.object.status, readyStatus('True'), 'main resource keeps status');
  t.same(specUpdate.object.spec, { unschedulable: true });
  const statusUpdate = await status.update(ctx, 'n1', mutated((o) => { o.status = readyStatus('False'); o.spec = {}; }), undefined, undefined, true, {});
  t.same(statusUpdate.object.spec, { unschedulable: true }, 'status subresource keeps spec');
  t.equal(nodeStatus(statusUpdate.object), 'NotReady,SchedulingDisabled');
  t.equal((await status.get(ctx, 'n1')).metadata.name, 'n1');
  const noSpec = await nodes.create(ctx, node('n3'));
  const statusOnly = await status.update(ctx, 'n3', mutated((o) => { o.spec = { unschedulable: true }; }), undefined, undefined, false, {});
  t.equal(statusOnly.object.spec, undefined);
  t.ok(noSpec);
  const noStatus = await nodes.update(ctx, 'n3', mutated((o) => { o.status = { phase: 'x' }; }), undefined, undefined, false, {});
  t.equal(noStatus.object.status, undefined);

  const invalid = await statusErrorOf(t, nodes.create(ctx, node('bad', { spec: { taints: [{ key: 'k' }] } })));
  t.same(causesOf(invalid), ['spec.taints[0].effect: Required value']);
  const table = await nodes.convertToTable(ctx, await nodes.list(ctx, {}));
  t.same(table.rows.map((r) => r.cells.slice(0, 2)), [['n1', 'NotReady,SchedulingDisabled'], ['n2', 'Unknown,SchedulingDisabled'], ['n3', 'Unknown']]);
});
