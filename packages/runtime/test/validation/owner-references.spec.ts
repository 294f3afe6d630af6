import t from 'tap';
import { newPath } from '../../src/validation/field/index.js';
import { validateOwnerReferences } from '../../src/validation/owner-references.js';

const path = newPath('metadata', 'ownerReferences');
const messages = (refs: Parameters<typeof validateOwnerReferences>[0]) => validateOwnerReferences(refs, path).map(String);

t.test('an empty owner reference (a JSON null element) fails as upstream words it (it was stored as is)', async (t) => {
  t.same(messages([{}]), [
    'metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty',
    'metadata.ownerReferences.kind: Invalid value: "": kind must not be empty',
    'metadata.ownerReferences.name: Invalid value: "": name must not be empty',
    'metadata.ownerReferences.uid: Invalid value: "": uid must not be empty',
  ]);
});

t.test('the version is parsed out of apiVersion', async (t) => {
  const ref = { kind: 'ReplicaSet', name: 'r', uid: 'u' };
  t.same(messages([{ ...ref, apiVersion: 'apps/v1' }, { ...ref, apiVersion: 'v1' }]), []);
  t.same(messages([{ ...ref, apiVersion: 'apps/' }]), ['metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty']);
  t.same(messages([{ ...ref, apiVersion: 'a/b/c' }]), ['metadata.ownerReferences.apiVersion: Invalid value: "a/b/c": version must not be empty']);
});
