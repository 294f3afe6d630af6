import t from 'tap';
import { newAttributesRecord } from '../../src/admission/interfaces.js';
import { PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER, StorageObjectInUseProtection } from '../../src/admission/plugins/storage-object-in-use-protection.js';
import type { ApiObject } from '../../src/rest/types.js';

const plugin = new StorageObjectInUseProtection();

interface Case {
  readonly group?: string;
  readonly resource: string;
  readonly subresource?: string;
  readonly finalizers?: string[];
}

/** The finalizers of an object after the plugin admitted it. */
function admitted(c: Case): string[] | undefined {
  const obj: ApiObject = { apiVersion: 'v1', kind: 'Thing', metadata: { name: 'x', ...(c.finalizers !== undefined && { finalizers: [...c.finalizers] }) } };
  const kind = { group: c.group ?? '', version: 'v1', kind: 'Thing' };
  const resource = { group: c.group ?? '', version: 'v1', resource: c.resource };
  plugin.admit({}, newAttributesRecord({ operation: 'CREATE', kind, resource, subresource: c.subresource ?? '', name: 'x', object: obj }));
  return obj.metadata.finalizers;
}

t.test('StorageObjectInUseProtection: the protection finalizers of new claims and volumes', async (t) => {
  t.equal(plugin.name, 'StorageObjectInUseProtection');
  t.ok(plugin.handles('CREATE'));
  for (const op of ['UPDATE', 'DELETE', 'CONNECT'] as const) t.notOk(plugin.handles(op), `${op} not handled`);
  t.same(admitted({ resource: 'persistentvolumeclaims' }), [PVC_PROTECTION_FINALIZER], 'a claim gets kubernetes.io/pvc-protection');
  t.same(admitted({ resource: 'persistentvolumes' }), [PV_PROTECTION_FINALIZER], 'a volume gets kubernetes.io/pv-protection');
  t.same(admitted({ resource: 'persistentvolumeclaims', finalizers: ['example.com/keep'] }), ['example.com/keep', PVC_PROTECTION_FINALIZER], 'appended after the own ones');
  t.same(
    admitted({ resource: 'persistentvolumeclaims', finalizers: [PVC_PROTECTION_FINALIZER, 'example.com/keep'] }),
    [PVC_PROTECTION_FINALIZER, 'example.com/keep'],
    'already present: unchanged, not moved',
  );
  t.same(admitted({ resource: 'persistentvolumes', finalizers: [PVC_PROTECTION_FINALIZER] }), [PVC_PROTECTION_FINALIZER, PV_PROTECTION_FINALIZER], 'a volume needs its own finalizer');
  t.equal(admitted({ resource: 'persistentvolumeclaims', subresource: 'status' }), undefined, 'subresources untouched');
  t.equal(admitted({ resource: 'persistentvolumeclaims', group: 'example.com' }), undefined, 'another group’s persistentvolumeclaims untouched');
  t.equal(admitted({ resource: 'pods' }), undefined, 'other resources untouched');
  t.equal(admitted({ resource: 'constructor' }), undefined, 'no prototype lookups');
});
