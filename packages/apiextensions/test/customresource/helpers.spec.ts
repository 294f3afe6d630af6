import t from 'tap';
import { CustomResourceTableConvertor, compareKubeAwareVersions, parseSimpleJSONPath, setAtJSONPath, valueAtJSONPath } from '../../src/index.js';

t.test('simple JSON paths', async (t) => {
  t.same(parseSimpleJSONPath('.spec.replicas'), ['spec', 'replicas']);
  t.same(parseSimpleJSONPath('{.status.conditions[0].type}'), ['status', 'conditions', 0, 'type']);
  t.equal(parseSimpleJSONPath('spec'), undefined);
  t.equal(parseSimpleJSONPath('.spec[?(@.x)]'), undefined);
  const obj = { spec: { replicas: 2 }, status: { conditions: [{ type: 'Ready' }] } };
  t.equal(valueAtJSONPath(obj, '.status.conditions[0].type'), 'Ready');
  t.equal(valueAtJSONPath(obj, '.status.conditions[1].type'), undefined);
  t.equal(valueAtJSONPath(obj, '.spec.replicas.x'), undefined);
  const target: Record<string, unknown> = { spec: 'scalar' };
  setAtJSONPath(target, '.spec.deep.replicas', 3);
  t.same(target, { spec: { deep: { replicas: 3 } } });
});

t.test('kube-aware version order', async (t) => {
  const versions = ['v1alpha1', 'foo', 'v2', 'v1beta2', 'v1', 'v10', 'v1beta1', 'bar', 'v12alpha1'];
  t.same([...versions].sort(compareKubeAwareVersions), ['v10', 'v2', 'v1', 'v1beta2', 'v1beta1', 'v12alpha1', 'v1alpha1', 'bar', 'foo']);
});

t.test('printer columns: additional columns typed, Age by default', async (t) => {
  const obj = { apiVersion: 'x/v1', kind: 'W', metadata: { name: 'w', creationTimestamp: '2026-01-01T00:00:00Z' }, spec: { n: 3, s: 'a', o: { k: 1 }, b: 'no' } };
  const columns = new CustomResourceTableConvertor([
    { name: 'N', type: 'integer', jsonPath: '.spec.n' },
    { name: 'S', type: 'string', jsonPath: '.spec.s', priority: 1 },
    { name: 'O', type: 'string', jsonPath: '.spec.o' },
    { name: 'B', type: 'boolean', jsonPath: '.spec.b' },
    { name: 'Missing', type: 'number', jsonPath: '.spec.none' },
  ]);
  const table = await columns.convertToTable({}, { metadata: { resourceVersion: '5' }, items: [obj] });
  t.same(table.columnDefinitions.map((c) => [c.name, c.priority]), [['Name', 0], ['N', 0], ['S', 1], ['O', 0], ['B', 0], ['Missing', 0]]);
  t.same(table.rows[0]?.cells, ['w', 3, 'a', '{"k":1}', null, null]);
  t.equal(table.metadata?.resourceVersion, '5');
  const clock = () => Date.parse('2026-01-01T01:30:00Z');
  const age = await new CustomResourceTableConvertor([], clock).convertToTable({}, obj, { noHeaders: true });
  t.same(age.columnDefinitions, []);
  t.same(age.rows[0]?.cells, ['w', '90m'], 'a date cell is the age, as ConvertToHumanReadableDateType prints it');
  const dates = new CustomResourceTableConvertor(
    [
      { name: 'Empty', type: 'date', jsonPath: '.spec.empty' },
      { name: 'Bad', type: 'date', jsonPath: '.spec.bad' },
      { name: 'NotString', type: 'date', jsonPath: '.spec.n' },
      { name: 'Truncated', type: 'integer', jsonPath: '.spec.f' },
    ],
    clock,
  );
  const odd = await dates.convertToTable({}, { ...obj, spec: { empty: '', bad: 'yesterday', n: 3, f: 2.7 } });
  t.same(odd.rows[0]?.cells, ['w', '<unknown>', '<invalid>', null, 2]);
  const headers = await new CustomResourceTableConvertor([]).convertToTable({}, obj);
  t.same(headers.columnDefinitions.map((c) => [c.name, c.type]), [['Name', 'string'], ['Age', 'date']]);
});
