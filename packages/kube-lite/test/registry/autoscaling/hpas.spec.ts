/**
 * autoscaling/v2 horizontalpodautoscalers through their Store and status: SetDefaults_HorizontalPodAutoscaler,
 * validation with upstream's paths and messages, status rules and the printer's TARGETS.
 */
import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { newHPAStorage } from '../../../src/registry/autoscaling/hpa/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';
import { NOW, statusOf, storeOf } from '../storage/storage-fixtures.js';

const ctx = ctxIn('default');
type Rec = Record<string, unknown>;
const ref = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const hpa = (name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name, namespace: 'default' },
  spec: { scaleTargetRef: ref, maxReplicas: 5, ...spec },
});
const specOf = (o: ApiObject): Rec => o.spec as Rec;

t.test('create: defaults, empty status, short name and category', async (t) => {
  const map = newHPAStorage(memoryGetter(t), { printer: { now: () => NOW } }).v2;
  const store = storeOf(map, 'horizontalpodautoscalers');
  t.same(store.shortNames(), ['hpa']);
  t.same(store.categories(), ['all']);
  const created = await store.create(ctx, { ...hpa('web'), status: { currentReplicas: 3, desiredReplicas: 3 } });
  t.same(specOf(created), {
    scaleTargetRef: ref,
    maxReplicas: 5,
    minReplicas: 1,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }],
  });
  t.same(created.status, { desiredReplicas: 0 });
  t.equal(created.metadata.generation, undefined);
  const withBehavior = await store.create(ctx, hpa('b', { behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } }));
  t.same(specOf(withBehavior).behavior, {
    scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
    scaleDown: { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }], stabilizationWindowSeconds: 60 },
  });
});

t.test('validation: replicas, target, metrics, behavior', async (t) => {
  const store = storeOf(newHPAStorage(memoryGetter(t)).v2, 'horizontalpodautoscalers');
  const cases: [string, Rec, string[]][] = [
    [
      'replicas',
      { minReplicas: 0, maxReplicas: 0, scaleTargetRef: { kind: '', name: 'a/b' } },
      [
        'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1',
        'spec.maxReplicas: Invalid value: 0: must be greater than 0',
        'spec.scaleTargetRef.kind: Required value',
        "spec.scaleTargetRef.name: Invalid value: \"a/b\": may not contain '/'",
        'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas',
      ],
    ],
    ['minmax', { minReplicas: 6 }, ['spec.maxReplicas: Invalid value: 5: must be greater than or equal to `minReplicas`']],
    [
      'metrics',
      {
        metrics: [
          { type: 'Pods', pods: { metric: { name: '' }, target: { type: 'Value', value: '-1' } } },
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 0, averageValue: '1' } }, pods: { metric: { name: 'x' }, target: { type: 'AverageValue', averageValue: '1' } } },
          { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '1', averageValue: '2' } } },
          { type: 'Object', object: { describedObject: { kind: 'Service', name: 'svc' }, metric: { name: 'rps' }, target: { type: 'Bogus' } } },
          { type: 'Nope' },
        ],
      },
      [
        'spec.metrics[0].pods.metric.name: Required value: must specify a metric name',
        'spec.metrics[0].pods.target.value: Invalid value: "-1": must be positive',
        'spec.metrics[0].pods.target.averageValue: Required value: must specify a positive target averageValue',
        'spec.metrics[1].pods: Forbidden: must populate the given metric source only',
        'spec.metrics[2].external.target.value: Forbidden: may not set both a target value for metric and a per-pod target',
        'spec.metrics[3].object.target.type: Invalid value: "Bogus": must be either Utilization, Value, or AverageValue',
        'spec.metrics[3].object.target.averageValue: Required value: must set either a target value or averageValue',
        'spec.metrics[4].type: Unsupported value: "Nope": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"',
        'spec.metrics[4].type: Unsupported value: "Nope": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"',
      ],
    ],
    [
      'behavior',
      {
        behavior: {
          scaleUp: { stabilizationWindowSeconds: 3601, selectPolicy: 'Most', policies: [] },
          scaleDown: { stabilizationWindowSeconds: -1, policies: [{ type: 'Nodes', value: 0, periodSeconds: 1801 }] },
        },
      },
      [
        'spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600',
        'spec.behavior.scaleUp.selectPolicy: Unsupported value: "Most": supported values: "Disabled", "Max", "Min"',
        'spec.behavior.scaleUp.policies: Required value: must specify at least one Policy',
        'spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: -1: must be greater than or equal to zero',
        'spec.behavior.scaleDown.policies[0].type: Unsupported value: "Nodes": supported values: "Percent", "Pods"',
        'spec.behavior.scaleDown.policies[0].value: Invalid value: 0: must be greater than zero',
        'spec.behavior.scaleDown.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800',
      ],
    ],
  ];
  for (const [name, spec, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(ctx, hpa(name, spec)))), want, name);
});

t.test('updates keep the status; /status only changes status, with non-negative counts', async (t) => {
  const map = newHPAStorage(memoryGetter(t), { printer: { now: () => NOW } }).v2;
  const store = storeOf(map, 'horizontalpodautoscalers');
  const status = statusOf(map, 'horizontalpodautoscalers');
  await store.create(ctx, hpa('web', { minReplicas: 2 }));
  const edited = await update(store, ctx, 'web', mutated((o) => Object.assign(o, { spec: { ...specOf(o), maxReplicas: 8 }, status: { currentReplicas: 9, desiredReplicas: 9 } })));
  t.equal(specOf(edited).maxReplicas, 8);
  t.same(edited.status, { desiredReplicas: 0 });
  const current = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 42, averageValue: '100m' } } }];
  const { object } = await status.update(ctx, 'web', mutated((o) => Object.assign(o, { spec: {}, status: { currentReplicas: 2, desiredReplicas: 3, currentMetrics: current } })), undefined, undefined, false);
  t.equal(specOf(object).maxReplicas, 8, 'status updates keep the spec');
  const bad = await statusErrorOf(t, status.update(ctx, 'web', mutated((o) => Object.assign(o, { status: { currentReplicas: -1, desiredReplicas: -2 } })), undefined, undefined, false));
  t.same(causesOf(bad), ['status.currentReplicas: Invalid value: -1: must be greater than or equal to 0', 'status.desiredReplicas: Invalid value: -2: must be greater than or equal to 0']);

  const table = await store.convertToTable(ctx, { ...object, metadata: { ...object.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Reference', 'Targets', 'MinPods', 'MaxPods', 'Replicas', 'Age']);
  t.same(table.rows[0]?.cells, ['web', 'Deployment/web', 'cpu: 42%/80%', '2', 8, 2, '60m']);
  const many = {
    ...object,
    spec: {
      ...specOf(object),
      metrics: [
        { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } },
        { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } } },
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '1Gi' } } },
      ],
    },
    status: { currentReplicas: 1, desiredReplicas: 1 },
  };
  t.equal((await store.convertToTable(ctx, many)).rows[0]?.cells[2], '<unknown>/10, <unknown>/30 (avg) + 1 more...');
});
