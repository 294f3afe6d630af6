import t from 'tap';
import {
  type APIService,
  compareKubeAwareVersionStrings,
  conditionOf,
  isAvailable,
  type PrioritizedGroupVersion,
  setCondition,
  sortedByGroupAndVersion,
} from '../../src/index.js';

t.test('Kubernetes-aware version order (apimachinery test table)', async (t) => {
  const sorted = ['v10', 'v2', 'v1', 'v11beta2', 'v10beta3', 'v3beta1', 'v12alpha1', 'v11alpha2', 'foo1', 'foo10'];
  const shuffled = [...sorted].reverse();
  t.same(
    shuffled.sort((a, b) => -compareKubeAwareVersionStrings(a, b)),
    sorted,
  );
  t.equal(compareKubeAwareVersionStrings('v1', 'v1'), 0);
  t.ok(compareKubeAwareVersionStrings('v1', 'v1beta1') > 0);
  t.ok(compareKubeAwareVersionStrings('v1alpha1', 'v1beta1') < 0);
  t.ok(compareKubeAwareVersionStrings('foo', 'v1alpha1') < 0);
});

t.test('sortedByGroupAndVersion', async (t) => {
  const e = (name: string, groupPriorityMinimum: number, versionPriority: number): PrioritizedGroupVersion => {
    const [version = '', ...rest] = name.split('.');
    return { name, group: rest.join('.'), version, groupPriorityMinimum, versionPriority };
  };
  const groups = sortedByGroupAndVersion([
    e('v1.bar', 10, 5),
    e('v1.foo', 20, 1),
    e('v2.foo', 5, 1),
    e('v1beta1.foo', 5, 9),
    e('v1.aaa', 10, 5),
  ]);
  t.same(
    groups.map((g) => g.map((v) => v.name)),
    [['v1beta1.foo', 'v2.foo', 'v1.foo'], ['v1.aaa'], ['v1.bar']],
    'a group sits at its highest priority; ties by name; versions by versionPriority then version order',
  );
  t.same(sortedByGroupAndVersion([]), []);
});

t.test('conditions', async (t) => {
  const s: APIService = { metadata: { name: 'v1.x' }, spec: { groupPriorityMinimum: 1, versionPriority: 1 } };
  t.equal(isAvailable(s), false);
  setCondition(s, { type: 'Available', status: 'False', lastTransitionTime: '2020-01-01T00:00:00Z', reason: 'A', message: 'a' });
  setCondition(s, { type: 'Available', status: 'False', lastTransitionTime: '2021-01-01T00:00:00Z', reason: 'B', message: 'b' });
  t.same(conditionOf(s, 'Available'), { type: 'Available', status: 'False', lastTransitionTime: '2020-01-01T00:00:00Z', reason: 'B', message: 'b' }, 'time kept while the status is unchanged');
  setCondition(s, { type: 'Available', status: 'True', lastTransitionTime: '2022-01-01T00:00:00Z', reason: 'Passed', message: 'ok' });
  t.equal(conditionOf(s, 'Available')?.lastTransitionTime, '2022-01-01T00:00:00Z');
  t.equal(isAvailable(s), true);
  setCondition(s, { type: 'Other', status: 'True' });
  t.equal(s.status?.conditions?.length, 2);
});
