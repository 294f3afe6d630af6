/**
 * storage.k8s.io/v1 volumeattachments through their Store and status: status reset on create, validation of v1
 * creates, the immutable spec, status validation and printer.
 */
import type { ApiObject } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newVolumeAttachmentStorage } from '../../../src/registry/storage/volumeattachment/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';
import { NOW, statusOf, storeOf } from './storage-fixtures.js';

const ctx = ctxIn();
type Rec = Record<string, unknown>;
const va = (name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'storage.k8s.io/v1',
  kind: 'VolumeAttachment',
  metadata: { name },
  spec: { attacher: 'ebs.csi.aws.com', nodeName: 'node-1', source: { persistentVolumeName: 'pv-1' }, ...spec },
});
const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

function storageOf(t: Test) {
  const map = newVolumeAttachmentStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['volumeattachments', 'volumeattachments/status']);
  return { store: storeOf(map, 'volumeattachments'), status: statusOf(map, 'volumeattachments') };
}

t.test('create: status reset, v1 validation', async (t) => {
  const { store } = storageOf(t);
  t.notOk(store.namespaceScoped());
  const created = await store.create(ctx, { ...va('va-1'), status: { attached: true, attachmentMetadata: { a: 'b' } } });
  t.same(created.status, { attached: false }, 'status starts empty');
  const cases: [string, Rec, string[]][] = [
    [
      'noattacher',
      { attacher: '' },
      ['spec.attacher: Required value', 'spec.attacher: Required value', `spec.attacher: Invalid value: "": ${SUBDOMAIN_MSG}`],
    ],
    ['nosource', { source: {} }, ['spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName']],
    [
      'twosources',
      { source: { persistentVolumeName: 'pv', inlineVolumeSpec: { csi: { driver: 'd', volumeHandle: 'h' } } } },
      ['spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName'],
    ],
    [
      'emptypv',
      { source: { persistentVolumeName: '' } },
      ['spec.source.persistentVolumeName: Required value: must specify non empty persistentVolumeName', `spec.source.persistentVolumeName: Invalid value: "": ${SUBDOMAIN_MSG}`],
    ],
    ['badnode', { nodeName: 'Node_1' }, [`spec.nodeName: Invalid value: "Node_1": ${SUBDOMAIN_MSG}`]],
    ['badattacher', { attacher: 'x'.repeat(64) }, [`spec.attacher: Too long: may not be more than 63 bytes`]],
  ];
  for (const [name, spec, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(ctx, va(name, spec)))), want, name);
});

t.test('update: spec immutable, status kept; status updates validated', async (t) => {
  const { store, status } = storageOf(t);
  await store.create(ctx, va('va-1'));
  const moved = await statusErrorOf(t, update(store, ctx, 'va-1', mutated((o) => Object.assign(o.spec as Rec, { nodeName: 'node-2' }))));
  t.match(causesOf(moved), [/^spec: Invalid value: .*"nodeName":"node-2".*: field is immutable$/]);
  const labelled = await update(store, ctx, 'va-1', mutated((o) => Object.assign(o, { metadata: { ...o.metadata, labels: { a: 'b' } }, status: { attached: true } })));
  t.same(labelled.status, { attached: false }, 'the main resource keeps the status');
  const newStatus = { attached: true, attachmentMetadata: { devicePath: '/dev/xvdf' } };
  const { object: attached } = await status.update(ctx, 'va-1', mutated((o) => Object.assign(o, { status: newStatus, spec: {} })), undefined, undefined, false);
  t.same(attached.status, newStatus);
  t.equal((attached.spec as Rec).nodeName, 'node-1', 'status updates keep the spec');
  const badStatus = await statusErrorOf(
    t,
    status.update(ctx, 'va-1', mutated((o) => Object.assign(o, { status: { attached: false, attachError: { message: 'm'.repeat(1025), errorCode: -1 } } })), undefined, undefined, false),
  );
  const twice = ['status.attachError.message: Too long: may not be more than 262144 bytes', 'status.attachError.errorCode: Invalid value: -1: must be between 0 and 2147483647, inclusive'];
  t.same(causesOf(badStatus), [...twice, ...twice], 'upstream reports status errors twice on update');

  const table = await store.convertToTable(ctx, { ...attached, metadata: { ...attached.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => [c.name, c.type]), [
    ['Name', 'string'],
    ['Attacher', 'string'],
    ['PV', 'string'],
    ['Node', 'string'],
    ['Attached', 'boolean'],
    ['Age', 'string'],
  ]);
  t.same(table.rows[0]?.cells, ['va-1', 'ebs.csi.aws.com', 'pv-1', 'node-1', true, '60m']);
});
