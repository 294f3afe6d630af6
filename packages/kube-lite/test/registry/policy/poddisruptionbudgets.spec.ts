/**
 * policy/v1 poddisruptionbudgets through their Store: validation with upstream's field paths and messages, the
 * zero status, generation, status validation and printer columns.
 */
import { type ApiObject, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newPodDisruptionBudgetStorage } from '../../../src/registry/policy/poddisruptionbudget/storage.js';
import { ensureRecord } from '../../../src/object-fields.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;
const selector = { matchLabels: { app: 'web' } };
const pdb = (name: string, spec: Rec): ApiObject => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec: { selector, ...spec } });
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');

function storageOf(t: Test): { store: Store; status: StatusREST } {
  const map = newPodDisruptionBudgetStorage(memoryGetter(t), { now: () => NOW });
  const { poddisruptionbudgets: store, 'poddisruptionbudgets/status': status } = map;
  if (!(store instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  return { store, status };
}

t.test('create, update, status, printer', async (t) => {
  const { store, status } = storageOf(t);
  t.same(store.shortNames(), ['pdb']);
  const created = await store.create(ctx, { ...pdb('web', { minAvailable: 2 }), status: { disruptionsAllowed: 5 } });
  t.same(created.status, { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
  t.equal(created.metadata.generation, 1);
  const changed = await update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { minAvailable: undefined, maxUnavailable: '25%' })));
  t.equal(changed.metadata.generation, 2, 'policy/v1 budgets may change');
  t.equal(specOf(changed).maxUnavailable, '25%');
  const newStatus = { disruptionsAllowed: 1, currentHealthy: 3, desiredHealthy: 2, expectedPods: 3, observedGeneration: 2 };
  const { object } = await status.update(ctx, 'web', mutated((o) => Object.assign(o, { status: newStatus, spec: {} })), undefined, undefined, false);
  t.same(object.status, newStatus);
  t.equal(specOf(object).maxUnavailable, '25%', 'status updates keep the spec');
  const bad = await statusErrorOf(
    t,
    status.update(
      ctx,
      'web',
      mutated((o) =>
        Object.assign(o, {
          status: {
            ...newStatus,
            disruptionsAllowed: -1,
            conditions: [
              { type: 'DisruptionAllowed', status: 'Maybe', reason: '1bad', lastTransitionTime: '2026-01-01T00:00:00Z' },
              { type: 'DisruptionAllowed', status: 'True', reason: '' },
            ],
          },
        }),
      ),
      undefined,
      undefined,
      false,
    ),
  );
  t.same(causesOf(bad), [
    'status.conditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
    "status.conditions[0].reason: Invalid value: \"1bad\": a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')",
    'status.conditions[1].type: Duplicate value: "DisruptionAllowed"',
    'status.conditions[1].lastTransitionTime: Required value: must be set',
    'status.conditions[1].reason: Required value: must be set',
    'status.disruptionsAllowed: Invalid value: -1: must be greater than or equal to 0',
  ]);
  const aged = { ...object, metadata: { ...object.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable(ctx, aged);
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.type]),
    [
      ['Name', 'string'],
      ['Min Available', 'string'],
      ['Max Unavailable', 'string'],
      ['Allowed Disruptions', 'integer'],
      ['Age', 'string'],
    ],
  );
  t.same(table.rows[0]?.cells, ['web', 'N/A', '25%', 1, '60m']);
  t.same((await store.convertToTable(ctx, { ...aged, spec: { minAvailable: 0 }, status: {} })).rows[0]?.cells, ['web', '0', 'N/A', 0, '60m']);
});

t.test('validation', async (t) => {
  const { store } = storageOf(t);
  const cases: [string, Rec, string[]][] = [
    ['both', { minAvailable: 1, maxUnavailable: 1 }, [`spec: Invalid value: ${JSON.stringify({ selector, minAvailable: 1, maxUnavailable: 1 })}: minAvailable and maxUnavailable cannot be both set`]],
    ['negative', { minAvailable: -1 }, ['spec.minAvailable: Invalid value: -1: must be greater than or equal to 0']],
    [
      'percent',
      { maxUnavailable: 'half' },
      ["spec.maxUnavailable: Invalid value: \"half\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"],
    ],
    ['over', { minAvailable: '101%' }, ['spec.minAvailable: Invalid value: "101%": must not be greater than 100%']],
    ['policy', { minAvailable: 1, unhealthyPodEvictionPolicy: 'Never' }, ['spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"']],
    ['selector', { minAvailable: 1, selector: { matchExpressions: [{ key: 'a', operator: 'In' }] } }, ["spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"]],
  ];
  for (const [name, spec, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(ctx, pdb(name, spec)))), want, name);
  t.ok(await store.create(ctx, pdb('Not_A_DNS_Name', { minAvailable: 1 })), 'names are not DNS-checked, as upstream');
  const slash = await statusErrorOf(t, store.create(ctx, pdb('a/b', { minAvailable: 1 })));
  t.match(causesOf(slash), [/^metadata\.name: Invalid value: "a\/b": may not contain '\/'/]);
  const ok = await store.create(ctx, pdb('ok', { maxUnavailable: 0, unhealthyPodEvictionPolicy: 'AlwaysAllow' }));
  t.equal(specOf(ok).unhealthyPodEvictionPolicy, 'AlwaysAllow');
  const both = await statusErrorOf(t, update(store, ctx, 'ok', mutated((o) => Object.assign(specOf(o), { minAvailable: '100%' }))));
  t.match(causesOf(both), [/cannot be both set$/]);
});
