import t from 'tap';
import { type CustomResourceDefinition, calculateNames, desiredStatus } from '../../src/index.js';

function crd(name: string, names: CustomResourceDefinition['spec']['names'], accepted = false): CustomResourceDefinition {
  return {
    metadata: { name: `${names.plural}.example.com`, uid: name },
    spec: { group: 'example.com', scope: 'Namespaced', names, versions: [{ name: 'v1', served: true, storage: true }] },
    ...(accepted ? { status: { acceptedNames: { ...names, singular: names.singular ?? names.kind.toLowerCase(), listKind: `${names.kind}List` } } } : {}),
  };
}

t.test('names conflicting with an accepted CRD of the group are refused with upstream reasons', async (t) => {
  const existing = crd('a', { plural: 'widgets', kind: 'Widget', shortNames: ['wd'] }, true);
  const cases: [CustomResourceDefinition['spec']['names'], string | undefined][] = [
    [{ plural: 'gadgets', kind: 'Gadget' }, undefined],
    [{ plural: 'others', singular: 'widget', kind: 'Other' }, 'SingularConflict "widget"'],
    [{ plural: 'others', kind: 'Other', shortNames: ['wd'] }, 'ShortNamesConflict "wd"'],
    [{ plural: 'others', kind: 'Widget' }, 'SingularConflict "widget"'],
    [{ plural: 'others', singular: 'other2', kind: 'Widget' }, 'KindConflict "Widget"'],
    [{ plural: 'others', kind: 'Other', listKind: 'WidgetList' }, 'ListKindConflict "WidgetList"'],
  ];
  for (const [names, expected] of cases) {
    const { condition, acceptedNames } = calculateNames(crd('b', names), [existing]);
    if (expected === undefined) {
      t.match(condition, { status: 'True', reason: 'NoConflicts', message: 'no conflicts found' });
      t.equal(acceptedNames?.listKind, `${names.kind}List`);
    } else {
      const [reason, name] = expected.split(' ');
      t.match(condition, { status: 'False', reason, message: `${name} is already in use` }, expected);
      t.equal(acceptedNames, undefined, 'nothing accepted yet');
    }
  }
  const otherGroup = { ...crd('c', { plural: 'widgets', kind: 'Widget' }), spec: { ...crd('c', { plural: 'widgets', kind: 'Widget' }).spec, group: 'other.com' } };
  t.equal(calculateNames(otherGroup, [existing]).condition.status, 'True', 'other groups do not conflict');
});

t.test('desiredStatus establishes accepted CRDs once and marks terminating ones', async (t) => {
  const fresh = crd('a', { plural: 'widgets', kind: 'Widget' });
  const next = desiredStatus(fresh, [fresh]);
  t.same(next?.status?.conditions?.map((c) => [c.type, c.status, c.reason]), [
    ['NamesAccepted', 'True', 'NoConflicts'],
    ['Established', 'True', 'InitialNamesAccepted'],
  ]);
  t.equal(next === undefined ? 'x' : desiredStatus(next, [next]), undefined, 'nothing more to do');
  const terminating = { ...fresh, metadata: { ...fresh.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } };
  t.match(desiredStatus(terminating, [terminating])?.status?.conditions, [{ type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress' }]);
});
