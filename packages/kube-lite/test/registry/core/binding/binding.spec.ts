/**
 * `pods/binding` and `bindings`: the pod gets the node, the Binding's annotations and PodScheduled=True; a bound
 * pod answers 409, an invalid Binding 500 with the field errors, a name mismatch 400, a missing pod 404.
 */
import { type ApiObject, Store } from '@apiserver/registry';
import t from 'tap';
import { BindingREST, LegacyBindingREST } from '../../../../src/registry/core/binding/binding-rest.js';
import { newBindingStorage } from '../../../../src/registry/core/binding/storage.js';
import { newPodStorage } from '../../../../src/registry/core/pod/storage.js';
import { ctxIn, memoryGetter, statusErrorOf } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:02:00Z');
const ctx = ctxIn('default');
const pod = (name: string, spec: Record<string, unknown> = {}): ApiObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } });
const binding = (name: string, node: string, extra: Record<string, unknown> = {}): ApiObject => ({ apiVersion: 'v1', kind: 'Binding', metadata: { name, ...extra }, target: { kind: 'Node', name: node } });

t.test('pods/binding and bindings', async (t) => {
  const getter = memoryGetter(t);
  const map = newPodStorage(getter, { clock: () => NOW });
  const { pods, 'pods/binding': podBinding } = map;
  const legacy = newBindingStorage(getter).bindings;
  if (!(pods instanceof Store) || !(podBinding instanceof BindingREST) || !(legacy instanceof LegacyBindingREST)) throw new TypeError('unexpected storage');
  await pods.create(ctx, pod('web'));
  await pods.create(ctx, pod('gated', { schedulingGates: [{ name: 'wait' }] }));
  await pods.create(ctx, pod('db'));

  t.same(await podBinding.createNamed(ctx, 'web', binding('web', 'node-1', { annotations: { why: 'test' } })), { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Success', code: 201 });
  const bound = await pods.get(ctx, 'web', {});
  t.match(bound, { metadata: { annotations: { why: 'test' } }, spec: { nodeName: 'node-1' }, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True', lastTransitionTime: '2026-01-01T00:02:00Z' }] } });

  const again = await statusErrorOf(t, podBinding.createNamed(ctx, 'web', binding('web', 'node-2')));
  t.equal(again.status.code, 409);
  t.equal(again.message, 'Operation cannot be fulfilled on pods/binding "web": pod web is already assigned to node "node-1"');
  const gated = await statusErrorOf(t, podBinding.createNamed(ctx, 'gated', binding('gated', 'node-1')));
  t.equal(gated.message, 'Operation cannot be fulfilled on pods/binding "gated": pod gated has non-empty .spec.schedulingGates');
  const invalid = await statusErrorOf(t, podBinding.createNamed(ctx, 'db', { ...binding('db', ''), target: { kind: 'Pod' } }));
  t.equal(invalid.status.code, 500);
  t.equal(invalid.message, '[target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>", target.name: Required value]');
  const mismatch = await statusErrorOf(t, podBinding.createNamed(ctx, 'db', binding('web', 'node-1')));
  t.match(mismatch.status, { code: 400, message: 'name in URL does not match name in Binding object' });
  const missing = await statusErrorOf(t, podBinding.createNamed(ctx, 'nope', binding('nope', 'node-1')));
  t.match(missing.status, { code: 404, message: 'pods "nope" not found' });

  await legacy.create(ctx, binding('db', 'node-2'));
  t.match(await pods.get(ctx, 'db', {}), { spec: { nodeName: 'node-2' } });
});
