/**
 * node.k8s.io/v1 runtimeclasses through their Store: handler, overhead and scheduling validation with upstream's
 * field paths and messages, the immutable handler, create on PUT, and printer columns.
 */
import { type ApiObject, defaultUpdatedObjectInfo, Store } from '@apiserver/registry';
import t from 'tap';
import { newRuntimeClassStorage } from '../../../src/registry/node/runtimeclass/storage.js';
import { causesOf, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
type Rec = Record<string, unknown>;
const rc = (name: string, fields: Rec = {}): ApiObject => ({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name }, handler: 'runc', ...fields });

t.test('runtimeclasses', async (t) => {
  const { runtimeclasses: store } = newRuntimeClassStorage(memoryGetter(t), { now: () => NOW });
  if (!(store instanceof Store)) throw new TypeError('unexpected storage');
  t.notOk(store.namespaceScoped());
  const created = await store.create({}, rc('gvisor', { handler: 'runsc', overhead: { podFixed: { cpu: '250m', memory: '64Mi' } } }));
  t.equal(created.metadata.generation, undefined, 'no generation');
  const cases: [ApiObject, string[]][] = [
    [
      rc('bad', { handler: 'Run_C' }),
      [
        "handler: Invalid value: \"Run_C\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      ],
    ],
    [
      rc('overhead', { overhead: { podFixed: { cpu: '-1', gpu: '1', 'example.com/dev': '0.5', 'kubernetes.io/x': '1' } } }),
      [
        'overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0',
        'overhead.limits[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified',
        'overhead.limits[gpu]: Invalid value: "gpu": must be a standard resource for containers',
        'overhead.limits[example.com/dev]: Invalid value: "0.5": must be an integer',
      ],
    ],
    [
      rc('scheduling', {
        scheduling: {
          nodeSelector: { 'bad key!': 'v' },
          tolerations: [
            { operator: 'Equal', value: 'v' },
            { key: 'k', operator: 'Exists', value: 'v' },
            { key: 'k', operator: 'Within' },
            { key: 'k', effect: 'NoSchedule', tolerationSeconds: 5 },
            { key: 'k', effect: 'Sometimes' },
            { key: 'k', effect: 'Sometimes' },
          ],
        },
      }),
      [
        "scheduling.nodeSelector: Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        'scheduling.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
        'scheduling.tolerations[1].operator: Invalid value: {"key":"k","operator":"Exists","value":"v"}: value must be empty when `operator` is \'Exists\'',
        'scheduling.tolerations[2].operator: Unsupported value: "Within": supported values: "Equal", "Exists"',
        "scheduling.tolerations[3].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
        'scheduling.tolerations[4].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
        'scheduling.tolerations[5].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
        'scheduling.tolerations[5]: Duplicate value: {"key":"k","effect":"Sometimes"}',
      ],
    ],
  ];
  for (const [obj, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create({}, obj))), want, obj.metadata.name ?? '');
  const immutable = await statusErrorOf(t, update(store, {}, 'gvisor', mutated((o) => Object.assign(o, { handler: 'kata' }))));
  t.same(causesOf(immutable), ['handler: Invalid value: "kata": field is immutable']);
  const put = await store.update({}, 'kata', defaultUpdatedObjectInfo(rc('kata', { handler: 'kata' })), undefined, undefined, false);
  t.ok(put.created, 'PUT creates');
  const noRV = await statusErrorOf(t, store.update({}, 'kata', defaultUpdatedObjectInfo(rc('kata', { handler: 'kata', scheduling: {} })), undefined, undefined, false));
  t.equal(noRV.status.code, 422, 'updates need a resourceVersion');
  t.same(causesOf(noRV), ['metadata.resourceVersion: Invalid value: 0x0: must be specified for an update']);
  const aged = { ...created, metadata: { ...created.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable({}, aged);
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Handler', 'Age']);
  t.same(table.rows[0]?.cells, ['gvisor', 'runsc', '60m']);
});
