/**
 * autoscaling/v1 ↔ v2 HorizontalPodAutoscaler conversion (pkg/apis/autoscaling/v1 conversion.go) and the v1 view
 * of the v2 store: the CPU target, the round-trip annotations (metrics, current metrics, conditions, behavior with
 * Go field names), the 80% default, and a v1 client's create/get/update over v2 storage.
 */
import type { ApiObject, StandardStorage } from '@apiserver/registry';
import t from 'tap';
import { newHPAStorage } from '../../../src/registry/autoscaling/hpa/storage.js';
import { hpaFromV1, hpaToV1 } from '../../../src/registry/autoscaling/hpa/v1-conversion.js';
import { ctxIn, memoryGetter, mutated } from '../core/core-fixtures.js';
import { storeOf } from '../storage/storage-fixtures.js';

type Rec = Record<string, unknown>;
const ctx = ctxIn('default');
const ref = { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' };
const cpu = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } };
const pods = { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } };
const behavior = { scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }] }, scaleDown: { selectPolicy: 'Min', policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }] } };
const condition = { type: 'AbleToScale', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z', reason: 'ReadyForNewScale' };
const v2: ApiObject = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web', namespace: 'default', annotations: { team: 'a' } },
  spec: { scaleTargetRef: ref, minReplicas: 2, maxReplicas: 10, metrics: [pods, cpu], behavior },
  status: {
    currentReplicas: 3,
    desiredReplicas: 4,
    currentMetrics: [{ type: 'Pods', pods: { metric: { name: 'qps' }, current: { averageValue: '12' } } }, { type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 65, averageValue: '130m' } } }],
    conditions: [condition],
  },
};

t.test('v2 → v1: the CPU target in the spec, the rest in annotations', async (t) => {
  const v1 = hpaToV1(v2);
  t.same(v1.spec, { scaleTargetRef: ref, minReplicas: 2, maxReplicas: 10, targetCPUUtilizationPercentage: 70 });
  t.same(v1.status, { currentReplicas: 3, desiredReplicas: 4, currentCPUUtilizationPercentage: 65 });
  t.same(v1.metadata.annotations, {
    team: 'a',
    'autoscaling.alpha.kubernetes.io/metrics': '[{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"10"}}]',
    'autoscaling.alpha.kubernetes.io/current-metrics':
      '[{"type":"Pods","pods":{"metricName":"qps","currentAverageValue":"12"}},{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":65,"currentAverageValue":"130m"}}]',
    'autoscaling.alpha.kubernetes.io/behavior':
      '{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}]},"ScaleDown":{"StabilizationWindowSeconds":null,"SelectPolicy":"Min","Policies":[{"Type":"Percent","Value":50,"PeriodSeconds":60}]}}',
    'autoscaling.alpha.kubernetes.io/conditions': '[{"type":"AbleToScale","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z","reason":"ReadyForNewScale"}]',
  });
});

t.test('v1 → v2: annotations first, then the CPU target; status CPU appended as upstream', async (t) => {
  const back = hpaFromV1(hpaToV1(v2));
  t.same(back.metadata.annotations, { team: 'a' }, 'round-trip annotations dropped');
  t.same((back.spec as Rec).metrics, [pods, cpu]);
  t.same((back.spec as Rec).behavior, behavior);
  const status = back.status as Rec;
  t.same(status.conditions, [condition]);
  t.same(status.currentMetrics, [
    ...(v2.status as Rec).currentMetrics as Rec[],
    { type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 65 } } },
  ]);
  const bare = hpaFromV1({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'x' }, spec: { scaleTargetRef: ref, maxReplicas: 3 } });
  t.same((bare.spec as Rec).metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }], 'the 80% default');
  const junk = hpaFromV1({ ...hpaToV1(v2), metadata: { name: 'web', annotations: { 'autoscaling.alpha.kubernetes.io/metrics': '{nope' } } });
  t.same((junk.spec as Rec).metrics, [cpu], 'a malformed annotation is ignored');
});

t.test('a v1 client over the v2 store', async (t) => {
  const storage = newHPAStorage(memoryGetter(t));
  const v2Store = storeOf(storage.v2, 'horizontalpodautoscalers');
  const v1 = storage.v1.horizontalpodautoscalers as StandardStorage;
  const created = await v1.create(ctx, { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'default' }, spec: { scaleTargetRef: ref, maxReplicas: 5, targetCPUUtilizationPercentage: 50 } });
  t.same(created.spec, { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 50 });
  t.same(created.status, { currentReplicas: 0, desiredReplicas: 0 });
  t.equal(created.apiVersion, 'autoscaling/v1');
  const stored = await v2Store.get(ctx, 'web');
  t.same((stored.spec as Rec).metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }]);
  await v2Store.update(ctx, 'web', mutated((o) => Object.assign(o.spec as Rec, { metrics: [pods, cpu] })), undefined, undefined, false);
  const { object } = await v1.update(ctx, 'web', mutated((o) => Object.assign(o.spec as Rec, { maxReplicas: 7 })), undefined, undefined, false);
  t.equal((object.spec as Rec).maxReplicas, 7);
  t.same(((await v2Store.get(ctx, 'web')).spec as Rec).metrics, [pods, cpu], 'a v1 update keeps the v2-only metric');
  const list = await v1.list(ctx);
  t.equal(list.kind, 'HorizontalPodAutoscalerList');
  t.equal(list.items[0]?.apiVersion, 'autoscaling/v1');
  const table = await v1.convertToTable(ctx, object);
  t.equal(table.rows[0]?.cells[2], '<unknown>/10, cpu: <unknown>/70%');
});
