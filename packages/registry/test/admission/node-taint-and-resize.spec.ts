import t from 'tap';
import { newAttributesRecord, type Operation } from '../../src/admission/interfaces.js';
import { PersistentVolumeClaimResize } from '../../src/admission/plugins/persistent-volume-claim-resize.js';
import { TaintNodesByCondition } from '../../src/admission/plugins/taint-nodes-by-condition.js';
import type { ApiObject } from '../../src/rest/types.js';
import { statusOf } from '../fixtures.js';

function nodeAttrs(object: ApiObject | undefined, subresource = '', resource = 'nodes') {
  return newAttributesRecord({
    operation: 'CREATE',
    kind: { group: '', version: 'v1', kind: 'Node' },
    resource: { group: '', version: 'v1', resource },
    name: 'node-1',
    object,
    subresource,
  });
}
const node = (spec?: Record<string, unknown>): ApiObject => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' }, ...(spec && { spec }) });
const notReady = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' };

t.test('TaintNodesByCondition: a new node gets the not-ready NoSchedule taint once', async (t) => {
  const plugin = new TaintNodesByCondition();
  t.ok(plugin.handles('CREATE'));
  t.notOk(plugin.handles('UPDATE'));
  const bare = node();
  plugin.admit({}, nodeAttrs(bare));
  t.same(bare['spec'], { taints: [notReady] });
  const other = { key: 'dedicated', value: 'x', effect: 'NoSchedule' };
  const tainted = node({ taints: [other] });
  plugin.admit({}, nodeAttrs(tainted));
  t.same((tainted['spec'] as Record<string, unknown>)['taints'], [other, notReady], 'appended after the node’s own');
  const already = node({ taints: [{ key: 'node.kubernetes.io/not-ready', value: 'v', effect: 'NoSchedule' }] });
  plugin.admit({}, nodeAttrs(already));
  t.equal(((already['spec'] as Record<string, unknown>)['taints'] as unknown[]).length, 1, 'the same key and effect (any value) is not added again');
  const noExecute = node({ taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }] });
  plugin.admit({}, nodeAttrs(noExecute));
  t.same((noExecute['spec'] as Record<string, unknown>)['taints'], [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }, notReady], 'another effect does not match');
});

t.test('TaintNodesByCondition: subresources and other resources are left; a missing object is a 403', async (t) => {
  const plugin = new TaintNodesByCondition();
  const status = node();
  plugin.admit({}, nodeAttrs(status, 'status'));
  t.equal(status['spec'], undefined);
  const pod = node();
  plugin.admit({}, nodeAttrs(pod, '', 'pods'));
  t.equal(pod['spec'], undefined);
  const err = await statusOf(t, (async () => plugin.admit({}, nodeAttrs(undefined)))());
  t.match(err, { code: 403, message: 'nodes "node-1" is forbidden: unexpected type <nil>' });
});

function claim(storage: string | undefined, extra: { className?: string; phase?: string; annotation?: string } = {}): ApiObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'data', ...(extra.annotation !== undefined && { annotations: { 'volume.beta.kubernetes.io/storage-class': extra.annotation } }) },
    spec: { ...(extra.className !== undefined && { storageClassName: extra.className }), resources: storage === undefined ? {} : { requests: { storage } } },
    ...(extra.phase !== undefined && { status: { phase: extra.phase } }),
  };
}

function resizeAttrs(object: ApiObject, oldObject: ApiObject, subresource = '', operation: Operation = 'UPDATE') {
  return newAttributesRecord({
    operation,
    kind: { group: '', version: 'v1', kind: 'PersistentVolumeClaim' },
    resource: { group: '', version: 'v1', resource: 'persistentvolumeclaims' },
    namespace: 'ns',
    name: 'data',
    object,
    oldObject,
    subresource,
  });
}

const classes: Record<string, ApiObject> = {
  expandable: { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'expandable' }, allowVolumeExpansion: true },
  fixed: { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'fixed' }, allowVolumeExpansion: false },
  unset: { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'unset' } },
};
const resize = new PersistentVolumeClaimResize(async (name) => {
  if (name === 'broken') throw new Error('down');
  return classes[name];
});
const ONLY_DYNAMIC = 'persistentvolumeclaims "data" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize';

t.test('PersistentVolumeClaimResize: growing a bound claim of an expandable class is allowed; shrinking or keeping is not judged', async (t) => {
  t.ok(resize.handles('UPDATE'));
  t.notOk(resize.handles('CREATE'));
  const bound = { className: 'expandable', phase: 'Bound' };
  await resize.validate({}, resizeAttrs(claim('2Gi', bound), claim('1Gi', bound)));
  await resize.validate({}, resizeAttrs(claim('2Gi', { annotation: 'expandable' }), claim('1Gi', { ...bound, className: 'fixed', annotation: 'expandable' }))); // the beta annotation wins over the field
  const unbound = { className: 'fixed' };
  await resize.validate({}, resizeAttrs(claim('1Gi', unbound), claim('2Gi', unbound)));
  await resize.validate({}, resizeAttrs(claim('1024Mi', unbound), claim('1Gi', unbound))); // the same quantity spelled otherwise
  await resize.validate({}, resizeAttrs(claim(undefined, unbound), claim('1Gi', unbound))); // an absent request is zero
  await resize.validate({}, resizeAttrs(claim('2Gi', unbound), claim('1Gi', unbound), 'status')); // subresources are not judged
});

t.test('PersistentVolumeClaimResize: growing needs a bound claim and one class that allows expansion', async (t) => {
  const pending = await statusOf(t, resize.validate({}, resizeAttrs(claim('2Gi', { className: 'expandable' }), claim('1Gi', { className: 'expandable', phase: 'Pending' }))));
  t.match(pending, { code: 403, reason: 'Forbidden', message: 'persistentvolumeclaims "data" is forbidden: Only bound persistent volume claims can be expanded' });
  const refused: [string, ApiObject, ApiObject][] = [
    ['allowVolumeExpansion false', claim('2Gi', { className: 'fixed' }), claim('1Gi', { className: 'fixed', phase: 'Bound' })],
    ['allowVolumeExpansion unset', claim('2Gi', { className: 'unset' }), claim('1Gi', { className: 'unset', phase: 'Bound' })],
    ['no class', claim('2Gi'), claim('1Gi', { phase: 'Bound' })],
    ['an unknown class', claim('2Gi', { className: 'gone' }), claim('1Gi', { className: 'gone', phase: 'Bound' })],
    ['a failed lookup', claim('2Gi', { className: 'broken' }), claim('1Gi', { className: 'broken', phase: 'Bound' })],
    ['a changed class', claim('2Gi', { className: 'expandable' }), claim('1Gi', { className: 'unset', phase: 'Bound' })],
    ['a class only in the new claim', claim('2Gi', { className: 'expandable' }), claim('1Gi', { phase: 'Bound' })],
  ];
  for (const [why, object, old] of refused) {
    t.match(await statusOf(t, resize.validate({}, resizeAttrs(object, old))), { code: 403, message: ONLY_DYNAMIC }, why);
  }
});
