/**
 * core/v1 resourcequotas and limitranges through their Stores: resource names and quantities, scopes and scope
 * selectors, immutable scopes, quota status and printer; limit range item defaults, validation and printer.
 */
import { type ApiObject, StatusREST, Store } from '@apiserver/registry';
import t from 'tap';
import { newLimitRangeStorage } from '../../../../src/registry/core/limitrange/storage.js';
import { newResourceQuotaStorage } from '../../../../src/registry/core/resourcequota/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:02:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const quota = (name: string, spec: Rec): ApiObject => ({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name }, spec });
const limits = (name: string, items: Rec[]): ApiObject => ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name }, spec: { limits: items } });

t.test('quotas: validation, immutable scopes, status, printer', async (t) => {
  const map = newResourceQuotaStorage(memoryGetter(t), { now: () => NOW });
  const { resourcequotas: store, 'resourcequotas/status': status } = map;
  if (!(store instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  t.same(store.shortNames(), ['quota']);
  const cases: [string, Rec, string[]][] = [
    ['names', { hard: { widgets: '1', 'count/deployments.apps': '1.5', pods: '-1' } }, [
      'spec.hard[count/deployments.apps]: Invalid value: "1.5": must be an integer',
      'spec.hard[pods]: Invalid value: "-1": must be greater than or equal to 0',
      'spec.hard[widgets]: Invalid value: "widgets": must be a standard resource type or fully qualified',
      'spec.hard[widgets]: Invalid value: "widgets": must be a standard resource for quota',
    ]],
    ['scopes', { hard: { secrets: '1' }, scopes: ['BestEffort', 'NotBestEffort', 'Sometimes'] }, [
      'spec.scopes: Invalid value: ["BestEffort","NotBestEffort","Sometimes"]: unsupported scope applied to resource',
      'spec.scopes: Invalid value: ["BestEffort","NotBestEffort","Sometimes"]: unsupported scope applied to resource',
      'spec.scopes: Invalid value: ["BestEffort","NotBestEffort","Sometimes"]: unsupported scope',
      'spec.scopes: Invalid value: ["BestEffort","NotBestEffort","Sometimes"]: conflicting scopes',
    ]],
    ['selector', { hard: { pods: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'Terminating', operator: 'In', values: [] }] } }, [
      "spec.scopeSelector.matchExpressions.operator: Invalid value: \"In\": must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
      "spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector",
    ]],
  ];
  for (const [name, spec, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(ctx, quota(name, spec)))), want, name);

  const created = await store.create(ctx, { ...quota('q', { hard: { pods: '10', 'limits.cpu': '2', 'requests.memory': '1Gi' }, scopes: ['NotTerminating'] }), status: { hard: { pods: '1' } } });
  t.equal(created.status, undefined, 'status reset on create');
  const rescoped = await statusErrorOf(t, update(store, ctx, 'q', mutated((o) => void ((o.spec as Rec).scopes = ['Terminating']))));
  t.same(causesOf(rescoped), ['spec.scopes: Invalid value: ["Terminating"]: field is immutable']);
  const hard = { pods: '10', 'limits.cpu': '2', 'requests.memory': '1Gi' };
  const st = await status.update(ctx, 'q', mutated((o) => void (o.status = { hard, used: { pods: '3', 'limits.cpu': '500m' } })), undefined, undefined, false);
  t.match(st.object, { spec: { scopes: ['NotTerminating'] }, status: { used: { pods: '3' } } });
  st.object.metadata.creationTimestamp = '2026-01-01T00:00:00Z';
  const table = await store.convertToTable(ctx, st.object);
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Age', 'Request', 'Limit']);
  t.same(table.rows?.[0]?.cells, ['q', '2m', 'pods: 3/10, requests.memory: 0/1Gi', 'limits.cpu: 500m/2']);
  const badStatus = await statusErrorOf(t, status.update(ctx, 'q', mutated((o) => void (o.status = { used: { pods: '0.5' } })), undefined, undefined, false));
  t.same(causesOf(badStatus), ['status.used[pods]: Invalid value: "0.5": must be an integer']);
});

t.test('limit ranges: defaults, validation, printer', async (t) => {
  const store = newLimitRangeStorage(memoryGetter(t)).limitranges;
  if (!(store instanceof Store)) throw new TypeError('unexpected storage');
  t.same(store.shortNames(), ['limits']);
  const created = await store.create(ctx, limits('lr', [{ type: 'Container', max: { cpu: '2' }, min: { memory: '64Mi' }, default: { memory: '256Mi' } }, { type: 'Pod', max: { cpu: '4' } }]));
  t.same((created.spec as { limits: Rec[] }).limits, [
    { type: 'Container', max: { cpu: '2' }, min: { memory: '64Mi' }, default: { memory: '256Mi', cpu: '2' }, defaultRequest: { memory: '256Mi', cpu: '2' } },
    { type: 'Pod', max: { cpu: '4' } },
  ]);
  const cases: [string, Rec[], string[]][] = [
    ['types', [{ type: 'Node' }, { type: 'Pod', default: { cpu: '1' } }, { type: 'Pod' }], [
      'spec.limits[0].type: Invalid value: "Node": must be a standard limit type or fully qualified',
      'spec.limits[1].default: Forbidden: may not be specified when `type` is \'Pod\'',
      'spec.limits[2].type: Duplicate value: "Pod"',
    ]],
    // max defaults default and defaultRequest first, so their keys are checked too.
    ['names', [{ type: 'Container', max: { pods: '1' } }, { type: 'PersistentVolumeClaim' }], [
      'spec.limits[0].max[pods]: Invalid value: "pods": must be a standard resource for containers',
      'spec.limits[0].default[pods]: Invalid value: "pods": must be a standard resource for containers',
      'spec.limits[0].defaultRequest[pods]: Invalid value: "pods": must be a standard resource for containers',
      'spec.limits[1].limits: Required value: either minimum or maximum storage value is required, but neither was provided',
    ]],
    ['order', [{ type: 'Container', min: { cpu: '2' }, max: { cpu: '1' }, maxLimitRequestRatio: { cpu: '0.5' } }], [
      'spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1',
      'spec.limits[0].defaultRequest[cpu]: Invalid value: "1": min value 2 is greater than default request value 1',
      'spec.limits[0].default[cpu]: Invalid value: "2": min value 2 is greater than default value 1',
      'spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: "0.5": ratio 0.5 is less than 1',
    ]],
    ['ratio', [{ type: 'Pod', min: { memory: '1Gi' }, max: { memory: '2Gi' }, maxLimitRequestRatio: { memory: '3' } }], [
      'spec.limits[0].maxLimitRequestRatio[memory]: Invalid value: "3": ratio 3 is greater than max/min = 2.000000',
    ]],
  ];
  for (const [name, items, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(ctx, limits(name, items)))), want, name);
  const table = await store.convertToTable(ctx, { ...created, metadata: { ...created.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => [c.name, c.type]), [['Name', 'string'], ['Created At', 'date']]);
  t.same(table.rows?.[0]?.cells, ['lr', '2026-01-01T00:00:00Z']);
});
